-- Tracking (Hunt card, Phase 4): next turn the Creature may play up to 2 Hunt cards.
return hunt_card {
  effect = function(ctx)
    game.set("tracking", true, "turn")
    say("Tracking: the Creature may play 2 Hunt cards next turn")
  end,
}
