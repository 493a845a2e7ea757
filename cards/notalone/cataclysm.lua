-- Cataclysm (Hunt card, Phase 3): a place of your choice has no power this turn (for
-- every Hunted not yet resolved there).
return hunt_card {
  effect = function(ctx)
    local p = choose_place(CREATURE, "Cataclysm: switch off which place?")
    local list = game.get("cataclysm") or {}
    list[#list + 1] = p
    game.set("cataclysm", list, "turn")
    say("Cataclysm: the %s has no power this turn", place_name(p))
  end,
}
