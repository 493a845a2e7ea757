-- Wreck (variant, place 8): Rescue +1, once per turn for all Hunted and copies. With
-- the pack's option salvage_wreck_draw, the Hunted also draws 1 Survival card.
return place_card {
  usable = function(ctx) return not game.get("wreck_used"), "the Wreck has been used this turn (once a turn)" end,
  power = function(ctx)
    game.set("wreck_used", true, "turn")
    move_rescue(1, "Wreck")
    if opt("salvage_wreck_draw") and not game.over() and not game.get("despair")
        and survival_drawable() > 0 then
      say("%s salvages a Survival card (Wreck)", seat_name(ctx.seat))
      draw_survival(ctx.seat, 1)
    end
  end,
}
