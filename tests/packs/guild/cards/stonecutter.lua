-- Stonecutter: Each round: gain 1 stone. 1 point.
return {
  income = function(ctx) gain(ctx.seat, { stone = 1 }, "the Stonecutter") end,
}
