-- Outbid: Cost 1. Goes to your hand. Play it when another player buys a card: pay its price plus 1; you get the card instead and they get their coins back.
return {
  can_play = function(ctx)
    local b, price = game.get("buyer"), game.get("price")
    if not b or card.zone(ctx.card) ~= hand(ctx.seat) then return false end
    if b == ctx.seat then return false, "you are buying it already" end
    if coins(ctx.seat) < price + 1 then
      return false, "you need " .. (price + 1) .. " coins to outbid"
    end
    return true
  end,
  play = function(ctx)
    card.move(ctx.card, discard(ctx.seat))
    local b, price = game.get("buyer"), game.get("price")
    seat.add(b, "coins", price)                 -- the old buyer gets their coins back
    seat.add(ctx.seat, "coins", -(price + 1))
    game.set("buyer", ctx.seat)
    game.set("price", price + 1)
    game.log("seat " .. ctx.seat .. " outbids seat " .. b .. " at " .. (price + 1))
  end,
}
