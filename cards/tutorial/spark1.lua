-- Spark I: Gain 1 point.
return {
  play = function(ctx)
    seat.add(ctx.seat, "points", 1)
  end,
}
