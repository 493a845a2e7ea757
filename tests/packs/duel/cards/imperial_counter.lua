-- Imperial Counter: Lost Interrupt. Cost 1. Cancel the Light Side Interrupt just played.
return interrupt {
  segment = "any",
  allowed = function(ctx)
    local top = zone.at(z("stack"))
    if not top or card.controller(top) == ctx.seat or card.get(top, "cancelled") then
      return false, "no opponent's Interrupt was just played"
    end
    return true
  end,
  resolve = function(ctx)
    local target = answered(ctx.card)
    if not target or card.controller(target) == ctx.seat then return end
    card.set(target, "cancelled", true, "battle")
    game.log(card.name(ctx.card) .. " cancels " .. card.name(target))
  end,
}
