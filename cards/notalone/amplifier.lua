-- Amplifier (Survival card, Phase 4): remove the Marker from the Beach: Rescue +1 at
-- once. Not a use of the Beach (Interference and the once-per-turn limit do not
-- apply). With Stasis, per option stasis_blocks_amplifier.
return survival_card {
  usable = function(ctx)
    if not game.get("marker") then return false end
    return not (opt("stasis_blocks_amplifier") and game.get("stasis"))
  end,
  effect = function(ctx)
    game.set("marker", false)
    say("Amplifier: the Marker leaves the Beach")
    move_rescue(1, "Amplifier")
  end,
}
