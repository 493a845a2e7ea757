-- Toxin (Hunt card, Phase 2, Target symbol): each Hunted on the Target place discards 1
-- Survival card of their choice; the place has no power this turn (no take-back).
return hunt_card {
  effect = function(ctx)
    game.add("toxin", 1, "turn")
  end,
  on_target = function(ctx)
    local s = ctx.seat
    local c = choose_one(s, zone.cards(shand(s)), "Toxin: discard a Survival card", "discard")
    if c then
      discard_survival(c)
      say("Toxin: %s discards a Survival card", seat_name(s))
    end
  end,
}
