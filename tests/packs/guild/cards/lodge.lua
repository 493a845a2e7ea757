-- Lodge: Gain a worker at once (at most 4). 1 point.
return {
  built = function(ctx)
    if not gain_worker(ctx.seat) then
      game.log("Lodge: seat " .. ctx.seat .. " has " .. MAX_WORKERS .. " workers already")
    end
  end,
}
