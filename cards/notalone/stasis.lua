-- Stasis (Hunt card, Phase 4): the Rescue counter does not advance at the end of this
-- turn.
return hunt_card {
  effect = function(ctx)
    game.set("stasis", true, "turn")
    say("Stasis: the Rescue counter will not advance this turn")
  end,
}
