-- A far stronger Beach (test pack): Rescue advances 5, once per turn.
return place_card {
  usable = function(ctx) return not game.get("beach_used") end,
  power = function(ctx)
    game.set("beach_used", true, "turn")
    move_rescue(5, "Beach")
  end,
}
