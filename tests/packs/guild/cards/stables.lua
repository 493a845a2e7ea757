-- Stables: Each round: gain 1 food. 2 points.
return {
  income = function(ctx) gain(ctx.seat, { food = 1 }, "the Stables") end,
}
