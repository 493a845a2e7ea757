-- Rover (Artemia Lite place 5): add to hand 1 place among 6..10 held in neither hand
-- nor discard.
return {
  power = function(ctx)
    local s = ctx.seat
    local options = {}
    for i = 6, 10 do
      local id = PLACES[i]
      if #zone.search(hand(s), id) == 0 and #zone.search(discard(s), id) == 0 then
        options[#options + 1] = id
      end
    end
    if #options == 0 then return end
    local id = decide.choose(s, options, { prompt = "take a new place" })
    card.new(id, hand(s), s)
  end,
}
