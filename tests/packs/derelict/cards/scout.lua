-- Scout: Light feet: your first move each round costs no card.
return {
  move_cost = function(ctx)
    if seat.get(ctx.seat, "free_move") then return 1 end
    return 0
  end,
}
