-- Fierceness (Hunt card, Phase 2): each Hunted caught by the Creature token this turn
-- loses 1 more Will (once per Hunted; Step 6).
return hunt_card {
  effect = function(ctx)
    game.add("fierceness", 1, "turn")
    say("Fierceness: a catch costs 1 more Will this turn")
  end,
}
