-- Scavenge (tests/packs/scavenge): the end when the contested pile is empty, people
-- counted in deck, hand and discard (tools and Medkits are no people), and a shared win.

local TEN = [[ { "brawler", "refugee", "refugee", "refugee", "refugee", "refugee", "refugee", "refugee", "refugee", "refugee" } ]]

defaults { game = "tests/packs/scavenge", players = 3, helpers_file = "scavenge.helpers.lua" }

scenario "the last contested card taken, the most people win: Tribe Elders are 3 people" {
  setup = "stack(1, " .. TEN .. ") stack(2, " .. TEN .. ") stack(3, " .. TEN .. ") prize({ 'elders' })",
  steps = { "1: Brawler", { seat = 2, answer = {} }, { seat = 3, answer = {} } },
  expect = {
    over = 1,
    log = { "seat 1 wins the skirmish with fight 2 and takes Tribe Elders", "seat 1 has 13 people", "seat 2 has 10 people",
            "game over: seat 1 wins — the most people (13)" },
    checks = { [[ return zone.count(zone.get("contested")) == 0 ]] },
  },
}

scenario "tools and a Medkit are no people: seats 1 and 3 tie on 10 and share the win" {
  setup = "stack(1, " .. TEN .. ") stack(3, " .. TEN .. [[)
    -- seat 2: the Medkit it wins and its Spear count no people: 9 + 0
    stack(2, { "brawler", "spear", "refugee", "refugee", "refugee", "refugee", "refugee", "refugee", "refugee", "refugee" })
    prize({ "medkit" })
  ]],
  steps = { { seat = 1, answer = {} }, "2: Brawler, Spear", { seat = 3, answer = {} } },
  expect = {
    over = 3,
    log = { "seat 2 wins the skirmish with fight 4 and takes Medkit", "seat 2 has 9 people",
            "game over: seats 1 and 3 win — tied for the most people (10)" },
  },
}

scenario "a shared win counts for each seat in it" {
  setup = "stack(1, " .. TEN .. ") stack(2, " .. TEN .. ") stack(3, " .. TEN .. ") prize({ 'survivors' })",
  steps = { "1: Brawler", "2: Brawler", { seat = 3, answer = {} } },
  expect = {
    over = 2,
    log = { "a tie at fight 2: nobody takes Survivors", "game over: seats 1, 2 and 3 win — tied for the most people (10)" },
  },
}

scenario "the game goes on while the contested pile holds cards" {
  setup = "prize({ 'survivors', 'elders' })",
  steps = { { bot = 4 }, { check = [[ return game.turn() == 1 ]] }, { bot = 12 } },
  expect = { over = false, checks = { [[ return game.turn() == 2 and zone.count(zone.get("contested")) == 0 ]] } },
}
