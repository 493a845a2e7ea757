-- Scenario tests of Guild (docs/testing.md): tabula test <the pack's folder>/tests
-- (game = "../../packs/guild" is the pack one folder up from this file.)

scenario "Guild plays to the end" {
  game = "../../packs/guild", players = 2, seed = 1,
  steps = { { bot = 100000 } },   -- the random bots answer every question
  expect = { over = true, errors = 0 },
}
