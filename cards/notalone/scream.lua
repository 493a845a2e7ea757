-- Scream (Hunt card, Phase 2, Target symbol): each Hunted on the Target place discards
-- 2 Place cards or loses 1 Will (with fewer than 2 cards: the Will). They still resolve
-- the place afterwards (Step 4).
return hunt_card {
  on_target = function(ctx)
    local s = ctx.seat
    local pick = "lose 1 Will"
    if zone.count(hand(s)) >= 2 then
      pick = decide.choose(s, { "discard 2 cards", "lose 1 Will" },
        { prompt = "Scream: discard 2 Place cards or lose 1 Will?", tag = "scream" })
    end
    if pick == "lose 1 Will" then
      lose_will(s, 1, "Scream")
      return
    end
    local cards = decide.choose(s, zone.cards(hand(s)),
      { prompt = "Scream: discard which 2 cards?", min = 2, max = 2, tag = "discard" })
    for _, c in ipairs(cards) do to_discard(s, c) end
    say("Scream: %s discards 2 Place cards", seat_name(s))
  end,
}
