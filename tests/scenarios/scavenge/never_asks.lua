-- Scavenge (tests/packs/scavenge): never_asks, a step's check that a seat is asked
-- nothing while the step moves the game (docs/testing.md, "Steps"). The skirmish window
-- after the reveal asks only a seat with a Sniper or a Medic in hand.

defaults { game = "tests/packs/scavenge", players = 2, helpers_file = "scavenge.helpers.lua" }

-- hands without any action to take (no dig, no food): the first question is the commit;
-- seat 2 holds a Sniper, seat 1 nothing to play after the reveal
local HANDS = [[
  stack(1, { "brawler", "brawler", "refugee", "refugee", "refugee" })
  stack(2, { "brawler", "refugee", "refugee", "refugee", "sniper" })
  prize({ "survivors", "elders", "medkit" })
]]

scenario "a seat with nothing to play after the reveal is not asked in the skirmish window" {
  setup = HANDS,
  steps = {
    "1: Brawler",
    -- seat 2 commits; the reveal opens the window: seat 1 is passed by, seat 2 asked
    { seat = 2, answer = "Brawler", never_asks = 1 },
    { decision = { seat = 2, includes = { "pass", "play Sniper" } } },
  },
}

scenario "the bots answer seat 2's questions and never seat 1's" {
  setup = HANDS,
  steps = {
    "1: Brawler, Brawler",
    -- seat 2's commit, then its play-or-pass question in the skirmish window
    { bot = 2, never_asks = 1 },
  },
}
