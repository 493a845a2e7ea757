-- Lair (Artemia Lite place 1): take every discarded place back to hand.
return {
  power = function(ctx)
    local h = hand(ctx.seat)
    for _, c in ipairs(zone.cards(discard(ctx.seat))) do card.move(c, h) end
  end,
}
