-- Ascendancy (Hunt card, Phase 2): a Hunted of your choice discards Place cards from
-- hand until 2 remain; they choose the 2 they keep. [BGA-impl] only a Hunted with 3 or
-- more places in hand may be chosen.
local function victims()
  local out = {}
  for s = 2, game.seats() do -- every Hunted
    if zone.count(hand(s)) >= 3 then out[#out + 1] = s end
  end
  return out
end

return hunt_card {
  usable = function(ctx)
    return not opt("strict_playability") or #victims() > 0, "no Hunted holds 3 Place cards or more"
  end,
  effect = function(ctx)
    local opts = {}
    for _, s in ipairs(victims()) do opts[#opts + 1] = seat_name(s) end
    local pick = choose_one(CREATURE, opts, "Ascendancy: which Hunted?", "seat")
    if not pick then return end
    for _, s in ipairs(victims()) do
      if pick == seat_name(s) then
        local keep = decide.choose(s, zone.cards(hand(s)),
          { prompt = "Ascendancy: keep which 2 cards?", min = 2, max = 2, tag = "keep" })
        local gone = {}
        for _, c in ipairs(zone.cards(hand(s))) do
          if not contains(keep, c) then gone[#gone + 1] = c end
        end
        say("Ascendancy: %s discards %s", seat_name(s), count_text(#gone, "Place card"))
        for _, c in ipairs(gone) do to_discard(s, c) end
      end
    end
  end,
}
