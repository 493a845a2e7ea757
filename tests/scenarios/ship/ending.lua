-- How Ship ends: the self-destruct, the pods, secret objectives; several or none may win.
defaults { game = "tests/packs/ship", players = 2, helpers_file = "ship.helpers.lua" }

scenario "at the self-destruct only a survivor in safety whose objective holds wins" {
  setup = [[
    hand_of(1, { "patch", "patch", "patch" }); hand_of(2, { "patch", "patch", "patch" })
    game.set("time", 1)
    seat.set(1, "_goal", "scientist"); seat.set(1, "sample", true)
    seat.set(2, "_goal", "scientist"); seat.set(2, "sample", true)
    place(1, "medbay")                 -- seat 1 is not in the pods nor in cryo
  ]],
  steps = { "1: end your turn", "2: end your turn" },
  expect = { over = 2, log = { "game over: seat 2 wins" } },
}

scenario "two crew members may win together" {
  setup = [[
    hand_of(1, { "patch", "patch", "patch" }); hand_of(2, { "patch", "patch", "patch" })
    game.set("time", 1)
    seat.set(1, "_goal", "salvager"); supply.take("gear", 1, { ammo = 1 })
    seat.set(2, "_goal", "scientist"); seat.set(2, "sample", true)
  ]],
  steps = { "1: end your turn", "2: end your turn" },
  expect = { over = 1, log = { "seats 1 and 2 win" } },
}

scenario "nobody meets an objective: a draw" {
  setup = [[
    hand_of(1, { "patch", "patch", "patch" }); hand_of(2, { "patch", "patch", "patch" })
    game.set("time", 1)
    seat.set(1, "_goal", "hunter"); seat.set(2, "_goal", "hunter")
  ]],
  steps = { "1: end your turn", "2: end your turn" },
  expect = { over = true, log = { "game over: a draw" } },
}

scenario "the objectives stay secret until the end" {
  setup = [[
    hand_of(1, { "patch", "patch", "patch" }); hand_of(2, { "patch", "patch", "patch" })
    seat.set(1, "_goal", "traitor"); seat.set(2, "_goal", "hunter")
  ]],
  steps = {
    { seen = { seat = 2, excludes = { "traitor" } } },
    { seen = { seat = 1, includes = { "traitor" }, excludes = { "hunter" } } },
  },
}

scenario "when every living crew member is in the pods, the pods launch" {
  setup = [[
    hand_of(1, { "patch", "patch", "patch" })
    seat.set(1, "_goal", "salvager"); supply.take("gear", 1, { ammo = 1 })
    place(2, "pods"); place(1, "storage")
    board.set_edge(zone.get("storage"), zone.get("pods"), "open")
  ]],
  steps = { "1: move to the Escape pods", "1: end your turn" },
  expect = { over = 1, log = { "the escape pods launch" } },
}
