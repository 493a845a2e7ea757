-- Retaliation (Hunt card, Phase 4): playable only if a Hunted played a Survival card
-- this turn; each Hunted who did loses 1 Will.
local function players_of_survival()
  local out = {}
  for _, s in ipairs(hunted_seats()) do
    if seat.get(s, "survival_played") then out[#out + 1] = s end
  end
  return out
end

return hunt_card {
  usable = function(ctx)
    return #players_of_survival() > 0, "no Hunted has played a Survival card this turn"
  end,
  effect = function(ctx)
    for _, s in ipairs(players_of_survival()) do lose_will(s, 1, "Retaliation") end
  end,
}
