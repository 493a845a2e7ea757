-- Scenario tests of Lines (docs/testing.md): tabula test <the pack's folder>/tests
-- (game = "../" is the pack one folder up from this file.)

scenario "Lines plays to the end" {
  game = "../", players = 2, seed = 1,
  steps = { { bot = 100000 } },   -- the random bots answer every question
  expect = { over = true, errors = 0 },
}
