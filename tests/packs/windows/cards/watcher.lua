-- Watcher / Echo: while in play, whenever a spell resolves, append 100 + its number
-- (Watcher) or 200 + its number (Echo) to "order". `arm` registers the effect.
return {
  arm = function(ctx)
    effect.on("resolved", "noted", { card = ctx.card, ["until"] = ctx.params and ctx.params[1] == 1 and "turn" or "in_play" })
  end,
  noted = function(ctx)
    local base = card.is(ctx.card, "watcher") and 100 or 200
    local order = game.get("order")
    order[#order + 1] = base + ctx.event.a
    game.set("order", order)
  end,
}
