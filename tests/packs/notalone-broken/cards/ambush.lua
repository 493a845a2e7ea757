-- Ambush (Hunt card): data.phase is 5 in cards.json, which no window offers.
return hunt_card {
  effect = function(ctx)
    for _, s in ipairs(hunted_seats()) do
      if zone.count(hand(s)) <= 2 then lose_will(s, 1, "Ambush") end
    end
  end,
}
