-- Scorer: `arm` listens to track events; each one it hears appends value * 100 + seat
-- (seat 0 for a game track) to the game property "heard", and "<track>," to "tracks".
return {
  arm = function(ctx)
    effect.on("track", "heard", { card = ctx.card })
  end,
  heard = function(ctx)
    local t = game.get("heard") or {}
    t[#t + 1] = ctx.event.value * 100 + (ctx.event.seat or 0)
    game.set("heard", t)
    game.set("tracks", (game.get("tracks") or "") .. ctx.event.track .. ",")
  end,
}
