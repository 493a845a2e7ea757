-- Scenario tests for the artemia-lite place powers (../../../../shared/bench/artemia-lite.md).
-- Seat 1 is the Creature; seats 2.. are Hunted. Every Hunted starts with places 1-5.

scenario "jungle comes back with one other discarded place" {
  game = "artemia-lite", players = 2, seed = 1,
  setup = [[
    local d = zone.get("discard", 2)
    for _, c in ipairs(zone.search(zone.get("hand", 2), "beach")) do card.move(c, d) end
  ]],
  steps = {
    { seat = 2, answer = "jungle" },
    { seat = "creature", answer = "lair" },          -- the Creature misses
    { decision = { seat = 2, options = { "Beach" } } }, -- Jungle is back in hand already
    { seat = 2, answer = "beach" },
  },
  expect = {
    checks = {
      [[ return zone.count(zone.get("hand", 2)) == 5 ]],
      [[ return zone.count(zone.get("discard", 2)) == 0 ]],
    },
  },
}

scenario "a caught hunted loses 1 Will and the Creature gains 1 Assimilation" {
  game = "artemia-lite", players = 3, seed = 2,
  steps = {
    "hunted#1: river", "hunted#2: beach",
    "creature: river",
  },
  expect = {
    checks = {
      [[ return seat.get(2, "will") == 2 ]],
      [[ return seat.get(3, "will") == 3 ]],
      [[ return game.get("assimilation") == 1 ]],
      [[ return game.get("rescue") == 2 ]], -- Beach +1, end of turn +1
    },
  },
}

scenario "swamp takes back exactly two when two or more are discarded" {
  game = "artemia-lite", players = 2, seed = 3,
  setup = [[
    local h, d = zone.get("hand", 2), zone.get("discard", 2)
    for _, id in ipairs({ "lair", "river" }) do
      for _, c in ipairs(zone.search(h, id)) do card.move(c, d) end
    end
    card.new("swamp", h, 2)
  ]],
  steps = {
    "2: swamp", "1: beach",
    { decision = { seat = 2, includes = { "Lair", "River", "Swamp" } } },
    { seat = 2, answer = { "lair", "swamp" } },
  },
  expect = {
    checks = {
      [[ return #zone.search(zone.get("hand", 2), "swamp") == 1 ]],
      [[ return #zone.search(zone.get("discard", 2), "river") == 1 ]],
    },
  },
}

scenario "rover offers only places 6-10 the hunted does not hold" {
  game = "artemia-lite", players = 2, seed = 4,
  setup = [[ card.new("wreck", zone.get("discard", 2), 2) ]],
  steps = {
    "2: rover", "1: lair",
    { decision = { seat = 2, options = { "swamp", "shelter", "source", "artefact" } } },
    "2: source",
  },
  expect = { checks = { [[ return #zone.search(zone.get("hand", 2), "source") == 1 ]] } },
}

scenario "the hunted win when Rescue reaches 28 at the end of a turn" {
  game = "artemia-lite", players = 2, seed = 5,
  setup = [[ game.set("rescue", 26) ]],
  steps = { "2: beach", "1: lair" },
  expect = { over = "hunted", log = { "game over: the Hunted (seat 2) wins" } },
}

scenario "losing the last Will gives Assimilation and resets Will and hand" {
  game = "artemia-lite", players = 2, seed = 6,
  setup = [[ seat.set(2, "will", 1) ]],
  steps = { "2: lair", "1: lair" },
  expect = {
    checks = {
      [[ return seat.get(2, "will") == 3 ]],
      [[ return game.get("assimilation") == 2 ]], -- broken Will +1, caught +1
      [[ return zone.count(zone.get("hand", 2)) == 5 ]],
    },
  },
}

scenario "a script error in setup is reported, not fatal" {
  game = "artemia-lite", players = 2, seed = 7,
  steps = {
    { lua = [[ game.set("rescue", 3) ]] },
    { check = [[ return game.get("rescue") == 3 ]] },
  },
}
