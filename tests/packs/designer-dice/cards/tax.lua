-- Tax Collector: Cost 1. Goes to your hand. Play it when another player buys a card: they pay you 2 coins (as many as they have).
return {
  can_play = function(ctx)
    local b = game.get("buyer")
    if not b or card.zone(ctx.card) ~= hand(ctx.seat) then return false end
    if b == ctx.seat then return false, "you cannot tax your own purchase" end
    return true
  end,
  play = function(ctx)
    card.move(ctx.card, discard(ctx.seat))
    local b = game.get("buyer")
    local paid = pay(b, ctx.seat, 2)
    game.log("seat " .. b .. " pays seat " .. ctx.seat .. " " .. paid .. " in tax")
  end,
}
