-- Scavenge (tests/packs/scavenge): the starting decks, what each seat sees of them, and
-- the reshuffle of the discard pile when a deck runs out.

defaults { game = "tests/packs/scavenge", players = 3 }

scenario "each seat starts with 10 cards: 4 Refugees, 3 Scavengers, 3 Brawlers; draws 5" {
  steps = {
    { check = [[
      for s = 1, 3 do
        local all = {}
        for _, z in ipairs({ zone.get("deck", s), zone.get("hand", s) }) do
          for _, c in ipairs(zone.cards(z)) do all[card.id(c)] = (all[card.id(c)] or 0) + 1 end
        end
        assert(all.refugee == 4 and all.scavenger == 3 and all.brawler == 3)
        assert(zone.count(zone.get("hand", s)) == 5 and zone.count(zone.get("deck", s)) == 5)
      end
    ]] },
    -- the hand is its owner's alone; the deck nobody's, its owner's neither
    { check = [[
      for s = 1, 3 do
        for _, c in ipairs(zone.cards(zone.get("hand", s))) do
          for t = 1, 3 do assert(card.visible(c, t) == (t == s)) end
        end
        for _, c in ipairs(zone.cards(zone.get("deck", s))) do
          for t = 1, 3 do assert(not card.visible(c, t)) end
        end
      end
    ]] },
    { log = { seat = 2, includes = { "5 cards: deck of seat 1 -> hand of seat 1", "5 cards: deck of seat 3 -> hand of seat 3" } } },
  },
}

-- seat 1's deck: 2 cards left; its discard pile: 8 known cards. Round 1 draws the two,
-- then the discard pile, shuffled, becomes the deck and 3 more are drawn.
local RESHUFFLE = [[
  local d, p = zone.get("deck", 1), zone.get("discard", 1)
  for _, c in ipairs(zone.cards(d)) do card.destroy(c) end
  card.new("thug", d, 1); card.new("hunter", d, 1)
  for _, id in ipairs({ "refugee", "refugee", "scavenger", "brawler", "spear", "pills", "cans", "scrap" }) do
    card.new(id, p, 1)
  end
]]
local IDS = [[
  local function ids(z)
    local out = {}
    for _, c in ipairs(zone.cards(z)) do out[#out + 1] = card.id(c) end
    return table.concat(out, " ")
  end
]]

scenario "an empty deck takes the discard pile, shuffled: the order comes from the seed" {
  setup = RESHUFFLE,
  steps = {
    { check = IDS .. [[
      local hand, deck = zone.get("hand", 1), zone.get("deck", 1)
      assert(zone.count(hand) == 5 and zone.count(deck) == 5 and zone.count(zone.get("discard", 1)) == 0)
      -- the deck's two cards first, then three of the reshuffled pile, in seed 1's order
      assert(ids(hand) == "thug hunter spear scavenger pills", ids(hand))
      -- the reshuffled deck is hidden from its owner too
      for _, c in ipairs(zone.cards(deck)) do assert(not card.visible(c, 1)) end
    ]] },
    { log = { seat = 2, includes = { "seat 1 shuffles the discard pile into the deck", "deck of seat 1 shuffled" } } },
  },
}

scenario "another seed shuffles the discard pile otherwise" {
  seed = 2,
  setup = RESHUFFLE,
  steps = {
    { check = IDS .. [[ local h = ids(zone.get("hand", 1)) assert(h == "thug hunter spear refugee scrap", h) ]] },
  },
}

scenario "a deck and discard pile both empty: the seat draws what there is" {
  setup = [[
    local d = zone.get("deck", 1)
    for _, c in ipairs(zone.cards(d)) do card.destroy(c) end
    card.new("brawler", d, 1); card.new("refugee", d, 1)
  ]],
  steps = {
    { check = [[ return zone.count(zone.get("hand", 1)) == 2 and zone.count(zone.get("deck", 1)) == 0 ]] },
  },
}
