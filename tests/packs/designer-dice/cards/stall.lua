-- Market Stall: Cost 2, 1 VP. When you roll 3 or 4, gain 2 coins.
return {
  enter = function(ctx)
    effect.on("rolled", "produce", { card = ctx.card, ["until"] = "in_play" })
  end,
  produce = function(ctx)
    local e = ctx.event
    if e.a == ctx.seat and (e.b == 3 or e.b == 4) then seat.add(ctx.seat, "coins", 2) end
  end,
}
