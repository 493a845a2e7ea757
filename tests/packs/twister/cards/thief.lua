-- Thief: Move 4, combat 1. Picklock: for 1 action point, opens a locked door on a side of
-- its cell, for good.
return {
  opens_doors = function(ctx) return true end,
}
