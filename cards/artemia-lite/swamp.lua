-- Swamp (Artemia Lite place 6): take back up to 2 discarded places (as many as there
-- are, at most 2; the Swamp itself may be one).
return {
  power = function(ctx)
    local s = ctx.seat
    local cards = zone.cards(discard(s))
    local k = math.min(2, #cards)
    if k == 0 then return end
    local picked = decide.choose(s, cards, { prompt = "take back places", min = k, max = k })
    for _, c in ipairs(picked) do take_back(s, c) end
  end,
}
