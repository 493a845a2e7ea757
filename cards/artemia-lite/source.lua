-- Source (Artemia Lite place 9): Will +1 (max 3).
return {
  power = function(ctx)
    seat.set(ctx.seat, "will", math.min(3, seat.get(ctx.seat, "will") + 1))
  end,
}
