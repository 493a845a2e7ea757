-- Clone (Hunt card, Phase 2, Target symbol): this turn the Target token acts as a
-- second Creature token (Step 6; Assimilation still +1 once for all catches).
return hunt_card {
  effect = function(ctx)
    game.add("clone", 1, "turn")
    say("Clone: the Target token acts as a second Creature token")
  end,
}
