-- Overclock: Costs 1 more card. Take 2 more actions this turn.
return {
  usable = function(ctx) return true end,
  play = function(ctx) seat.add(ctx.seat, "extra_actions", 2, "turn") end,
}
