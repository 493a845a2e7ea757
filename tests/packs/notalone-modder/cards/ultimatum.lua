-- Ultimatum (Hunt card, Phase 3): the Creature chooses a Hunted; that Hunted discards 2
-- Place cards from hand or loses 1 Will, as it chooses (with fewer than 2 cards in hand:
-- the Will).
return hunt_card {
  effect = function(ctx)
    local seats = {}
    for _, s in ipairs(hunted_seats()) do seats[#seats + 1] = { label = seat_name(s), seat = s } end
    local t = choose_one(CREATURE, seats, "Ultimatum: which Hunted?", "target").seat
    local cards = zone.cards(hand(t))
    local pick = "lose 1 Will"
    if #cards >= 2 then
      pick = decide.choose(t, { "discard 2 Place cards", "lose 1 Will" },
        { prompt = "Ultimatum: discard 2 Place cards or lose 1 Will?", tag = "ultimatum" })
    end
    if pick == "lose 1 Will" then
      lose_will(t, 1, "Ultimatum")
      return
    end
    local picked = decide.choose(t, cards, { prompt = "Ultimatum: discard which 2 cards?", min = 2, max = 2, tag = "discard" })
    say("Ultimatum: %s discards 2 Place cards", seat_name(t))
    for _, c in ipairs(picked) do to_discard(t, c) end
  end,
}
