-- Drone (Survival card, Phase 3): when you resolve your place, use the Rover's power
-- instead — only if your own place's power could be used. Offered by the resolution
-- (reckoning.lua, resolve_place), never in a window.
return survival_card {
  window = false,
}
