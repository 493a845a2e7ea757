-- Gems: a small Splendor-like engine builder for 2 to 4 players.
-- A market of development cards in three rows (tiers), each dealt from its own deck;
-- gem tokens in five colours and gold in a shared supply. On your turn, one action:
--   take 3 gems of different colours; take 2 of one colour (4 or more left of it);
--   reserve a card (face up from the market, or the top of a deck, face down: hidden
--   from the others) and take a gold; or buy a card from the market or your reserve,
--   paying its cost less one gem per card of that colour you own (gold pays for any).
-- Then: hold at most 10 gems (return the rest); a noble whose requirements your cards
-- meet visits you (you choose when several do). When a seat ends its turn on 15
-- points, the round is played out; the most points win, then the fewest cards bought,
-- then the win is shared.
-- The gems are a counter supply ("gems", supply.new): taking, paying and returning move
-- them between its pool and the seats, so no gem is ever made or lost on the way.

local COLOURS = { "white", "blue", "green", "red", "black" }
local GOAL, HAND_LIMIT, MAX_RESERVED, MARKET = 15, 10, 3, 4
local MAX_ROUNDS = 60
local SUPPLY = { [2] = 4, [3] = 5, [4] = 7 }

local function deck(t) return zone.get("deck" .. t) end
local function market(t) return zone.get("market" .. t) end
local function tableau(s) return zone.get("tableau", s) end
local function reserved(s) return zone.get("reserved", s) end

local function bonus(s, col) return seat.get(s, "cards_" .. col) or 0 end
local function held(s, col) return supply.count("gems", s, col) end
local function left(col) return supply.count("gems", "pool", col) end
local function gems(s) return supply.count("gems", s) end

-- What seat s pays for card c: gems of each colour, then gold; nil if it cannot.
local function price(s, c)
  local pay, gold = {}, 0
  for col, n in pairs(card.info(c).data.cost) do
    local due = math.max(0, n - bonus(s, col))
    local own = math.min(due, held(s, col))
    pay[col] = own
    gold = gold + (due - own)
  end
  if gold > held(s, "gold") then return nil end
  return pay, gold
end

local function refill(t, pos)
  local top = zone.at(deck(t))
  if top then card.move(top, market(t), { pos = pos, face = "up" }) end
end

local function position(c)
  local z = card.zone(c)
  for i, x in ipairs(zone.cards(z)) do if x == c then return i end end
end

local function buy(s, c)
  local pay, gold = price(s, c)
  pay.gold = gold
  supply.give("gems", s, pay)
  local from, t, pos = card.zone(c), card.info(c).data.tier, position(c)
  card.set_owner(c, s)
  card.move(c, tableau(s), { face = "up" })
  local d = card.info(c).data
  seat.add(s, "cards_" .. d.bonus, 1)
  seat.add(s, "points", d.points)
  seat.add(s, "bought", 1)
  if from == market(t) then refill(t, pos) end
end

local function reserve(s, c, t)
  local from_deck = c == nil
  if from_deck then c = zone.at(deck(t)) end
  local pos = not from_deck and position(c) or nil
  card.set_owner(c, s)
  card.move(c, reserved(s), { face = from_deck and "down" or "up" })
  if left("gold") > 0 then supply.take("gems", s, { gold = 1 }) end
  if not from_deck then refill(t, pos) end
end

-- cols: a list of colours, one gem each ({ "red", "red" } is two red)
local function take(s, cols) supply.take("gems", s, cols) end

