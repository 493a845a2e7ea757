-- Artefact (Artemia Lite place 10): Rescue +1, then take back 1 discarded place (the
-- Artefact may be it).
return {
  power = function(ctx)
    game.add("rescue", 1)
    local c = pick_discarded(ctx.seat)
    if c then take_back(ctx.seat, c) end
  end,
}
