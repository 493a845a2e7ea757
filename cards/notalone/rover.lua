-- The Rover (place 5): take from the reserve into your hand a place (6 to 10) you do
-- not own (in hand, discard or play). Nothing happens when none is left.
return place_card {
  number = 5,
  power = function(ctx)
    local s = ctx.seat
    local opts, copy = {}, {}
    -- the place ids the seat owns (in hand, discard or play)
    local owned = {}
    for _, z in ipairs({ hand(s), discard(s), played(s) }) do
      for _, c in ipairs(zone.cards(z)) do owned[card.id(c)] = true end
    end
    local reserve = gzone("reserve")
    for p = 6, 10 do
      local left = not owned[PLACE_IDS[p]] and zone.search(reserve, PLACE_IDS[p])
      if left and #left > 0 then
        opts[#opts + 1] = place_name(p)
        copy[place_name(p)] = left[1]
      end
    end
    local pick = choose_one(s, opts, "Rover: take which place from the reserve?", "rover")
    if not pick then
      say("%s finds nothing left to take (Rover)", seat_name(s))
      return
    end
    -- the reserve copy becomes the seat's own card (ownership decides who sees it face down)
    card.destroy(copy[pick])
    card.new(PLACE_IDS[PLACE_BY_NAME[pick]], hand(s), s)
    game.log(seat_name(s) .. " takes the " .. pick .. " from the reserve")
  end,
}
