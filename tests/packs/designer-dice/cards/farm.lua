-- Farm: Cost 1. When any player rolls 1 or 2, gain 1 coin.
return {
  enter = function(ctx)
    effect.on("rolled", "produce", { card = ctx.card, ["until"] = "in_play" })
  end,
  produce = function(ctx)
    if ctx.event.b <= 2 then seat.add(ctx.seat, "coins", 1) end
  end,
}
