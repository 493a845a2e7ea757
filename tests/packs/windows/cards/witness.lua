-- Witness: `arm` listens to cancel events; each one it hears appends
-- " <card>/<seat>/<by>/<trigger>" to the game's text "cancels" ("-" for a seat absent).
return {
  arm = function(ctx)
    effect.on("cancel", "heard", { card = ctx.card })
  end,
  heard = function(ctx)
    local ev = ctx.event
    game.set("cancels", (game.get("cancels") or "") .. " " .. card.name(ev.card) .. "/" .. (ev.seat or "-")
      .. "/" .. (ev.by or "-") .. "/" .. tostring(ev.trigger))
  end,
}
