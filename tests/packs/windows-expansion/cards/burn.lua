-- Burn (test expansion): resolving records 5, and schedules its damage for when the
-- window it was played in closes (nested-window timing: damage waits).
return {
  can_play = function(ctx) return card.zone(ctx.card) == zone.get("hand", ctx.seat) end,
  play = function(ctx)
    local order = game.get("order")
    order[#order + 1] = 5
    game.set("order", order)
    card.move(ctx.card, zone.get("graveyard", ctx.seat))
    game.schedule("damage", { defer = true })
  end,
  damage = function(ctx)
    local order = game.get("order")
    order[#order + 1] = game.option("burn_damage")
    game.set("order", order)
  end,
}
