-- The example expansion of docs/games/notalone.md ("Writing cards for Not Alone"):
-- tests/packs/notalone-ambush adds a Hunt card and a Survival card to the base game,
-- with the base game's helpers, testkit and rules unchanged.

defaults { game = "tests/packs/notalone-ambush", players = 3, options = { board_side = 1 } }

scenario "expansion: Ambush costs 1 Will to each Hunted holding 2 cards or fewer, and gives the Artemia token" {
  setup = [[ setup_quiet({ "ambush" }); setup_places(3, { "lair", "jungle", "river" }, {}) ]],
  steps = {
    { seat = 2, answer = "Jungle" },                        -- seat 2 keeps 4 cards
    { seat = 3, answer = "Jungle" },                        -- seat 3 keeps 2
    { decision = { seat = "creature", options = { "pass", "play Ambush" } } },
    { seat = "creature", answer = "play Ambush" },
    { check = [[ return seat.get(2, "will") == 3 and seat.get(3, "will") == 2 and game.get("art") ]] },
    { seat = "creature", answer = "Wreck" },                -- the Creature token
    { decision = { seat = "creature", prompt = "place the Artemia token" } },
  },
  expect = { log = { "seat 1 plays Ambush", "seat 3 loses 1 Will (Ambush): 2 left" } },
}

scenario "expansion: Flare advances Rescue in Phase 4" {
  setup = [[ setup_quiet(); setup_survival(2, { "flare" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "pass" },                 -- Phase 4: the Creature first (Tracking)
    { decision = { seat = 2, prompt = "play a Phase-4 card or pass", options = { "pass", "play Flare" } } },
    { seat = 2, answer = "play Flare" },
    { check = [[ return game.get("rescue") == 13 ]] },      -- 14 - 1 (Flare); the window goes on
  },
  expect = { log = { "Flare: seat 2 lights a flare", "Rescue advances 1 (Flare): 13 to go" } },
}

scenario "expansion: Flare is not offered below 3 Will" {
  setup = [[ setup_quiet(); setup_survival(2, { "flare" }); seat.set(2, "will", 2) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "pass" },                 -- seat 2 is asked pass only (a formality)
    { decision = { seat = 2, prompt = "lay a Place card face down" } },   -- turn 2
    { check = [[ return zone.count(shand(2)) == 1 and game.get("rescue") == 13 ]] },
  },
}
