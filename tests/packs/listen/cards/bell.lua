-- Bell: effect.on("alarm", "ring", { card = bell }) makes it note " ring@<seat>" in the
-- game's text "trail" at each alarm (its seat: its controller when registered).
return {
  ring = function(ctx) game.set("trail", game.get("trail") .. " ring@" .. ctx.seat) end,
}
