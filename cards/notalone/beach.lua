-- The Beach (place 4): put the Marker on the Beach, or, if it is there, remove it and
-- advance Rescue 1. Once per turn for all Hunted and copies together.
return place_card {
  usable = function(ctx) return not game.get("beach_used"), "the Beach has been used this turn (once a turn)" end,
  power = function(ctx)
    game.set("beach_used", true, "turn")
    if game.get("marker") then
      game.set("marker", false)
      say("the Marker leaves the Beach")
      move_rescue(1, "Beach")
    else
      game.set("marker", true)
      say("the Marker is put on the Beach")
    end
  end,
}