-- The options of the turn's one action, each a table with a label.
local function actions(s)
  local opts, avail = {}, 0
  for _, col in ipairs(COLOURS) do
    if left(col) > 0 then avail = avail + 1 end
  end
  if avail > 0 then opts[#opts + 1] = { label = "take different gems", act = "take3" } end
  for _, col in ipairs(COLOURS) do
    if left(col) >= 4 then
      opts[#opts + 1] = { label = "take 2 " .. col, act = "take2", col = col }
    end
  end
  for t = 1, 3 do
    for _, c in ipairs(zone.cards(market(t))) do
      if price(s, c) then opts[#opts + 1] = { label = "buy " .. card.name(c), act = "buy", card = c } end
    end
  end
  for _, c in ipairs(zone.cards(reserved(s))) do
    if price(s, c) then
      opts[#opts + 1] = { label = "buy " .. card.name(c) .. " (reserved)", act = "buy", card = c }
    end
  end
  if zone.count(reserved(s)) < MAX_RESERVED then
    for t = 1, 3 do
      for _, c in ipairs(zone.cards(market(t))) do
        opts[#opts + 1] = { label = "reserve " .. card.name(c), act = "reserve", card = c, tier = t }
      end
      if zone.count(deck(t)) > 0 then
        opts[#opts + 1] = { label = "reserve from deck " .. t, act = "reserve", tier = t }
      end
    end
  end
  if #opts == 0 then opts[1] = { label = "pass", pass = true, act = "pass" } end
  return opts
end

local function take_action(s)
  local a = decide.choose(s, actions(s), { prompt = "your action", tag = "action" })
  if a.act == "take3" then
    local cols = {}
    for _, col in ipairs(COLOURS) do
      if left(col) > 0 then cols[#cols + 1] = col end
    end
    local n = math.min(3, #cols)
    local picked = decide.choose(s, cols, { prompt = "take " .. n .. " gems of different colours",
                                            tag = "gems", min = n, max = n })
    take(s, picked)
  elseif a.act == "take2" then
    take(s, { a.col, a.col })
  elseif a.act == "buy" then
    buy(s, a.card)
  elseif a.act == "reserve" then
    reserve(s, a.card, a.tier)
  end
end

-- Over HAND_LIMIT gems, seat s returns the extra ones, in one question of quantities:
-- how many of each colour it holds (decide.amounts), k in all.
local function discard_down(s)
  local k = gems(s) - HAND_LIMIT
  if k <= 0 then return end
  local items = {}
  for _, col in ipairs({ "white", "blue", "green", "red", "black", "gold" }) do
    local n = math.min(k, held(s, col))
    if n > 0 then items[#items + 1] = { id = col, max = n } end
  end
  local back = decide.amounts(s, items, { prompt = "return " .. k .. " gems (you hold " .. gems(s) .. ")",
                                          tag = "return", total = k })
  supply.give("gems", s, back)
end

local function visits(s)
  local ok = {}
  for _, n in ipairs(zone.cards(zone.get("nobles"))) do
    local meets = true
    for col, k in pairs(card.info(n).data.requires) do
      if bonus(s, col) < k then meets = false end
    end
    if meets then ok[#ok + 1] = n end
  end
  if #ok == 0 then return end
  local n = ok[1]
  if #ok > 1 then n = decide.choose(s, ok, { prompt = "which noble visits you?", tag = "noble" }) end
  card.set_owner(n, s)
  card.move(n, zone.get("visitors", s))
  seat.add(s, "points", card.info(n).data.points)
end

local function finish(why)
  local best = {}
  for s = 1, game.seats() do
    local p, b = seat.get(s, "points"), seat.get(s, "bought")
    local top = best[1]
    if not top or p > seat.get(top, "points")
       or (p == seat.get(top, "points") and b < seat.get(top, "bought")) then
      best = { s }
    elseif p == seat.get(top, "points") and b == seat.get(top, "bought") then
      best[#best + 1] = s
    end
  end
  if #best == 1 then
    game.win(best[1], (why or "15 points reached") .. ": the most points")
  else
    game.win(best, (why or "15 points reached") .. ": tied on points and cards bought")
  end
end

return {
  turn = { "action", "limit", "nobles", "end" },
  rotate_active = true,
  limits = { max_turns = 1000 },

  setup = function(ctx)
    local n = game.seats()
    for t = 1, 3 do
      zone.new("deck" .. t, { visibility = "hidden" })
      zone.new("market" .. t, { visibility = "public" })
    end
    zone.new("nobles", { visibility = "public" })
    local nobles = zone.new("noble_deck", { visibility = "hidden" })
    for _, id in ipairs(game.defs("development")) do
      card.new(id, deck(game.def(id).data.tier), nil)
    end
    for _, id in ipairs(game.defs("noble")) do card.new(id, nobles) end
    for t = 1, 3 do
      zone.shuffle(deck(t))
      zone.draw(deck(t), market(t), MARKET)
    end
    zone.shuffle(nobles)
    zone.draw(nobles, zone.get("nobles"), n + 1)
    local totals = { gold = 5 }
    for _, col in ipairs(COLOURS) do totals[col] = SUPPLY[n] end
    supply.new("gems", totals, { order = { "white", "blue", "green", "red", "black", "gold" } })
    for s = 1, n do
      zone.new("tableau", { owner = s, visibility = "public" })
      zone.new("reserved", { owner = s, visibility = "public" })
      zone.new("visitors", { owner = s, visibility = "public" })
      seat.set(s, "points", 0)
      seat.set(s, "bought", 0)
    end
  end,

  steps = {
    action = { enter = function(ctx) take_action(game.active()) end },
    limit = { enter = function(ctx) discard_down(game.active()) end },
    nobles = { enter = function(ctx) visits(game.active()) end },
    ["end"] = { enter = function(ctx)
      local s = game.active()
      if seat.get(s, "points") >= GOAL and not game.get("last_round") then
        game.set("last_round", true)
        game.log("seat " .. s .. " has " .. seat.get(s, "points") .. " points: the round is played out")
      end
      if s == game.seats() then
        if game.get("last_round") then finish() end
        game.add("round", 1)
        if game.get("round") >= MAX_ROUNDS then finish("after " .. MAX_ROUNDS .. " rounds") end
      end
    end },
  },
}
