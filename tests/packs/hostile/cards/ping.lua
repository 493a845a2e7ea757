-- Ping (hostile suite, case 26): when a "pong" happens it scores and emits "ping".
return {
  arm = function(ctx) effect.on("pong", "on_pong", { card = ctx.card }) end,
  on_pong = function(ctx) game.add("score", 1) event.emit("ping") end,
}
