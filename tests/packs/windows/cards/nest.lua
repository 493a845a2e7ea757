-- Nest: `arm` listens to "nest" events; each one it hears opens a window and emits
-- "nest" again, so each window opens another inside it (the loop guard must stop it).
return {
  arm = function(ctx) effect.on("nest", "deeper", { card = ctx.card }) end,
  deeper = function(ctx)
    game.add("depth", 1)
    window.open("immediate")
    event.emit("nest")
  end,
}
