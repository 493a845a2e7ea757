-- Jungle (Artemia Lite place 2): take the Jungle back, then 1 other discarded place.
return {
  power = function(ctx)
    take_back(ctx.seat, ctx.card)
    local c = pick_discarded(ctx.seat)
    if c then take_back(ctx.seat, c) end
  end,
}
