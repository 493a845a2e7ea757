-- Forbidden Zone (Hunt card, Phase 2): every Hunted discards 1 Place card of their
-- choice from hand (those with an empty hand are skipped). They choose "at the same
-- time": every Hunted answers before any card is discarded.
return hunt_card {
  effect = function(ctx)
    local seats, picks = hunted_seats(), {}
    for i, s in ipairs(seats) do
      picks[i] = choose_one(s, zone.cards(hand(s)), "Forbidden Zone: discard a Place card", "discard")
    end
    for i, s in ipairs(seats) do
      if picks[i] then
        say("Forbidden Zone: %s discards a Place card", seat_name(s))
        to_discard(s, picks[i])
      end
    end
  end,
}
