-- Amplifier (Survival card, Phase 4): remove the Marker from the Beach: Rescue +1 at
-- once. Not a use of the Beach [BGA-impl]: Interference and the once-per-turn limit do
-- not apply (option amplifier_is_beach_use: they do, and it spends the turn's Beach
-- use). With Stasis, per option stasis_blocks_amplifier.
return survival_card {
  usable = function(ctx)
    if not game.get("marker") then return false, "the Marker is not on the Beach" end
    if opt("amplifier_is_beach_use") and (game.get("beach_used") or game.get("interference")) then
      return false, game.get("interference") and "Interference: the Beach gives nothing this turn"
        or "the Beach has been used this turn"
    end
    return not (opt("stasis_blocks_amplifier") and game.get("stasis")), "Stasis: the Rescue counter does not move this turn"
  end,
  effect = function(ctx)
    if opt("amplifier_is_beach_use") then game.set("beach_used", true, "turn") end
    game.set("marker", false)
    say("Amplifier: the Marker leaves the Beach")
    move_rescue(1, "Amplifier")
  end,
}
