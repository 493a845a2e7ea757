-- The expansion's rules: merged over the base pack's (later packs win, steps and
-- windows merge by name). Here the cleanup step also lets the game go on to turn 3.
return {
  steps = {
    cleanup = { enter = function(ctx)
      if game.turn() >= 3 then game.win(2, "expansion rules") end
    end },
  },
}
