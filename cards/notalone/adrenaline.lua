-- Adrenaline (Survival card, Phase 1): get 1 Will back (never above 3).
-- [BGA-impl] not playable at 3 Will.
return survival_card {
  usable = function(ctx)
    return seat.get(ctx.seat, "will") < 3 or not opt("strict_playability"), "you have 3 Will, the most there is"
  end,
  effect = function(ctx) gain_will(ctx.seat, 1, "Adrenaline") end,
}
