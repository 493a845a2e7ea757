-- River (Artemia Lite place 3): take back 1 discarded place other than the River.
return {
  power = function(ctx)
    local c = pick_discarded(ctx.seat, "river")
    if c then take_back(ctx.seat, c) end
  end,
}
