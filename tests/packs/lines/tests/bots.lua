-- Lines: the pack's basic bot (bots.lua) at a question.

defaults { game = "../", players = 2, seed = 1, helpers_file = "lines.helpers.lua" }

scenario "basic takes a line it can take" {
  setup = [[
    side_of(2, 2, { "red8", "green8", "blue6" })
    side_of(1, 2, { "red1", "green1" })
    hand_of(1, { "blue1", "blue8", "green7", "red7", "blue7" })
  ]],
  steps = { { bot = 1, as = "1=basic" } },
  expect = { log = { "Blue 1: hand of seat 1 -> line 2 of seat 1", "seat 1 takes line 2 (three of a kind)" } },
}

scenario "basic builds on a colour rather than opening a line" {
  setup = [[
    side_of(1, 1, { "green5", "green6" })
    hand_of(1, { "green4", "red1", "blue2", "red3", "blue3" })
  ]],
  steps = { { bot = 1, as = "1=basic" } },
  expect = { log = { "Green 4: hand of seat 1 -> line 1 of seat 1" } },
}

scenario "the built-in lookahead bot takes the line that wins the game" {
  setup = [[
    side_of(1, 3, { "red1", "red2", "red3" })
    side_of(2, 3, { "green1", "blue2", "red4" })
    zone.set(zone.get("line3"), "taken", 1)
    seat.set(1, "lines", 1)
    side_of(2, 1, { "green6", "blue6", "red6" })
    side_of(1, 1, { "green7", "blue7" })
    hand_of(1, { "red7" })
  ]],
  steps = { { bot = 1, as = "1=lookahead:50" } },
  expect = { over = 1, log = { "Red 7: hand of seat 1 -> line 1 of seat 1" } },
}
