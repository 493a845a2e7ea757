-- Ingenuity (Survival card, Phase 1): put the Marker on the Beach. It is not a use of
-- the Beach [BGA-impl] (option ingenuity_is_beach_use: it is, and the Beach's power is
-- spent for the turn). [BGA-impl] not playable when the Marker is already there.
return survival_card {
  usable = function(ctx)
    return not game.get("marker") or not opt("strict_playability"), "the Marker is on the Beach already"
  end,
  effect = function(ctx)
    game.set("marker", true)
    if opt("ingenuity_is_beach_use") then game.set("beach_used", true, "turn") end
    say("Ingenuity: the Marker is put on the Beach")
  end,
}
