-- Mine: Cost 4, 1 VP. When you roll 5 or 6, gain 3 coins.
return {
  enter = function(ctx)
    effect.on("rolled", "produce", { card = ctx.card, ["until"] = "in_play" })
  end,
  produce = function(ctx)
    local e = ctx.event
    if e.a == ctx.seat and e.b >= 5 then seat.add(ctx.seat, "coins", 3) end
  end,
}
