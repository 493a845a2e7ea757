-- Beach (Artemia Lite place 4): Rescue +1.
return {
  power = function(ctx) game.add("rescue", 1) end,
}
