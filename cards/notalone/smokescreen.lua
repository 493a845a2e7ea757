-- Smokescreen (Survival card, Phase 1): until the end of the turn every Hunted's
-- discard pile is hidden from the Creature (the other Hunted still see it); the end of
-- Phase 4 (rules.lua) lifts it.
return survival_card {
  effect = function(ctx)
    game.set("smokescreen", true, "turn")
    for _, s in ipairs(hunted_seats()) do
      zone.set_visibility(discard(s), nil, seat.with_role("creature"))
    end
    say("Smokescreen: the discard piles are hidden from the Creature until the end of the turn")
  end,
}
