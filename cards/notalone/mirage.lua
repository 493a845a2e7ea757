-- Mirage (Hunt card, Phase 2, Target symbol): the Target token goes across 2 adjacent
-- places; both have no power this turn. A Target token already placed is lifted and
-- placed again across a pair [BGA-impl]: after the tokens, or before them when Force
-- Field laid it in Phase 1 (then at once, before the Creature token).
return hunt_card {
  effect = function(ctx)
    game.add("mirage", 1, "turn")
    if #tokens("target") > 0 then
      set_token("target", choose_pair(CREATURE, "Mirage: place the Target token across two adjacent places"))
    end
  end,
}
