-- Lines: taking lines, the win, the deck running out, and what each seat sees.

defaults { game = "../", players = 2, seed = 1, helpers_file = "lines.helpers.lua" }

scenario "the second line taken wins the game" {
  setup = [[
    side_of(1, 2, { "red1", "red2", "red3" })
    side_of(2, 2, { "green1", "blue2", "red4" })
    zone.set(zone.get("line2"), "taken", 1)
    seat.set(1, "lines", 1)
    side_of(2, 1, { "green6", "blue6", "red6" })
    side_of(1, 1, { "green7", "blue7" })
    hand_of(1, { "red7" })
  ]],
  steps = { "1: Red 7 on line 1" },
  expect = {
    over = 1,
    log = { "seat 1 takes line 1 (the higher sum)", "game over: seat 1 wins — took 2 lines" },
  },
}

scenario "one line taken of two does not end the game" {
  setup = [[
    side_of(2, 1, { "green6", "blue6", "red6" })
    side_of(1, 1, { "green7", "blue7" })
    hand_of(1, { "red7" })
  ]],
  steps = { "1: Red 7 on line 1", { decision = { seat = 2 } } },
  expect = { over = false, checks = { "return seat.get(1, 'lines') == 1" } },
}

scenario "the deck running out: more lines win" {
  setup = [[
    side_of(2, 3, { "red1", "green2", "blue4" })
    side_of(1, 3, { "red2", "green3", "blue5" })
    zone.set(zone.get("line3"), "taken", 2)
    seat.set(2, "lines", 1)
    side_of(1, 1, { "red8", "green8" })
    hand_of(1, { "blue8" })
    hand_of(2, {})
    deck_of(1)
  ]],
  steps = { "1: Blue 8 on line 2" },   -- seat 1 draws the last card
  expect = {
    over = 2,
    log = { "game over: seat 2 wins — more lines at the deck's end" },
    checks = { "return zone.count(zone.get('deck')) == 0 and zone.count(zone.get('hand', 1)) == 5" },
  },
}

scenario "the deck running out: at equal lines the higher sum wins" {
  setup = [[
    side_of(2, 1, { "red1", "green2" })
    side_of(1, 1, { "red8", "green8" })
    hand_of(1, { "red3" })
    hand_of(2, {})
    deck_of(2)
  ]],
  -- seat 1 plays 3 (19 in all), seat 2 plays one card of at most 8 (11 at most)
  steps = { "1: Red 3 on line 2", { bot = 1 } },
  expect = { over = 1, log = { "game over: seat 1 wins — the higher sum at the deck's end" } },
}

scenario "the deck running out: equal lines and sums are a draw" {
  setup = [[
    side_of(2, 1, { "red5", "green2" })
    side_of(1, 1, { "blue5", "red2" })
    hand_of(1, { "green7" })
    hand_of(2, { "blue7" })
    deck_of(2)
  ]],
  steps = { "1: Green 7 on line 3", "2: Blue 7 on line 2" },
  expect = { over = true, log = { "game over: a draw — even at the deck's end" } },
}

scenario "seat 2 never sees seat 1's hand, nor anyone the deck" {
  setup = [[
    -- Red 8 and Blue 8 were not dealt to seat 2 in this game (its log would show them)
    for _, id in ipairs({ "red8", "blue8" }) do
      assert(card.zone(zone.search(zone.get("deck"), id)[1] or zone.search(zone.get("hand", 1), id)[1]))
    end
    hand_of(1, { "red8" })
    card.move(zone.search(zone.get("deck"), "blue8")[1], zone.get("deck"), { pos = "top" })
  ]],
  steps = {
    { seen = { seat = 1, zone = { "hand", 1 }, includes = { "Red 8" } } },
    { seen = { seat = 2, zone = { "hand", 1 }, excludes = { "Red", "Green", "Blue" } } },
    { seen = { seat = 2, excludes = { "Red 8" } } },
    { seen = { seat = 1, zone = "deck", excludes = { "Red", "Green", "Blue" } } },
    { seen = { seat = 2, zone = "deck", excludes = { "Red", "Green", "Blue" } } },
    "1: Red 8 on line 1",                 -- then seat 1 draws Blue 8
    { seen = { seat = 1, zone = { "hand", 1 }, includes = { "Blue 8" } } },
    { seen = { seat = 2, excludes = { "Blue 8" } } },
    { seen = { seat = 2, includes = { "Red 8" } } },   -- played face up: public
    { bot = 6 },
    { seen = { seat = 2, zone = { "hand", 1 }, excludes = { "Red", "Green", "Blue" } } },
    { seen = { seat = 1, zone = { "hand", 2 }, excludes = { "Red", "Green", "Blue" } } },
  },
  expect = { seen = { { seat = 2, zone = "deck", excludes = { "Red", "Green", "Blue" } } } },
}

scenario "Lines plays to the end" {
  steps = { { bot = 100 } },   -- the random bots answer every question
  expect = { over = true, errors = 0 },
}
