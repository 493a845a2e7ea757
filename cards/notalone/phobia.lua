-- Phobia (Hunt card, Phase 2, Artemia symbol): a Hunted of your choice shows you every
-- Place card in hand but 2 of their choice. [BGA-impl] only a Hunted with 3 or more
-- places may be chosen; with none, only the Artemia token is gained.
local function victims()
  local out = {}
  for _, s in ipairs(hunted_seats()) do
    if zone.count(hand(s)) >= 3 or not opt("strict_playability") then out[#out + 1] = s end
  end
  return out
end

return hunt_card {
  effect = function(ctx)
    local opts = {}
    for _, s in ipairs(victims()) do opts[#opts + 1] = seat_name(s) end
    local pick = choose_one(CREATURE, opts, "Phobia: which Hunted?", "seat")
    if not pick then return end
    for _, s in ipairs(victims()) do
      if pick == seat_name(s) then
        local cards = zone.cards(hand(s))
        local hidden = cards
        if #cards > 2 then
          hidden = decide.choose(s, cards, { prompt = "Phobia: keep which 2 cards hidden?",
            min = 2, max = 2, tag = "hide" })
        end
        local show, shown = {}, {}
        for _, c in ipairs(cards) do
          if not contains(hidden, c) then show[#show + 1] = c end
        end
        -- the line saying why comes before the cards it shows (as for every move)
        say("Phobia: %s shows the Creature %s", seat_name(s), count_text(#show, "Place card"))
        for _, c in ipairs(show) do
          card.reveal(c, CREATURE)
          shown[#shown + 1] = card.name(c)
        end
        if #shown > 0 then
          game.log("Phobia: " .. seat_name(s) .. " holds " .. table.concat(shown, ", "), CREATURE)
        end
      end
    end
  end,
}
