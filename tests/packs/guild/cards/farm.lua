-- Farm: Each round: gain 1 food. 1 point.
return {
  income = function(ctx) gain(ctx.seat, { food = 1 }, "the Farm") end,
}
