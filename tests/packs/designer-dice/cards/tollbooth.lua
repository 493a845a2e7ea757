-- Tollbooth: Cost 3, 1 VP. When another player rolls a 6, they pay you 1 coin (if they have one).
return {
  enter = function(ctx)
    effect.on("rolled", "toll", { card = ctx.card, ["until"] = "in_play" })
  end,
  toll = function(ctx)
    local e = ctx.event
    if e.a ~= ctx.seat and e.b == 6 then pay(e.a, ctx.seat, 1) end
  end,
}
