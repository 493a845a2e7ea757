-- Goblin: Move 4, combat 1. Sneak out: leaving the labyrinth scores 2 victory points
-- instead of 1.
return {
  exit_points = function(ctx) return 2 end,
}
