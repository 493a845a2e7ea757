-- Guild (tests/packs/guild): the round — placing workers one at a time, blocked and
-- closed spaces, goods piling up, paying out, feeding, the start player, the end.
-- 2 players: seat 1 starts with 1 wood, 2 food; seat 2 the same. Grove and Quarry are
-- closed (they open with 3 and 4 players).

defaults { game = "../../packs/guild", players = 2, helpers_file = "guild.helpers.lua" }

scenario "seats place one worker at a time; a taken space is blocked, with why" {
  steps = {
    { decision = { seat = 1, includes = { "Forest (2 wood)", "Riverbank (2 food)" },
                   excludes = { "Grove (1 wood)", "Quarry (2 stone)" }, unavailable = {} } },
    "1: Forest",
    { decision = { seat = 2, excludes = { "Forest (2 wood)" }, unavailable = { "Forest" },
                   why = { Forest = "taken by seat 1" } } },
    "2: Riverbank",
    { decision = { seat = 1, unavailable = { "Forest", "Riverbank" } } },
  },
}

scenario "closed spaces open with more players" {
  players = 4,
  steps = {
    { decision = { seat = 1, includes = { "Grove (1 wood)", "Quarry (2 stone)" } } },
  },
  expect = { checks = { [[ return zone.prop(zone.get("quarry"), "closed") == nil ]] } },
}

scenario "spaces pay out; goods pile up where nobody went" {
  steps = {
    "1: Stone Pit", "2: Riverbank", "1: Fields", "2: Temple",
    -- round 2: seat 2 starts (nobody took the Guildhall)
    { decision = { seat = 2, includes = { "Forest (4 wood)", "Gold Mine (2 gold)", "Stone Pit (1 stone)" } } },
  },
  expect = { checks = {
    -- seat 1: 1 wood 2 food + 1 stone (pit) + 1 wood 1 food (fields), ate 2 food
    [[ return goods(1, "wood") == 2 and goods(1, "stone") == 1 and goods(1, "food") == 1 ]],
    -- seat 2: 2 food + 2 (river) + 1 (temple), ate 2
    [[ return goods(2, "food") == 3 ]],
    [[ return on("forest").wood == 4 and on("river").food == 2 and on("pit").stone == 1 ]],
    [[ return game.get("round") == 2 and game.active() == 2 ]],
  } },
}

scenario "the Guildhall's worker is the next start player" {
  setup = [[ market({ "chapel", "cathedral", "statue" }) ]],   -- nothing seat 2 can pay for
  steps = {
    "1: Forest", "2: Guildhall", "1: Riverbank", "2: Fields",
    { decision = { seat = 2 } },
  },
  expect = { log = { "seat 2 can pay for no building in the market" },
             checks = { [[ return game.active() == 2 and game.get("next_first") == nil ]] } },
}

scenario "a worker short of food: gold stands in, else 2 points" {
  setup = [[ give(1, { gold = 1 }); supply.give("goods", 1, { food = 2 }) ]],
  steps = {
    "1: Forest", "2: Riverbank", "1: Stone Pit",
    -- seat 2 is fed from its food without a question; seat 1 is asked about gold
    { seat = 2, answer = "Fields", never_asks = 2 },
    { decision = { seat = 1, kind = "amounts", bounds = { gold = { 0, 1 } } } },
    { seat = 1, answer = { gold = 1 } },
  },
  expect = {
    log = { "seat 1: 1 hungry worker(s), -2 points" },
    checks = { [[ return seat.get(1, "points") == -2 and goods(1, "gold") == 0 ]],
               [[ return game.stat("hungry workers") == 1 ]] },
  },
}

scenario "a hungry seat without gold is not asked" {
  setup = [[ supply.give("goods", 1, { food = 2 }) ]],
  steps = {
    "1: Forest", "2: Riverbank", "1: Stone Pit",
    { seat = 2, answer = "Fields", never_asks = 1 },
  },
  expect = { checks = { [[ return seat.get(1, "points") == -4 ]] } },
}

scenario "the Inn hires a worker for 2 food, who places next round" {
  setup = [[ give(1, { food = 2 }) ]],
  steps = {
    "1: Inn", "2: Forest", "1: Riverbank", "2: Fields",
    -- round 2, seat 2 first: seat 1 has 3 workers, seat 2 two
    "2: Forest", "1: Riverbank", "2: Stone Pit", "1: Fields",
    { decision = { seat = 1 } },     -- seat 2 has placed both: seat 1 places its third
  },
  expect = { checks = { [[ return seat.get(1, "workers") == 3 and zone.count(zone.get("home", 1)) == 1 ]] } },
}

scenario "the omens are drawn face down and shown at the end" {
  -- two rounds left: rounds 1 to 5 are over before the game starts
  setup = [[ game.set("round", 5); rng.force({ 1 }) ]],        -- the bag's first counter: a crown
  steps = {
    "1: Temple", "2: Forest", "1: Riverbank", "2: Fields",
    -- round 7: the draw was secret
    { log = { seat = 2, includes = { "omens: 1 counter: pool -> seat 1" }, excludes = { "crown" } } },
    { log = { seat = 1, includes = { "omens: 1 crown: pool -> seat 1" } } },
    -- the views: the kinds' names are in every view (the bag's list of kinds), so the
    -- check looks for the count seat 1 holds, as the view's JSON writes it
    { seen = { seat = 1, includes = { '"crown":1' } } },
    { seen = { seat = 2, excludes = { '"crown":1' } } },
    "2: Forest", "1: Riverbank", "2: Fields", "1: Stone Pit",
  },
  expect = {
    over = 1,
    log = { "omens: 1 crown: seat 1 -> out of play", "seat 1 wins" },
    checks = { [[ return seat.get(1, "points") == 3 ]] },
  },
}

scenario "the end: the most points win; a tie goes to the most gold" {
  setup = [[ game.set("round", 6); seat.set(1, "points", 5); seat.set(2, "points", 5) ]],
  steps = { "1: Forest", "2: Gold Mine", "1: Riverbank", "2: Fields" },
  expect = { over = 2, log = { "tied on points, the most gold" },
             checks = { [[ return game.stat("ties broken by gold") == 1 ]] } },
}

scenario "a game with the steward bot plays to the end" {
  players = 3,
  steps = { { bot = 100000, as = "1=steward" } },
  expect = { over = true, errors = 0 },
}
