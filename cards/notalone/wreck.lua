-- The Wreck (place 8): advance Rescue 1. Once per turn for all Hunted and copies.
return place_card {
  usable = function(ctx) return not game.get("wreck_used"), "the Wreck has been used this turn (once a turn)" end,
  power = function(ctx)
    game.set("wreck_used", true, "turn")
    move_rescue(1, "Wreck")
  end,
}
