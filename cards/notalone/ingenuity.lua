-- Ingenuity (Survival card, Phase 1): put the Marker on the Beach. It is not a use of
-- the Beach. [BGA-impl] not playable when the Marker is already there.
return survival_card {
  usable = function(ctx) return not game.get("marker") or not opt("strict_playability") end,
  effect = function(ctx)
    game.set("marker", true)
    say("Ingenuity: the Marker is put on the Beach")
  end,
}
