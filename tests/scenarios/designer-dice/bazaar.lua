-- Dice Bazaar (tests/packs/designer-dice): the turn structure and every card.
-- Seat 1's first roll is fixed with dice.force in the setup (roll(n) below).
-- Every seat starts with 3 coins and a Farm; the setup below takes the Farms away, so
-- that the next seat's roll (which the checks after a seat's last answer see) pays
-- nobody: a scenario gives the buildings it tests.

defaults { game = "tests/packs/designer-dice", players = 2 }

-- Takes the starting Farms away, empties the market row into the supply; helpers to
-- lay out a table.
local TABLE = [[
  for s = 1, game.seats() do
    for _, c in ipairs(zone.cards(zone.get("tableau", s))) do card.destroy(c) end
  end
  local supply, market = zone.get("supply"), zone.get("market")
  for _, c in ipairs(zone.cards(market)) do card.move(c, supply) end
  local function to_market(id) card.move(zone.search(supply, id)[1], market) end
  local function build(id, s)        -- a building in seat s's tableau, its abilities on
    local c = card.new(id, zone.get("tableau", s), s)
    card.call(c, "enter", { seat = s })
  end
  local function trick(id, s) card.new(id, zone.get("hand", s), s) end
]]
local function roll(...) return "dice.force({ " .. table.concat({ ... }, ", ") .. " })\n" end
local ROW = [[ to_market("stall") to_market("mine") to_market("monument") to_market("tax") ]]

-- turn structure ---------------------------------------------------------------------

scenario "a turn: roll, the buildings pay, buy or pass, then the next seat" {
  setup = roll(1) .. TABLE .. ROW .. [[ build("farm", 1) build("farm", 2) ]],
  steps = {
    { check = [[ return game.get("roll") == 1 ]] },
    { check = [[ return seat.get(1, "coins") == 4 and seat.get(2, "coins") == 4 ]] }, -- both Farms
    -- the market lists what seat 1 can afford; the Monument (6) is not offered
    { decision = { seat = 1, prompt = "buy a card from the market",
                   options = { "Market Stall", "Mine", "Tax Collector", "pass (gain 1 coin)" } } },
    "1: pass",
    { check = [[ return game.turn() == 2 and game.active() == 2 ]] },
    { decision = { seat = 2, prompt = "buy a card from the market" } },
  },
  expect = { log = { "-- turn 1: roll --", "dice pool 1: rolled 1 (1d6)", "seat 1 rolled 1",
                     "-- turn 1: buy --", "seat 1 coins = 5", "-- turn 2: roll --" },
             over = false },
}

