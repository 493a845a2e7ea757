-- Sparks counts one statistic for sim (game.stat in games/tutorial/rules.lua): the
-- winner's lead over the runner-up when the game ends. Checks read statistics.

defaults { game = "tutorial", players = 2 }

scenario "the lead at the end is counted once, when the game ends" {
  setup = [[ seat.set(1, "points", 9) seat.set(2, "points", 2) ]],
  steps = {
    { check = [[ return game.stat("lead at the end") == 0 ]] },
    { bot = 4 },
  },
  expect = {
    over = 1,
    checks = {
      [[ return game.stat("lead at the end") == seat.get(1, "points") - seat.get(2, "points") ]],
      [[ return game.stat("lead at the end") >= 6 ]],
    },
  },
}

scenario "a game that goes on has counted nothing yet" {
  steps = { { bot = 2 } },
  expect = { over = false, checks = { [[ return game.stat("lead at the end") == 0 ]] } },
}
