-- Mutation (Hunt card, Phase 2, Artemia symbol): the Artemia token also costs each
-- Hunted it hits 1 Will, per place hit (Step 5).
return hunt_card {
  effect = function(ctx)
    game.add("mutation", 1, "turn")
    say("Mutation: the Artemia token also costs 1 Will")
  end,
}
