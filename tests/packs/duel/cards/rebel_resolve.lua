-- Rebel Resolve: Effect. Deploy 1 on a site. Whenever a battle begins at this site,
-- your characters here are power +1 until end of turn.
return effect_card {
  listens = { battle_begins = "rally" },
  rally = function(ctx)
    local n = card.get(ctx.card, "at")
    if ctx.event.a ~= n then return end
    game.log(card.name(ctx.card) .. ": the " .. side_of(ctx.seat) .. "'s characters here are power +1 until end of turn")
    for _, c in ipairs(chars_at(ctx.seat, n)) do card.add(c, "power_mod", 1, "turn") end
  end,
}
