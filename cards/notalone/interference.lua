-- Interference (Hunt card, Phase 2): the Beach and the Wreck have no power this turn
-- (neither power nor take-back there; copies per option copy_ignores_ineffective).
return hunt_card {
  effect = function(ctx)
    game.set("interference", true, "turn")
    say("Interference: the Beach and the Wreck have no power this turn")
  end,
}
