-- Not Alone's bot (games/notalone/bots.lua, `basic`), question by question: a step
-- { bot = 1, as = "basic" } lets it answer the next decision. Seat 1 is the Creature.

defaults { game = "notalone", players = 3, seed = 2, options = { board_side = 1 } }

-- Each scenario's seed is one where the random bot in the bot's place fails it.

scenario "basic does not give up while it can lay a card" {
  -- one card left in hand: a random Hunted gives up one time in three here
  seed = 4,
  setup = [[ setup_quiet(); setup_places(2, { "beach" }, { "lair", "jungle", "river", "rover" }) ]],
  steps = {
    { decision = { seat = 2, includes = { "Beach", "give up" } } },
    { bot = 1, as = "basic" },
    { check = [[ return game.get("assimilation") == 8 ]] },
  },
}

scenario "basic's Creature hunts where a Hunted may be: a place of its hand" {
  -- both Hunted hold only the Beach: the Creature token goes there
  setup = [[ setup_quiet(); setup_places(2, { "beach" }, { "lair", "jungle", "river", "rover" });
             setup_places(3, { "beach" }, { "lair", "jungle", "river", "rover" }) ]],
  steps = {
    "2: Beach", "3: Beach",
    { decision = { seat = 1 } },
    { bot = 1, as = "basic" },
    -- the Creature token went to the Beach: both Hunted were caught there
    { check = [[ return seat.get(2, "will") == 2 and seat.get(3, "will") == 2 and game.get("assimilation") == 7 ]] },
  },
}