scenario "buying a building: pay its cost, it goes to the tableau, its VP go on the track, the row refills" {
  setup = roll(4) .. TABLE .. ROW,
  steps = {
    "1: market stall",
    { check = [[ return seat.get(1, "coins") == 1 ]] },
    { check = [[ return #zone.search(zone.get("tableau", 1), "stall") == 1 ]] },
    { check = [[ return track.get("vp", 1) == 1 and track.get("vp", 2) == 0 ]] },
    { check = [[ return zone.count(zone.get("market")) == 4 ]] },
  },
  expect = { log = { "seat 1 buys Market Stall for 2", "Market Stall: Market -> On the counter", "Market Stall: On the counter -> buildings of seat 1" } },
}

scenario "buying a trick: it goes to the hand, not the tableau, and scores nothing" {
  setup = roll(4) .. TABLE .. ROW,
  steps = { "1: tax collector" },
  expect = { checks = {
    [[ return #zone.search(zone.get("hand", 1), "tax") == 1 ]],
    [[ return zone.count(zone.get("tableau", 1)) == 0 and track.get("vp", 1) == 0 ]],
    [[ return seat.get(1, "coins") == 2 ]],
  } },
}

scenario "reaching the goal on the score track wins at the end of the round" {
  setup = roll(6) .. TABLE .. ROW .. [[ track.set("vp", 7, 1) seat.set(1, "coins", 6) ]],
  steps = {
    "1: monument",
    { check = [[ return track.get("vp", 1) == 10 and not game.over() ]] }, -- seat 2 plays on
    "2: pass",
  },
  expect = { over = 1, log = { "seat 1 VP = 10", "reached 10 VP" } },
}

scenario "at the end of the round the most VP win, then the most coins" {
  setup = roll(6) .. TABLE .. ROW .. [[ track.set("vp", 7, 1) seat.set(1, "coins", 6)
                             track.set("vp", 10, 2) seat.set(2, "coins", 0) ]],
  steps = { "1: monument", "2: pass" },
  expect = { over = 2 },
}

scenario "the game goes on below the goal" {
  setup = roll(6) .. TABLE .. ROW .. [[ track.set("vp", 6, 1) seat.set(1, "coins", 6) ]],
  steps = { "1: monument", { check = [[ return track.get("vp", 1) == 9 and game.turn() == 2 ]] } },
  expect = { over = false },
}

-- buildings --------------------------------------------------------------------------

scenario "Farm: any player's roll of 1 or 2 pays every Farm 1 coin" {
  setup = roll(2) .. TABLE .. ROW .. [[ build("farm", 1) build("farm", 2) build("farm", 2) ]],
  steps = { { check = [[ return seat.get(1, "coins") == 4 and seat.get(2, "coins") == 5 ]] } },
}

scenario "Farm: a roll of 3 or more pays nothing" {
  setup = roll(3) .. TABLE .. ROW .. [[ build("farm", 1) build("farm", 2) ]],
  steps = { { check = [[ return seat.get(1, "coins") == 3 and seat.get(2, "coins") == 3 ]] } },
}

scenario "Market Stall: pays 2 on its owner's own roll of 3 or 4 only" {
  setup = roll(4) .. TABLE .. ROW .. [[ build("stall", 1) build("stall", 2) ]],
  steps = { { check = [[ return seat.get(1, "coins") == 5 and seat.get(2, "coins") == 3 ]] } },
}

scenario "Mine: pays 3 on its owner's own roll of 5 or 6 only" {
  setup = roll(5) .. TABLE .. ROW .. [[ build("mine", 1) build("mine", 2) ]],
  steps = { { check = [[ return seat.get(1, "coins") == 6 and seat.get(2, "coins") == 3 ]] } },
}

scenario "Tollbooth: another player's 6 pays its owner 1 coin; its owner's own 6 does not" {
  setup = roll(6) .. TABLE .. ROW .. [[ build("tollbooth", 1) build("tollbooth", 2) ]],
  steps = { { check = [[ return seat.get(1, "coins") == 2 and seat.get(2, "coins") == 4 ]] } },
}

scenario "Tollbooth: a player with no coin pays nothing" {
  setup = roll(6) .. TABLE .. ROW .. [[ build("tollbooth", 2) seat.set(1, "coins", 0) ]],
  steps = { { check = [[ return seat.get(1, "coins") == 0 and seat.get(2, "coins") == 3 ]] } },
}

scenario "Guild Hall: when another player buys, its owner gains 1 coin (not on its own purchase)" {
  setup = roll(4) .. TABLE .. ROW .. [[ build("guildhall", 1) build("guildhall", 2) ]],
  steps = {
    "1: tax collector",
    { check = [[ return seat.get(1, "coins") == 2 and seat.get(2, "coins") == 4 ]] },
  },
}

scenario "Lucky Charm: its owner may keep the roll" {
  setup = roll(2) .. TABLE .. ROW .. [[ build("charm", 1) build("farm", 1) ]],
  steps = {
    { decision = { seat = 1, prompt = "Lucky Charm: you rolled 2", options = { "keep 2", "reroll" } } },
    "1: keep 2",
    { check = [[ return game.get("roll") == 2 and seat.get(1, "coins") == 4 ]] },
  },
}

scenario "Lucky Charm: a reroll replaces the roll before the buildings pay" {
  setup = roll(2, 5) .. TABLE .. ROW .. [[ build("charm", 1) build("mine", 1) ]],
  steps = {
    "1: reroll",
    { check = [[ return game.get("roll") == 5 and seat.get(1, "coins") == 6 ]] },  -- the Mine pays
  },
  expect = { log = { "dice pool 1: rolled 2 (1d6)", "dice pool 1: die 1 rerolled: 5", "seat 1 rolled 5" } },
}

scenario "Lucky Charm: it does nothing on another player's roll" {
  setup = roll(2) .. TABLE .. ROW .. [[ build("charm", 2) ]],
  steps = { { decision = { seat = 1, prompt = "buy a card from the market" } } },
}

scenario "Monument: costs 6, scores 3 VP" {
  setup = roll(6) .. TABLE .. ROW .. [[ seat.set(1, "coins", 6) ]],
  steps = { "1: monument" },
  expect = { checks = { [[ return track.get("vp", 1) == 3 and seat.get(1, "coins") == 0 ]] } },
}

-- tricks: the respond window after a purchase ---------------------------------------

scenario "Tax Collector: an opponent plays it on a purchase and takes 2 coins from the buyer" {
  setup = roll(4) .. TABLE .. ROW .. [[ trick("tax", 2) trick("tax", 1) seat.set(1, "coins", 5) ]],
  steps = {
    "1: market stall",
    -- seat 1 (the buyer) is not offered its own Tax Collector: it passes by itself
    { decision = { seat = 2, prompt = "respond to the purchase of Market Stall or pass",
                   options = { "pass", "play Tax Collector" } } },
    "2: play tax collector",
    { check = [[ return seat.get(1, "coins") == 1 and seat.get(2, "coins") == 5 ]] },
    { check = [[ return #zone.search(zone.get("tableau", 1), "stall") == 1 ]] },
    { check = [[ return #zone.search(zone.get("discard", 2), "tax") == 1 ]] },
  },
  expect = { log = { "seat 2 plays Tax Collector", "seat 1 pays seat 2 2 in tax" } },
}

scenario "Tax Collector: a buyer with fewer coins pays what it has" {
  setup = roll(4) .. TABLE .. ROW .. [[ trick("tax", 2) ]],
  steps = { "1: market stall", "2: play tax collector" },
  expect = { checks = { [[ return seat.get(1, "coins") == 0 and seat.get(2, "coins") == 4 ]] } },
}

scenario "Outbid: the opponent pays price + 1 and takes the card; the buyer gets its coins back" {
  setup = roll(4) .. TABLE .. ROW .. [[ trick("outbid", 2) ]],
  steps = {
    "1: market stall",
    { decision = { seat = 2, options = { "pass", "play Outbid" } } },
    "2: play outbid",
  },
  expect = { checks = {
    [[ return seat.get(1, "coins") == 3 and seat.get(2, "coins") == 0 ]],
    [[ return #zone.search(zone.get("tableau", 2), "stall") == 1 and track.get("vp", 2) == 1 ]],
    [[ return zone.count(zone.get("tableau", 1)) == 0 and track.get("vp", 1) == 0 ]],
  }, log = { "seat 2 outbids seat 1 at 3" } },
}

scenario "Outbid: the first buyer may outbid back, and the price climbs" {
  setup = roll(4) .. TABLE .. ROW .. [[ trick("outbid", 2) trick("outbid", 1)
                                seat.set(1, "coins", 5) seat.set(2, "coins", 5) ]],
  steps = { "1: market stall", "2: play outbid", "1: play outbid" },
  expect = { checks = {
    [[ return seat.get(1, "coins") == 1 and seat.get(2, "coins") == 5 ]],
    [[ return #zone.search(zone.get("tableau", 1), "stall") == 1 and track.get("vp", 1) == 1 ]],
  } },
}

scenario "Outbid: not offered to a seat that cannot pay price + 1" {
  setup = roll(4) .. TABLE .. ROW .. [[ trick("outbid", 2) trick("tax", 2) seat.set(2, "coins", 2) ]],
  steps = {
    "1: market stall",
    { decision = { seat = 2, options = { "pass", "play Tax Collector" } } },
    "2: pass",
  },
  expect = { checks = { [[ return #zone.search(zone.get("tableau", 1), "stall") == 1 ]] } },
}

scenario "tricks are not offered outside the respond window (no purchase, no window)" {
  setup = roll(4) .. TABLE .. ROW .. [[ trick("outbid", 2) trick("tax", 2) ]],
  steps = { "1: pass", { decision = { seat = 2, prompt = "buy a card from the market" } } },
}
