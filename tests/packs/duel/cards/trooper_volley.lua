-- Trooper Volley: Lost Interrupt. Cost 1. Weapons segment, if you have a character in
-- the battle: target a Light Side character in the battle; it is power -2 until end of turn.
return interrupt {
  segment = "weapons",
  allowed = function(ctx)
    local n = battle_site()
    if #chars_at(ctx.seat, n) == 0 then return false, "you have no character in the battle" end
    if #chars_at(other(ctx.seat), n) == 0 then return false, "there is no character to target" end
    return true
  end,
  resolve = function(ctx)
    local targets = chars_at(other(ctx.seat), battle_site())
    if #targets == 0 then return end
    local t = decide.choose(ctx.seat, targets, { prompt = "Trooper Volley: target a character", tag = "target" })
    card.add(t, "power_mod", -2, "turn")
    game.log("Trooper Volley hits " .. card.name(t) .. ": power -2 until end of turn")
  end,
}
