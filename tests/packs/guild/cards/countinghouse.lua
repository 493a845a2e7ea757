-- Counting House: At the end: 1 point for every 2 gold you hold. 1 point.
return {
  score = function(ctx) return supply.count("goods", ctx.seat, "gold") // 2 end,
}
