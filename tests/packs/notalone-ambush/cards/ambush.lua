-- Ambush (Hunt card, Phase 2, Artemia symbol): each Hunted holding 2 Place cards or
-- fewer loses 1 Will. The symbol (data.symbol) gives the Creature the Artemia token;
-- hunt_card does that, the allowance and the bookkeeping.
return hunt_card {
  effect = function(ctx)
    for _, s in ipairs(hunted_seats()) do
      if zone.count(hand(s)) <= 2 then lose_will(s, 1, "Ambush") end
    end
  end,
}
