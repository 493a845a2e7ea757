-- Virus (Hunt card, Phase 2, Artemia symbol): the Artemia token goes across 2 adjacent
-- places and hits the Hunted on both. An Artemia token already placed (from the track)
-- is lifted and placed again across a pair [BGA-impl].
return hunt_card {
  effect = function(ctx)
    game.add("virus", 1, "turn")
    if game.get("_tokens_placed") and #tokens("artemia") > 0 then
      set_token("artemia", choose_pair(CREATURE, "Virus: place the Artemia token across two adjacent places"))
    end
  end,
}
