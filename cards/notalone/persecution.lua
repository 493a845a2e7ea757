-- Persecution (Hunt card, Phase 2): a place power used this turn brings back at most 1
-- Place card (Lair, Jungle, Swamp; the plain take-back is unchanged).
return hunt_card {
  effect = function(ctx)
    game.add("persecution", 1, "turn")
    say("Persecution: place powers bring back at most 1 card this turn")
  end,
}
