-- Gems (tests/packs/gems): a Splendor-like market game. Taking gems from the shared
-- supply, the hand limit, buying with discounts and gold, reserving (hidden from the
-- deck), nobles, and the last round. The gems are a counter supply ("gems":
-- supply.count("gems", s, "white") is what seat s holds, "pool" what is left), so every
-- scenario's gems come out of the pool and go back to it: the totals never change.

-- Lua run in the game: `fetch(id)` is the card of that id wherever it is (a deck, a
-- market); `market(t, ids)` makes row t hold exactly those cards.
local LIB = [[
  local function fetch(id)
    for _, z in ipairs({ "deck1", "deck2", "deck3", "market1", "market2", "market3" }) do
      local c = zone.search(zone.get(z), id)[1]
      if c then return c end
    end
  end
  local function market(t, ids)
    local m, d = zone.get("market" .. t), zone.get("deck" .. t)
    for _, c in ipairs(zone.cards(m)) do card.move(c, d, { pos = "top" }) end
    for _, id in ipairs(ids) do card.move(fetch(id), m, { face = "up" }) end
  end
  -- seat s takes those gems from the pool
  local function gems(s, t) supply.take("gems", s, t) end
]]
-- the gems seat s holds (or the pool: s = "pool") equal t, the kinds t leaves out 0
local function holds(s, t)
  local q = type(s) == "string" and '"' .. s .. '"' or tostring(s)
  local parts = {}
  for _, col in ipairs({ "white", "blue", "green", "red", "black", "gold" }) do
    parts[#parts + 1] = ("supply.count('gems', %s, '%s') == %d"):format(q, col, t[col] or 0)
  end
  return "return " .. table.concat(parts, " and ")
end

defaults { game = "tests/packs/gems", players = 2 }

scenario "taking three different gems moves them from the supply to the seat" {
  steps = {
    { decision = { seat = 1, includes = { "take different gems", "take 2 white" } } },
    "1: take different gems",
    { decision = { seat = 1, options = { "white", "blue", "green", "red", "black" }, min = 3, max = 3 } },
    "1: white, red, black",
  },
  expect = { checks = {
    holds(1, { white = 1, red = 1, black = 1 }),
    holds("pool", { white = 3, blue = 4, green = 4, red = 3, black = 3, gold = 5 }),
  } },
}

scenario "two of a kind only from a colour with 4 or more left; fewer colours, fewer gems" {
  -- seat 2 holds the rest: the pool has 3 white, 4 black and nothing else
  setup = [[ supply.take("gems", 2, { white = 1, blue = 4, green = 4, red = 4, gold = 5 }) ]],
  steps = {
    { decision = { seat = 1, includes = { "take 2 black" }, excludes = { "take 2 white", "take 2 blue" } } },
    "1: take different gems",
    { decision = { seat = 1, options = { "white", "black" }, min = 2, max = 2 } },
    "1: white, black",
  },
  expect = { checks = { holds(1, { white = 1, black = 1 }), holds("pool", { white = 2, black = 3 }) } },
}

scenario "more than 10 gems: the seat returns the extra ones in one answer" {
  setup = LIB .. [[ gems(1, { white = 3, blue = 3, green = 3 }) ]],
  steps = {
    "1: take different gems", "1: red, black, white",
    -- a question of quantities: at most 2 of a colour, 2 in all
    { decision = { seat = 1, prompt = "return 2 gems (you hold 12)", kind = "amounts", min = 2, max = 2,
                   options = { "white", "blue", "green", "red", "black" },
                   bounds = { white = { 0, 2 }, blue = { 0, 2 }, green = { 0, 2 }, red = { 0, 1 }, black = { 0, 1 } } } },
    "1: white 2",
  },
  expect = { checks = {
    holds(1, { white = 2, blue = 3, green = 3, red = 1, black = 1 }),
    -- 4 white: 3 taken in the setup, 1 in the turn, 2 given back
    holds("pool", { white = 2, blue = 1, green = 1, red = 3, black = 3, gold = 5 }),
  } },
}

scenario "returning gems: an answer as a table of counts by colour" {
  setup = LIB .. [[ gems(1, { white = 3, blue = 3, green = 3 }) ]],
  steps = {
    "1: take different gems", "1: red, black, white",
    { answer = { blue = 1, green = 1 } },
  },
  expect = { checks = { holds(1, { white = 4, blue = 2, green = 2, red = 1, black = 1 }) } },
}

scenario "a card costs its gems less the seat's cards of each colour; gold pays the rest" {
  -- Diamond Workshop (white21): 2 blue, 2 green, 3 black; 1 point
  setup = LIB .. [[
    market(2, { "white21", "blue21", "green21", "red21" })
    gems(1, { blue = 1, green = 2, black = 1, gold = 1 })
    seat.set(1, "cards_black", 2)      -- two black cards: black costs 1
  ]],
  steps = {
    -- blue 2 - 1 held = 1 short: the gold pays it
    "1: buy Diamond Workshop",
  },
  expect = { checks = {
    holds(1, {}),
    -- every gem paid is back in the pool, which is full again
    holds("pool", { white = 4, blue = 4, green = 4, red = 4, black = 4, gold = 5 }),
    [[ return seat.get(1, "points") == 1 and seat.get(1, "cards_white") == 1 and seat.get(1, "bought") == 1 ]],
    -- the market row is dealt back up to four, from its deck
    [[ return zone.count(zone.get("market2")) == 4 and zone.count(zone.get("deck2")) == 5 ]],
  } },
}

scenario "a card the seat cannot pay for is not offered" {
  setup = LIB .. [[ market(3, { "white31", "blue31", "green31", "red31" }); gems(1, { white = 3 }) ]],
  steps = { { decision = { seat = 1, excludes = { "buy Diamond Palace" }, includes = { "reserve Diamond Palace" } } } },
}

scenario "a card reserved from a deck is hidden from the others; a gold comes with it" {
  steps = {
    "1: reserve from deck 3",
    { check = [[
      local c = zone.at(zone.get("reserved", 1))
      return card.face_down(c) and card.visible(c, 1) and not card.visible(c, 2)
    ]] },
  },
  expect = { checks = { holds(1, { gold = 1 }), [[ return supply.count("gems", "pool", "gold") == 4 ]] } },
}

scenario "a card reserved from the market stays in view and is bought later from the reserve" {
  setup = LIB .. [[ market(1, { "white11", "blue11", "green11", "red11" }) ]],
  steps = {
    "1: reserve Diamond Mine",
    { check = [[ local c = zone.at(zone.get("reserved", 1)) return card.visible(c, 2) and card.id(c) == "white11" ]] },
    "2: take different gems", "2: white, blue, green",
    { lua = [[ supply.take("gems", 1, { blue = 1, green = 1 }) ]] },
    -- Diamond Mine costs 1 blue, 1 green, 1 red: the gold pays the red
    "1: buy Diamond Mine (reserved)",
  },
  expect = { checks = { [[ return seat.get(1, "cards_white") == 1 and zone.count(zone.get("reserved", 1)) == 0 ]],
                        holds(1, {}), holds(2, { white = 1, blue = 1, green = 1 }) } },
}

scenario "three reserved cards: no more reserving" {
  steps = {
    "1: reserve from deck 1", "2: take 2 red",
    "1: reserve from deck 2", "2: take 2 blue",
    "1: reserve from deck 3", "2: take 2 green",
    { decision = { seat = 1, excludes = { "reserve from deck 1" } } },
  },
}

scenario "one noble whose requirements are met visits at once" {
  -- Baron of Rubies: 4 red, 4 green cards
  setup = LIB .. [[
    local nobles = zone.get("nobles")
    for _, n in ipairs(zone.cards(nobles)) do card.move(n, zone.get("noble_deck")) end
    card.move(zone.search(zone.get("noble_deck"), "noble3")[1], nobles)
    seat.set(1, "cards_red", 4); seat.set(1, "cards_green", 4)
  ]],
  steps = { "1: take 2 red", { decision = { seat = 2 } } },
  expect = { checks = { [[ return seat.get(1, "points") == 3 and zone.count(zone.get("visitors", 1)) == 1 ]] } },
}

scenario "two nobles qualify: the seat chooses one" {
  setup = LIB .. [[
    local nobles, pool = zone.get("nobles"), zone.get("noble_deck")
    for _, n in ipairs(zone.cards(nobles)) do card.move(n, pool) end
    card.move(zone.search(pool, "noble3")[1], nobles)   -- 4 red, 4 green
    card.move(zone.search(pool, "noble6")[1], nobles)   -- 3 black, 3 red, 3 green
    seat.set(1, "cards_red", 4); seat.set(1, "cards_green", 4); seat.set(1, "cards_black", 3)
  ]],
  steps = {
    "1: take 2 red",
    { decision = { seat = 1, options = { "Baron of Rubies", "Lady of the Mines" } } },
    "1: Lady of the Mines",
  },
  expect = { checks = { [[ return seat.get(1, "points") == 3 and zone.count(zone.get("nobles")) == 1 ]] } },
}

scenario "15 points: the round is played out, then the most points win" {
  players = 3,
  setup = [[ seat.set(2, "points", 14); seat.set(3, "points", 16) ]],
  steps = {
    "1: take 2 red",
    -- seat 2 ends its turn on 14: nothing yet; seat 3 ends the round on 16
    "2: take 2 blue",
    { check = [[ return not game.over() ]] },
    "3: take 2 green",
  },
  expect = { over = 3, log = { "the round is played out", "15 points reached: the most points" } },
}

scenario "seat 1 reaches 15: seat 2 still plays its turn" {
  setup = [[ seat.set(1, "points", 15) ]],
  steps = {
    "1: take 2 red",
    { check = [[ return not game.over() and game.get("last_round") == true ]] },
    { decision = { seat = 2 } },
    "2: take 2 blue",
  },
  expect = { over = 1 },
}

scenario "tied on points: the fewest cards bought wins" {
  setup = [[ seat.set(1, "points", 15); seat.set(1, "bought", 7); seat.set(2, "points", 15); seat.set(2, "bought", 6) ]],
  steps = { "1: take 2 red", "2: take 2 blue" },
  expect = { over = 2 },
}

scenario "tied on points and cards: a shared win" {
  setup = [[ for s = 1, 2 do seat.set(s, "points", 15); seat.set(s, "bought", 6) end ]],
  steps = { "1: take 2 red", "2: take 2 blue" },
  expect = { over = true, log = { "seats 1 and 2 win" },
             checks = { [[ return game.over() ]] } },
}

scenario "the greedy bot returns two gems of one colour by naming it twice" {
  -- Sapphire Mine (blue11) needs white, green, red; the bot holds 5 black it needs none of
  -- (three players: 5 gems of each colour)
  players = 3,
  setup = LIB .. [[
    for t = 1, 3 do market(t, {}) end
    market(1, { "blue11" })
    gems(1, { black = 5, white = 2, green = 1, red = 1 })
  ]],
  steps = {
    "1: take different gems", "1: white, green, blue",
    { decision = { seat = 1, prompt = "return 2 gems (you hold 12)" } },
    { bot = 1, as = "greedy" },
  },
  expect = { checks = { holds(1, { white = 3, blue = 1, green = 2, red = 1, black = 3 }) } },
}

scenario "a payment the seat is short of is refused whole: no gem moves" {
  setup = LIB .. [[ gems(1, { white = 1, gold = 1 }) ]],
  steps = {
    { lua = [[
      local ok, err = pcall(supply.give, "gems", 1, { white = 1, gold = 2, red = 1 })
      assert(not ok, "the payment went through")
      -- every kind short is named with the shortfall (in the supply's order of kinds);
      -- the white it holds stays
      assert(err:find("supply.give: seat 1 has 0 red of 'gems', 1 to move: 1 short; " ..
                      "seat 1 has 1 gold of 'gems', 2 to move: 1 short", 1, true), err)
    ]] },
    { check = [[ return supply.count("gems", 1) == 2 and supply.count("gems", "pool") == 23 ]] },
    -- a move between two seats, the same
    { lua = [[ assert(not pcall(supply.move, "gems", 2, 1, { white = 1 })) ]] },
  },
  expect = { checks = {
    holds(1, { white = 1, gold = 1 }), holds(2, {}),
    holds("pool", { white = 3, blue = 4, green = 4, red = 4, black = 4, gold = 4 }),
  }, log = { "gems: 1 white, 1 gold: pool -> seat 1" } },
}

scenario "the totals never change: 6 kinds, 21 gems and 5 gold between the pool and the seats" {
  steps = {
    "1: take different gems", "1: white, blue, green",
    "2: reserve from deck 1",
    "1: take 2 red",
    "2: take different gems", "2: white, red, black",
  },
  expect = { checks = { [[
    for _, col in ipairs(supply.kinds("gems")) do
      local n = supply.count("gems", "pool", col) + supply.count("gems", 1, col) + supply.count("gems", 2, col)
      if n ~= supply.total("gems", col) then return false end
    end
    return supply.total("gems", "white") == 4 and supply.total("gems", "gold") == 5
  ]] } },
}
