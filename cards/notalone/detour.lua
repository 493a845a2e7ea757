-- Detour (Hunt card, Phase 3, after the reveal): move one Hunted (one card of an
-- Artefact player) to a place adjacent to the one they revealed; tokens and powers then
-- follow the new place, even for a Hunted already resolved [BGA-impl] (option
-- detour_moves_resolved = false: only a location not resolved yet may be moved).

-- Whether Detour may move played card c.
local function movable(c, any)
  return any or not card.get(c, "_resolved")
end

return hunt_card {
  usable = function(ctx)
    local any = opt("detour_moves_resolved")
    for s = 2, game.seats() do -- every Hunted (asked at every Phase-3 window)
      for _, c in ipairs(zone.cards(played(s))) do
        if movable(c, any) then return true end
      end
    end
    return false, "no Hunted's revealed card can be moved"
  end,
  effect = function(ctx)
    local opts, where, any = {}, {}, opt("detour_moves_resolved")
    for _, s in ipairs(hunted_seats()) do
      for _, c in ipairs(zone.cards(played(s))) do
        if movable(c, any) then
          -- a card a Detour moved says so: an Artefact player's two cards can count as
          -- the same place, and each must stay a choice of its own
          local own, loc = place_of(c), card.get(c, "loc")
          local label = seat_name(s) .. " on the " .. place_name(loc or own)
          if loc and loc ~= own then label = label .. " (moved there from the " .. place_name(own) .. ")" end
          opts[#opts + 1] = label
          where[label] = { s, c }
        end
      end
    end
    local pick = choose_one(CREATURE, opts, "Detour: move which Hunted?", "seat")
    if not pick then return end
    local s, c = where[pick][1], where[pick][2]
    local to = choose_place(CREATURE, "Detour: to which place?", ADJ[place_of(c)])
    card.set(c, "loc", to, "turn")
    say("Detour: %s now counts as being on the %s", seat_name(s), place_name(to))
  end,
}
