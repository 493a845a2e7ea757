-- Realm (tests/packs/realm): a small Risk. Dice battles (3 against 2, ties to the
-- defender), conquest and moving in, banners drawn and traded, elimination (the seat
-- is skipped and never asked again, its banners pass on), objectives shown at the end.

-- Lua run in the game: `map(t)` deals the territories as t says ({ frost = { 1, 5 } }:
-- seat 1 holds Frost with 5 armies; the others go to the last seat named in `rest`);
-- `objective(s, id)` gives seat s that objective card.
local LIB = [[
  local function find(id)
    for _, z in ipairs({ "unclaimed", "banner_deck", "objective_deck" }) do
      local c = zone.search(zone.get(z), id)[1]
      if c then return c end
    end
    for s = 1, game.seats() do
      for _, z in ipairs({ "lands", "banners", "objective" }) do
        local c = zone.search(zone.get(z, s), id)[1]
        if c then return c end
      end
    end
  end
  local function put(id, z, s)
    local c = find(id)
    card.set_owner(c, s)
    return card.move(c, z, { face = "up" })
  end
  local function map(t, rest)
    for _, id in ipairs(game.defs("territory")) do
      local h = t[id] or { rest, 1 }
      local c = put(id, zone.get("lands", h[1]), h[1])
      card.set(c, "armies", h[2])
    end
  end
  local function objective(s, id)
    local z = zone.get("objective", s)
    for _, c in ipairs(zone.cards(z)) do card.move(c, zone.get("objective_deck")) end
    local c = put(id, z, s)
    card.flip(c, "down")
  end
  local function banner(s, id) put(id, zone.get("banners", s), s) end
  local function armies(id) return card.get(find(id), "armies") end
  local function holder(id) return zone.owner(card.zone(find(id))) end
]]

defaults { game = "tests/packs/realm", players = 3 }

-- seat 1 holds Frost (6 armies) and Pines; seat 2 holds Fjord and Oasis; seat 3 the rest
local BOARD = LIB .. [[
  map({ frost = { 1, 6 }, pines = { 1, 1 }, fjord = { 2, 3 }, oasis = { 2, 1 } }, 3)
  objective(1, "obj_north_south"); objective(2, "obj_west_south"); objective(3, "obj_north_west")
]]

scenario "three dice against two: the highest pairs, ties to the defender" {
  setup = BOARD .. [[ dice.force({ 6, 3, 2,  5, 3 }) ]],
  steps = {
    { decision = { seat = 1, prompt = "place armies (3 left)", options = { "Frost", "Pines" } } },
    "1: Pines", "1: 3 armies",
    { decision = { seat = 1, includes = { "attack Fjord from Frost", "attack Oasis from Frost",
                                          "attack Fjord from Pines", "stop attacking" } } },
    "1: attack Fjord from Frost",
    { decision = { seat = 1, options = { "3 dice", "2 dice", "1 die" } } },
    "1: 3 dice",
    -- 6 beats 5, 3 ties 3: each side loses one
    { check = LIB .. [[ return armies("frost") == 5 and armies("fjord") == 2 ]] },
    "1: stop attacking",
  },
  expect = { log = { "Frost (seat 1) attacks Fjord (seat 2): 6 3 2 against 5 3; the attacker loses 1, the defender 1" } },
}

