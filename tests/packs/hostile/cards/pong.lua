-- Pong (hostile suite, case 26): when a "ping" happens it scores and emits "pong".
return {
  arm = function(ctx) effect.on("ping", "on_ping", { card = ctx.card }) end,
  on_ping = function(ctx) game.add("score", 1) event.emit("pong") end,
}
