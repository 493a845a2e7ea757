-- Herald: `arm` listens to play events; each one it hears appends " <card>/<seat>/<window>"
-- to the game's text "plays".
return {
  arm = function(ctx)
    effect.on("play", "heard", { card = ctx.card })
  end,
  heard = function(ctx)
    local ev = ctx.event
    game.set("plays", (game.get("plays") or "") .. " " .. card.name(ev.card) .. "/" .. ev.seat .. "/" .. ev.window)
  end,
}
