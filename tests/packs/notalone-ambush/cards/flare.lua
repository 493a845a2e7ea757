-- Flare (Survival card, Phase 4): playable only with 3 Will; the Rescue counter
-- advances 1. survival_card checks the phase, the Survival allowance and Despair.
return survival_card {
  usable = function(ctx) return seat.get(ctx.seat, "will") == 3 end,
  effect = function(ctx)
    say("Flare: %s lights a flare", seat_name(ctx.seat))
    move_rescue(1, "Flare")
  end,
}
