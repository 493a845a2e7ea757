-- Shoot: Fight an intruder in your room with +2.
return {
  usable = function(ctx)
    if zone.count(room_zone(room_of(ctx.seat))) == 0 then return false, "no intruder in your room" end
    return true
  end,
  play = function(ctx)
    local s = ctx.seat
    local i = decide.choose(s, zone.cards(room_zone(room_of(s))), { prompt = "Shoot: which intruder?", tag = "target" })
    fight(s, i, 2)
  end,
}
