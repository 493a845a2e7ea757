-- Toxin (Hunt card, Phase 2, Target symbol): each Hunted on the Target place discards 1
-- Survival card of their choice (every Hunted hit chooses before any discard is made:
-- digest 2.3, simultaneously); the place has no power this turn (no take-back).
return hunt_card {
  effect = function(ctx)
    game.add("toxin", 1, "turn")
  end,
  target_choose = function(ctx)
    local s = ctx.seat
    local c = choose_one(s, without(zone.cards(shand(s)), ctx.held), "Toxin: discard a Survival card", "discard")
    if c then ctx.held[c] = true end
    return { card = c }
  end,
  target_apply = function(ctx)
    local c = ctx.plan.card
    if c then
      say("Toxin: %s discards a Survival card", seat_name(ctx.seat))
      discard_survival(c)
    end
  end,
}
