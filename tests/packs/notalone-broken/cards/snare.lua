-- Snare (Hunt card, Phase 2): play_in ["end"] in cards.json, not ["hunting"].
return hunt_card {
  effect = function(ctx)
    for _, s in ipairs(hunted_seats()) do lose_will(s, 1, "Snare") end
  end,
}
