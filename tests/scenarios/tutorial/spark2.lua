-- The scenario of docs/card-authoring.md ("Testing the card"), as the page shows it, so
-- that the page's example keeps passing.

scenario "Spark II can make an opponent lose a point" {
  game = "tutorial", players = 2, seed = 1,
  setup = [[
    for s = 1, 2 do                       -- empty both hands into the decks
      local deck, hand = zone.get("deck", s), zone.get("hand", s)
      for _, c in ipairs(zone.cards(hand)) do card.move(c, deck) end
    end
    card.new("spark2", zone.get("hand", 1), 1)
    local top = card.new("spark1", zone.get("deck", 1), 1)
    card.move(top, zone.get("deck", 1), { pos = "top" })   -- seat 1 draws it
    seat.set(2, "points", 2)
  ]],
  steps = {
    { decision = { seat = 1, options = { "Spark II", "Spark I" } } },
    "1: Spark II",
    "1: an opponent loses 1 point",
    "1: seat 2",
  },
  expect = {
    checks = {
      [[ return seat.get(1, "points") == 0 ]],
      [[ return seat.get(2, "points") == 1 ]],
    },
  },
}
