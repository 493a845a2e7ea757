-- The example expansion of docs/card-authoring.md ("Your own card, in your own pack"):
-- tests/packs/sparks-plus adds Siphon to the tutorial game.

defaults { game = "tests/packs/sparks-plus", players = 3 }

-- Hands emptied into the decks, then seat 1 holds only `ids` (and draws Spark I).
local ONLY = [[
  for s = 1, game.seats() do
    local deck, hand = zone.get("deck", s), zone.get("hand", s)
    for _, c in ipairs(zone.cards(hand)) do card.move(c, deck) end
  end
  card.new("siphon", zone.get("hand", 1), 1)
  local top = card.new("spark1", zone.get("deck", 1), 1)
  card.move(top, zone.get("deck", 1), { pos = "top" })
]]

scenario "Siphon takes a point from the opponent chosen" {
  setup = ONLY .. [[ seat.set(2, "points", 1) seat.set(3, "points", 2) ]],
  steps = {
    "1: Siphon",
    { decision = { seat = 1, prompt = "Siphon: who loses 1 point?", options = { "seat 2", "seat 3" } } },
    "1: seat 3",
  },
  expect = {
    checks = { [[ return seat.get(1, "points") == 1 and seat.get(2, "points") == 1 and seat.get(3, "points") == 1 ]] },
  },
}

scenario "Siphon offers only opponents who have points" {
  setup = ONLY .. [[ seat.set(3, "points", 2) ]],
  steps = {
    "1: Siphon",
    { decision = { seat = 1, options = { "seat 3" } } },
    "1: seat 3",
  },
  expect = { checks = { [[ return seat.get(1, "points") == 1 and seat.get(3, "points") == 1 ]] } },
}

scenario "Siphon with nobody to siphon asks nothing and gains 1 point" {
  setup = ONLY,
  steps = { "1: Siphon" },
  expect = {
    checks = { [[ return seat.get(1, "points") == 1 ]] },
    log = { "Siphon: hand of seat 1 -> discard of seat 1", "seat 1 points = 1" },
  },
}
