-- Wreck (Artemia Lite place 8): Rescue +1.
return {
  power = function(ctx) game.add("rescue", 1) end,
}
