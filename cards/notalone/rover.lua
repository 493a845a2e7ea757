-- The Rover (place 5): take from the reserve into your hand a place (6 to 10) you do
-- not own (in hand, discard or play). Nothing happens when none is left.
return place_card {
  number = 5,
  power = function(ctx)
    local s = ctx.seat
    local opts, copy = {}, {}
    local reserve, mine = gzone("reserve"), { hand(s), discard(s), played(s) }
    for p = 6, 10 do
      local left = zone.search(reserve, PLACE_IDS[p])
      if #left > 0 and not owns_place(s, p, mine) then
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
    say("%s takes the %s from the reserve", seat_name(s), pick)
  end,
}
