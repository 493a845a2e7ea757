-- Guild's buildings: building from the market, and what several buildings do.
-- 2 players; seat 1 starts with 1 wood, 2 food.

defaults { game = "../../packs/guild", players = 2, helpers_file = "guild.helpers.lua" }

scenario "the Builders' Yard offers only what the seat can pay for, with data for bots" {
  setup = [[ market({ "farm", "chapel", "statue" }); give(1, { wood = 1 }) ]],
  steps = {
    "1: Builders' Yard", "2: Forest", "1: Fields", "2: Riverbank",
    { decision = { seat = 1, options = { "build Farm", "build nothing" },
                   data = { ["build Farm"] = { points = 1, id = "farm" } } } },
    "1: build Farm",
  },
  expect = { checks = {
    [[ return #zone.search(zone.get("buildings", 1), "farm") == 1 ]],
    [[ return seat.get(1, "points") == 1 ]],
    -- 1 + 1 wood paid 2; the fields' wood came after (the Yard resolves later: board order)
    [[ return zone.count(zone.get("market")) == 3 ]],
  } },
}

scenario "building nothing leaves the market as it was" {
  setup = [[ market({ "farm", "chapel", "statue" }); give(1, { wood = 1 }) ]],
  steps = { "1: Builders' Yard", "2: Forest", "1: Fields", "2: Riverbank", "1: build nothing" },
  expect = { checks = { [[ return zone.count(zone.get("buildings", 1)) == 0 and goods(1, "wood") == 3 ]] } },
}

scenario "Farm: 1 food each round" {
  setup = [[ own(1, "farm") ]],
  steps = { { check = [[ return goods(1, "food") == 3 ]] } },    -- round 1's income came
  expect = { log = { "goods: 1 food: pool -> seat 1 (the Farm)" } },  -- the log says why
}

scenario "Sawmill: 1 more wood when gathering wood, none when gathering other goods" {
  setup = [[ own(1, "sawmill") ]],
  steps = { "1: Forest", "2: Riverbank", "1: Gold Mine", "2: Fields" },
  expect = { checks = { [[ return goods(1, "wood") == 1 + 2 + 1 and goods(1, "gold") == 1 ]] } },
}

scenario "Trading Post: 2 goods for 1 gold, in pairs of any kinds" {
  setup = [[ give(1, { wood = 2, stone = 2 }) ]],
  steps = {
    "1: Trading Post", "2: Forest", "1: Riverbank", "2: Fields",
    { decision = { seat = 1, kind = "amounts", min = 0, max = 6, step = 2,
                   prompt = "Trading Post: sell up to 6 goods in pairs, 1 gold for every 2",
                   bounds = { wood = { 0, 3 }, stone = { 0, 2 }, food = { 0, 4 } } } },   -- the Riverbank paid out first
    { seat = 1, answer = "wood 3", refused = "the total must be a multiple of 2 (3 given)" },
    { seat = 1, answer = "wood 1 stone 1" },
  },
  expect = { checks = { [[ return goods(1, "gold") == 1 and goods(1, "wood") == 2 and goods(1, "stone") == 1 ]] } },
}

scenario "Market Stall: the Trading Post pays 1 gold a good" {
  setup = [[ own(1, "stall"); give(1, { wood = 2 }) ]],
  steps = {
    "1: Trading Post", "2: Forest", "1: Riverbank", "2: Fields",
    { decision = { seat = 1, prompt = "Trading Post: sell up to 6 goods, 1 gold each" } },
    { seat = 1, answer = { wood = 3 } },
  },
  expect = { checks = { [[ return goods(1, "gold") == 3 and goods(1, "wood") == 0 ]] } },
}

scenario "Granary: the workers eat 1 food less" {
  setup = [[ own(1, "granary") ]],
  steps = { "1: Forest", "2: Riverbank", "1: Stone Pit", "2: Fields" },
  expect = { checks = { [[ return goods(1, "food") == 1 and seat.get(1, "points") == 0 ]] } },
}

scenario "Oracle's Tower: 2 omens at the Temple" {
  setup = [[ own(1, "oracle") ]],
  steps = { "1: Temple", "2: Forest", "1: Riverbank", "2: Fields" },
  expect = { checks = { [[ return supply.count("omens", 1) == 2 and game.stat("omens drawn") == 2 ]] } },
}

scenario "Lodge: a worker at once, who places the next round" {
  setup = [[ market({ "lodge", "chapel", "statue" }); give(1, { wood = 1, food = 2 }) ]],
  steps = {
    "1: Builders' Yard", "2: Forest", "1: Fields", "2: Riverbank", "1: build Lodge",
    "2: Forest", "1: Riverbank", "2: Stone Pit", "1: Fields",
    { decision = { seat = 1 } },
  },
  expect = { checks = { [[ return seat.get(1, "workers") == 3 and seat.get(1, "points") == 1 ]] } },
}

scenario "Guild Charter and Counting House score at the end" {
  setup = [[
    game.set("round", 6)
    own(1, "charter"); own(1, "countinghouse"); own(1, "chapel")
    give(1, { gold = 5 })
  ]],
  steps = { "1: Forest", "2: Riverbank", "1: Stone Pit", "2: Fields" },
  expect = {
    over = 1,
    log = { "Guild Charter: seat 1 scores 3", "Counting House: seat 1 scores 2" },
    checks = { [[ return seat.get(1, "points") == 5 ]] },
  },
}

scenario "Wayside Shrine: an omen when built, a point per omen at the end" {
  setup = [[
    game.set("round", 6)
    market({ "shrine", "chapel", "statue" }); give(1, { food = 2 }); give(1, { food = 2 })
    rng.force({ 13 })                    -- the bag: 4 crowns, 8 laurels, 6 ash: an ash
  ]],
  steps = { "1: Builders' Yard", "2: Forest", "1: Riverbank", "2: Fields", "1: build Wayside Shrine" },
  expect = {
    log = { "omens: 1 ash: seat 1 -> out of play", "Wayside Shrine: seat 1 scores 1" },
    checks = { [[ return seat.get(1, "points") == 1 ]] },
  },
}

scenario "the steward bot places where the goods are worth most" {
  setup = [[ supply.move("goods", "pool", { zone = zone.get("pit") }, { stone = 3 }) ]],
  steps = {
    { bot = 1, as = "steward" },
    { decision = { seat = 2, unavailable = { "Stone Pit" } } },
  },
}
