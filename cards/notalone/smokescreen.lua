-- Smokescreen (Survival card, Phase 1): until the end of the turn every Hunted's
-- discard pile is hidden from the Creature: the cards lie face down (seen by their
-- owner only) and are turned up again at the end of Phase 4 (rules.lua).
return survival_card {
  effect = function(ctx)
    game.set("smokescreen", true, "turn")
    for _, s in ipairs(hunted_seats()) do
      for _, c in ipairs(zone.cards(discard(s))) do card.flip(c, "down") end
    end
    say("Smokescreen: the discard piles are hidden until the end of the turn")
  end,
}
