-- Wizard: Move 4, combat 1. Levitate: crosses a pit in a straight line (2 cells, 2 action
-- points); it never stops on one.
return {
  flies = function(ctx) return true end,
}
