-- Clerk: while in play, whenever a cost is paid (the event "paid", a = the number of the
-- card paid with), append 300 + that number to "order". `arm` registers the effect.
return {
  arm = function(ctx)
    effect.on("paid", "noted", { card = ctx.card })
  end,
  noted = function(ctx)
    local order = game.get("order")
    order[#order + 1] = 300 + ctx.event.a
    game.set("order", order)
  end,
}
