-- Loop: a trigger that re-triggers itself forever (the loop guard must stop it).
return {
  arm = function(ctx) effect.on("ping", "again", { card = ctx.card }) end,
  again = function(ctx) event.emit("ping") end,
}
