-- Guild Hall: Cost 3, 1 VP. When another player buys a card, gain 1 coin.
return {
  enter = function(ctx)
    effect.on("bought", "dues", { card = ctx.card, ["until"] = "in_play" })
  end,
  dues = function(ctx)
    if ctx.event.a ~= ctx.seat then seat.add(ctx.seat, "coins", 1) end
  end,
}
