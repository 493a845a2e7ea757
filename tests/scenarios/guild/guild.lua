-- Scenario tests of Guild (docs/testing.md): tabula test tests/scenarios/guild
-- (game = "../../packs/guild": the pack, from this file's folder.)
-- The random bots play a whole game with no script error.

scenario "Guild plays to the end" {
  game = "../../packs/guild", players = 2, seed = 1,
  steps = { { bot = 100000 } },   -- the random bots answer every question
  expect = { over = true, errors = 0 },
}
