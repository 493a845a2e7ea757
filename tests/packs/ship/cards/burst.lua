-- Burst Fire: Spend 1 ammo: deal 2 damage to an intruder in your room.
return {
  usable = function(ctx)
    if #intruders_in(room_of(ctx.seat)) == 0 then return false, "no intruder in your room" end
    if supply.count("gear", ctx.seat, "ammo") == 0 then return false, "you have no ammo" end
    return true
  end,
  play = function(ctx)
    local s = ctx.seat
    local c = decide.choose(s, intruders_in(room_of(s)), { prompt = "Burst Fire: which intruder?",
                                                           tag = "target", auto = true })
    supply.give("gear", s, { ammo = 1 })
    hit(s, c, 2)
  end,
}