scenario "a conquest moves at least as many armies as dice rolled, and earns a banner" {
  setup = BOARD .. [[ dice.force({ 6, 6, 6,  1, 1,  6, 6, 6,  1 }) ]],
  steps = {
    "1: Frost", "1: 3 armies",
    "1: attack Fjord from Frost", "1: 3 dice",
    { check = LIB .. [[ return armies("fjord") == 1 ]] },
    "1: attack Fjord from Frost", "1: 3 dice",
    -- Fjord is taken: move 3 (the dice rolled) to 8 (all but one of Frost's 9)
    { decision = { seat = 1, options = { "8 armies", "7 armies", "6 armies", "5 armies", "4 armies", "3 armies" } } },
    "1: 4 armies",
    { check = LIB .. [[ return holder("fjord") == 1 and armies("fjord") == 4 and armies("frost") == 5 ]] },
    "1: stop attacking",
    "1: no fortifying",
  },
  expect = { checks = { [[ return zone.count(zone.get("banners", 1)) == 1 ]] } },
}

scenario "a seat that loses its last territory is out: skipped, never asked, its banners pass on" {
  setup = LIB .. [[
    map({ frost = { 1, 6 }, fjord = { 2, 1 } }, 3)
    objective(1, "obj_north_south"); objective(2, "obj_west_south"); objective(3, "obj_north_west")
    banner(2, "banner_bay"); banner(2, "wild1")
    dice.force({ 6, 6, 6, 1 })
  ]],
  steps = {
    "1: Frost", "1: 3 armies",
    "1: attack Fjord from Frost", "1: 3 dice",
    "1: 3 armies",
    { check = LIB .. [[ return seat.get(2, "out") == true and zone.count(zone.get("lands", 2)) == 0 ]] },
    { check = LIB .. [[ return zone.count(zone.get("banners", 2)) == 0 and zone.count(zone.get("banners", 1)) == 2 ]] },
    "1: stop attacking", "1: no fortifying",
    -- turn 2 is seat 3's: seat 2 is skipped
    { decision = { seat = 3 } },
    { check = LIB .. [[ return game.active() == 3 and game.turn() == 2 ]] },
    { bot = 40 },
    { check = LIB .. [[ return seat.get(2, "out") == true ]] },
  },
  expect = { log = { "seat 2 is eliminated by seat 1", "2 cards: banners of seat 2 -> banners of seat 1" } },
}

scenario "the last seat standing wins, and every objective is shown" {
  players = 2,
  setup = LIB .. [[
    map({ frost = { 1, 6 }, fjord = { 2, 1 } }, 1)
    objective(1, "obj_eight"); objective(2, "obj_west_south")
    game.set("trades", 0)
    dice.force({ 6, 6, 6, 1 })
  ]],
  -- 11 territories and two regions: 3 + 2 + 2 armies, all on Frost
  steps = { "1: Frost", "1: 7 armies", "1: attack Fjord from Frost", "1: 3 dice", "1: 3 armies" },
  expect = {
    over = 1,
    log = { "Hold the West and the South (objective of seat 2) shown to everyone",
            "game over: seat 1 wins — last seat standing" },
  },
}

scenario "completing the secret objective wins at once" {
  setup = LIB .. [[
    map({ frost = { 1, 6 }, pines = { 1, 2 }, ridge = { 1, 2 }, fjord = { 2, 1 },
          vale = { 1, 2 }, mesa = { 1, 2 }, delta = { 1, 2 }, oasis = { 1, 2 } }, 3)
    objective(1, "obj_north_south"); objective(2, "obj_west_south"); objective(3, "obj_north_west")
    dice.force({ 6, 6, 6, 1 })
  ]],
  -- 7 territories and the South: 3 + 2 armies
  steps = { "1: Frost", "1: 5 armies", "1: attack Fjord from Frost", "1: 3 dice", "1: 3 armies" },
  expect = { over = 1, log = { "completed its objective: Hold the North and the South",
                               "seat 2 is eliminated by seat 1" } },
}

scenario "a set of banners trades for armies; the second set is worth more" {
  setup = BOARD .. [[
    banner(1, "banner_frost"); banner(1, "banner_pines"); banner(1, "banner_ridge")
    game.set("trades", 1)
  ]],
  steps = {
    { decision = { seat = 1, options = { "trade Frost banner (foot), Pines banner (horse), Ridge banner (cannon)",
                                         "keep the banners" } } },
    "1: trade",
    -- 6 for the second set, 3 for two territories
    { decision = { seat = 1, prompt = "place armies (9 left)" } },
  },
  expect = { checks = { [[ return zone.count(zone.get("banners", 1)) == 0 and game.get("trades") == 2 ]] } },
}

-- the bot reads the map from the pack's data file (`data("map")`, the scripts' game.data)
scenario "the general bot piles its armies on its strongest border, then attacks with the odds" {
  setup = BOARD,
  steps = {
    { bot = 2, as = "general" },
    { check = LIB .. [[ return armies("frost") == 9 ]] },
    { decision = { seat = 1, prompt = "attack?" } },
    { bot = 2, as = "general" },   -- the attack and its dice
  },
  expect = { log = { "Frost (seat 1) attacks Oasis (seat 2)" } },
}
