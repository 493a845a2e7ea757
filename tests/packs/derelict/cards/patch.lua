-- Patch Up: Heal 1 wound.
return {
  usable = function(ctx)
    if (seat.get(ctx.seat, "wounds") or 0) == 0 then return false, "you have no wound" end
    return true
  end,
  play = function(ctx) seat.add(ctx.seat, "wounds", -1) end,
}
