-- Forbidden Zone (Hunt card, Phase 2): every Hunted discards 1 Place card of their
-- choice from hand (those with an empty hand are skipped).
return hunt_card {
  effect = function(ctx)
    for _, s in ipairs(hunted_seats()) do
      local c = choose_one(s, zone.cards(hand(s)), "Forbidden Zone: discard a Place card", "discard")
      if c then
        to_discard(s, c)
        say("Forbidden Zone: %s discards a Place card", seat_name(s))
      end
    end
  end,
}
