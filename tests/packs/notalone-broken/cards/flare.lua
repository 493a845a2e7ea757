-- Flare (Survival card): built with hunt_card, the builder of another kind.
return hunt_card {
  effect = function(ctx) move_rescue(1, "Flare") end,
}
