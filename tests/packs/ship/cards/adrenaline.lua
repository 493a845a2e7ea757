-- Adrenaline: Take 2 more actions this turn.
return {
  usable = function(ctx) return true end,
  play = function(ctx)
    game.add("actions", 2)
    game.add("extra", 2, "turn")
  end,
}
