-- Granary: Your workers eat 1 food less each round. 2 points.
return {
  appetite = function(ctx) return -1 end,
}
