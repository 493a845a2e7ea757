-- Hide: Your room makes no noise roll this round.
return {
  usable = function(ctx)
    if seat.get(ctx.seat, "hidden") then return false, "you are hiding already" end
    return true
  end,
  play = function(ctx) seat.set(ctx.seat, "hidden", true, "turn") end,
}
