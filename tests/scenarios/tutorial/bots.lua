-- Sparks' greedy bot (games/tutorial/bots.lua), question by question: a step
-- { bot = 1, as = "greedy" } lets it answer the next decision, whoever's it is. Each
-- scenario fails with the random bot in greedy's place (checked).

defaults { game = "tutorial", players = 2 }

-- Hands emptied into the decks; seat 1 then holds `ids` (and draws a Spark I first).
local function hand(ids)
  return [[
    for s = 1, game.seats() do
      local deck, hand = zone.get("deck", s), zone.get("hand", s)
      for _, c in ipairs(zone.cards(hand)) do card.move(c, deck) end
    end
    for _, id in ipairs({ "]] .. table.concat(ids, '", "') .. [[" }) do card.new(id, zone.get("hand", 1), 1) end
    local top = card.new("spark1", zone.get("deck", 1), 1)
    card.move(top, zone.get("deck", 1), { pos = "top" })
  ]]
end

scenario "greedy keeps Spark IV and plays Spark III first" {
  setup = hand({ "spark4", "spark3" }),
  steps = {
    { decision = { seat = 1, prompt = "play a card" } },
    { bot = 1, as = "greedy" },
  },
  expect = { checks = { [[ return card.id(zone.cards(zone.get("discard", 1))[1]) == "spark3" ]] } },
}

scenario "greedy reacts with Spark IV in another seat's turn" {
  setup = hand({ "spark1" }) .. [[ card.new("spark4", zone.get("hand", 2), 2) ]],
  steps = {
    "1: Spark I",
    { decision = { seat = 2, options = { "pass", "play Spark IV" } } },
    { bot = 1, as = "greedy" },
  },
  expect = { checks = { [[ return seat.get(2, "points") == 1 ]] } },
}

scenario "greedy takes a point off the leader with Spark II when it is not ahead" {
  setup = hand({ "spark2" }) .. [[ seat.set(2, "points", 3) seat.set(1, "points", 2) ]],
  steps = {
    "1: Spark II",
    { decision = { seat = 1, prompt = "Spark II" } },
    { bot = 2, as = "greedy" },
  },
  expect = { checks = { [[ return seat.get(1, "points") == 2 and seat.get(2, "points") == 2 ]] } },
}

scenario "greedy gains the point with Spark II when it leads" {
  seed = 3, -- one where the random bot in its place takes the point off instead
  setup = hand({ "spark2" }) .. [[ seat.set(2, "points", 1) seat.set(1, "points", 3) ]],
  steps = {
    "1: Spark II",
    { bot = 1, as = "greedy" },
  },
  expect = { checks = { [[ return seat.get(1, "points") == 4 and seat.get(2, "points") == 1 ]] } },
}
