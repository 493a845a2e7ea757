-- Guild Charter: At the end: 1 point for each of your buildings (this one included).
return {
  score = function(ctx) return zone.count(buildings(ctx.seat)) end,
}
