-- Sawmill: Whenever one of your workers gathers wood on an action space, gain 1 more wood. 1 point.
return {
  gathered = function(ctx)
    if ctx.wood > 0 then gain(ctx.seat, { wood = 1 }, "the Sawmill") end
  end,
}
