-- A card with an event handler: tests/packs/notalone-handlers adds Bloodlust, a Hunt
-- card whose effect lasts the turn through a handler given in hunt_card's `handlers`
-- (docs/games/notalone.md, "Writing cards for Not Alone").

defaults { game = "tests/packs/notalone-handlers", players = 2, options = { board_side = 1 } }

scenario "handlers: Bloodlust advances Assimilation each time a Hunted loses Will this turn" {
  setup = [[ setup_quiet({ "bloodlust" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { decision = { seat = "creature", options = { "pass", "play Bloodlust" } } },
    { seat = "creature", answer = "play Bloodlust" },
    { check = [[ return game.get("assimilation") == 7 ]] },  -- nothing lost yet
    { seat = "creature", answer = "Jungle" },                  -- the Creature token catches seat 2
  },
  expect = {
    checks = { [[ return seat.get(2, "will") == 2 and game.get("assimilation") == 5 ]] },
    log = { "seat 1 plays Bloodlust", "Assimilation advances 1 (Bloodlust): 5 to go" },
  },
}

scenario "handlers: Bloodlust hears only Will a Hunted loses, and only this turn" {
  -- (an effect fires once the question pending when its event happened is answered)
  setup = [[ setup_quiet({ "bloodlust" }); seat.set(2, "will", 2) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = "creature", answer = "play Bloodlust" },
    { lua = [[ gain_will(2, 1, "a test") ]] },                -- Will gained: nothing
    { seat = "creature", answer = "Lair" },                    -- nobody caught
    { decision = { seat = 2, prompt = "lay a Place card face down" } },   -- turn 2
    { check = [[ return seat.get(2, "will") == 3 and game.get("assimilation") == 7 ]] },
    { lua = [[ lose_will(2, 1, "a test") ]] },                -- the effect has ended
    { seat = 2, answer = "River" },
  },
  expect = {
    checks = { [[ return game.turn() == 2 and seat.get(2, "will") == 2 and game.get("assimilation") == 7 ]] },
  },
}

scenario "handlers: Flashback copying Bloodlust registers its effect, and the handler runs" {
  -- the effect belongs to the copied card (card.call runs its effect), whose script has
  -- the handler
  setup = [[ setup_quiet({ "flashback" }); setup_hunt_discard({ "bloodlust" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { decision = { seat = "creature", options = { "pass", "play Flashback" } } },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Jungle" },                  -- the Creature token catches seat 2
  },
  expect = {
    checks = { [[ return seat.get(2, "will") == 2 and game.get("assimilation") == 5 ]] },
    log = { "Flashback acts as Bloodlust", "Assimilation advances 1 (Bloodlust): 5 to go" },
  },
}
