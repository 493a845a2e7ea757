-- Mint: Each round: gain 1 gold. 2 points.
return {
  income = function(ctx) gain(ctx.seat, { gold = 1 }, "the Mint") end,
}
