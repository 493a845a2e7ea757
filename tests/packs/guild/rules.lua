-- Guild: a small worker-placement game for 2 to 4 players.
-- A turn of the engine is one round of the game (rounds = "turns"):
--   refill:  goods pile up on the gathering spaces still empty, buildings pay income,
--            the market is filled to 3 buildings;
--   place:   from the start player round the table, each seat places one worker at a
--            time on a free action space (an occupied or closed space is blocked) until
--            nobody has a worker at home or no space is free;
--   resolve: the spaces pay out in the board's order (gather what lies there, trade,
--            build, draw an omen, hire a worker);
--   feed:    each worker eats 1 food; gold may stand in for food, else 2 points each;
--   home:    the workers come home; the Guildhall's worker is the next start player,
--            else the next seat is.
-- After ROUNDS rounds: points of buildings, omens (crown 3, laurel 1), end-of-game
-- buildings; the most points win, then the most gold, then the win is shared.
-- Goods are a counter supply ("goods") whose counters lie on the spaces, the seats
-- and the pool; omens a hidden bag ("omens") drawn face down by the seats.

local OMEN_POINTS = { crown = 3, laurel = 1, ash = 0 }
local MARKET, START_WORKERS = 3, 2

local function spaces() return game.data("spaces").spaces end
local function space(id) return zone.get(id) end

local function rounds() return game.option("rounds") end

local function goods_text(t)
  local parts = {}
  for _, k in ipairs(GOODS) do
    if (t[k] or 0) > 0 then parts[#parts + 1] = t[k] .. " " .. k end
  end
  return #parts > 0 and table.concat(parts, ", ") or "nothing"
end

-- the buildings of seat s whose script gives fn
local function with_fn(s, fn)
  local out = {}
  for _, c in ipairs(zone.cards(buildings(s))) do
    if card.has(c, fn) then out[#out + 1] = c end
  end
  return out
end

local function workers(s) return seat.get(s, "workers") end

local function refill_market()
  local m, d = zone.get("market"), zone.get("deck")
  while zone.count(m) < MARKET and zone.count(d) > 0 do
    card.move(zone.at(d), m, { face = "up" })
  end
end

local function can_pay(s, c)
  return supply.has("goods", s, card.info(c).data.cost)
end

-- seat s builds card c from the market
local function build(s, c)
  local d = card.info(c).data
  supply.give("goods", s, d.cost)
  card.set_owner(c, s)
  c = card.move(c, buildings(s), { face = "up" })
  seat.add(s, "points", d.points)
  game.stat("buildings built", 1)
  if card.has(c, "built") then card.call(c, "built", { seat = s }) end
  refill_market()
end

-- What each kind of space does when a worker of seat s resolves it.
local ACTIONS = {
  trade = function(s, sp)
    local rate = 2
    for _, c in ipairs(with_fn(s, "trade_rate")) do
      rate = math.min(rate, card.call(c, "trade_rate", { seat = s }))
    end
    local items = {}
    for _, k in ipairs({ "wood", "stone", "food" }) do
      local n = supply.count("goods", s, k)
      if n > 0 then items[#items + 1] = { id = k, max = math.min(n, 6) } end
    end
    if #items == 0 then
      game.log("seat " .. s .. " has nothing to sell at the Trading Post")
      return
    end
    -- goods go in pairs at 2 for 1 (any mix of kinds): the total a multiple of the rate
    local sold = decide.amounts(s, items, {
      min = 0, max = 6, step = rate, tag = "sell",
      prompt = rate == 1 and "Trading Post: sell up to 6 goods, 1 gold each"
                          or "Trading Post: sell up to 6 goods in pairs, 1 gold for every 2" })
    local n = 0
    for _, it in ipairs(items) do n = n + sold[it.id] end
    if n == 0 then return end
    supply.give("goods", s, sold)
    gain(s, { gold = n // rate }, "the Trading Post")
  end,

  build = function(s, sp)
    local opts = {}
    for _, c in ipairs(zone.cards(zone.get("market"))) do
      if can_pay(s, c) then
        local d = card.info(c).data
        opts[#opts + 1] = { label = "build " .. card.name(c), card = c,
                            data = { cost = d.cost, points = d.points, id = card.id(c) } }
      end
    end
    if #opts == 0 then
      game.log("seat " .. s .. " can pay for no building in the market")
      return
    end
    opts[#opts + 1] = { label = "build nothing", pass = true }
    local o = decide.choose(s, opts, { prompt = sp.name .. ": build a building", tag = "build" })
    if o.card then build(s, o.card) end
  end,

  omen = function(s, sp)
    local n = 1
    for _, c in ipairs(with_fn(s, "omens")) do n = n + card.call(c, "omens", { seat = s }) end
    draw_omens(s, n)
  end,

  hire = function(s, sp)
    if workers(s) >= MAX_WORKERS then
      game.log("seat " .. s .. " has " .. MAX_WORKERS .. " workers already")
    elseif not supply.has("goods", s, { food = 2 }) then
      game.log("seat " .. s .. " cannot pay 2 food at the Inn")
    else
      supply.give("goods", s, { food = 2 })
      gain_worker(s)
    end
  end,
}

local function resolve(s, sp, z)
  if sp.gather then
    local got = supply.holdings("goods", { zone = z })
    local moved = false
    for _, k in ipairs(GOODS) do if got[k] > 0 then moved = true end end
    if moved then supply.move("goods", { zone = z }, s, got) end
    for _, c in ipairs(with_fn(s, "gathered")) do
      card.call(c, "gathered", { seat = s, wood = got.wood, stone = got.stone, food = got.food, gold = got.gold })
    end
  end
  if sp.fixed then gain(s, sp.fixed) end
  if sp.action then ACTIONS[sp.action](s, sp) end
  if sp.first then
    game.set("next_first", s)
    game.log("seat " .. s .. " will be the start player next round")
  end
end

-- the spaces seat s may place on now, and those it may not (with why)
local function placements(s)
  local opts, unavailable = {}, {}
  for _, sp in ipairs(spaces()) do
    local z = space(sp.id)
    if zone.prop(z, "closed") then
      -- closed with this many players: not part of the game, not listed
    elseif zone.count(z) > 0 then
      unavailable[#unavailable + 1] = { sp.name, "taken by seat " .. card.owner(zone.at(z)) }
    else
      local lying = supply.holdings("goods", { zone = z })
      local label = sp.name
      if sp.gather then label = label .. " (" .. goods_text(lying) .. ")"
      elseif sp.fixed and not sp.action then label = label .. " (" .. goods_text(sp.fixed) .. ")" end
      opts[#opts + 1] = { label = label, space = sp.id,
                          data = { space = sp.id, action = sp.action or "gather",
                                   goods = sp.gather and lying or sp.fixed or {},
                                   first = sp.first or false } }
    end
  end
  return opts, unavailable
end

local function finish()
  -- omens are shown and scored, then the end-of-game buildings
  for s = 1, game.seats() do
    local held = supply.holdings("omens", s)
    local n = 0
    for k, v in pairs(held) do n = n + v end
    if n > 0 then
      supply.move("omens", s, "out", held)
      for _, k in ipairs({ "crown", "laurel", "ash" }) do
        if held[k] * OMEN_POINTS[k] > 0 then seat.add(s, "points", held[k] * OMEN_POINTS[k]) end
      end
    end
    seat.set(s, "omens_shown", n)
    for _, c in ipairs(with_fn(s, "score")) do
      local p = card.call(c, "score", { seat = s })
      if p > 0 then
        seat.add(s, "points", p)
        game.log(card.name(c) .. ": seat " .. s .. " scores " .. p)
      end
    end
  end
  local best = {}
  local function key(s) return seat.get(s, "points") * 1000 + supply.count("goods", s, "gold") end
  for s = 1, game.seats() do
    if #best == 0 or key(s) > key(best[1]) then best = { s }
    elseif key(s) == key(best[1]) then best[#best + 1] = s end
  end
  local top, second = seat.get(best[1], "points"), nil
  for s = 1, game.seats() do
    local p = seat.get(s, "points")
    if p < top and (not second or p > second) then second = p end
  end
  game.stat("winning points", top)
  game.stat("lead at the end", top - (second or top))
  local tied = 0
  for s = 1, game.seats() do if seat.get(s, "points") == top then tied = tied + 1 end end
  if tied > 1 then game.stat("ties broken by gold", 1) end
  if #best == 1 then
    game.win(best[1], tied > 1 and "tied on points, the most gold" or "the most points")
  else
    game.win(best, "tied on points and gold")
  end
end

return {
  turn = { "refill", "place", "resolve", "feed", "home" },
  rounds = "turns",
  limits = { max_turns = 100 },
  kinds = { worker = { needs = {} } },

  setup = function(ctx)
    local n = game.seats()
    supply.new("goods", { wood = 60, stone = 40, food = 80, gold = 30 },
               { order = { "wood", "stone", "food", "gold" } })
    supply.new("omens", { crown = 4, laurel = 8, ash = 6 },
               { hidden = true, order = { "crown", "laurel", "ash" } })
    local spec = { name = game.data("spaces").board, spaces = {} }
    for _, sp in ipairs(spaces()) do
      spec.spaces[#spec.spaces + 1] = { name = sp.id, x = sp.x, y = sp.y }
    end
    board.build(spec)
    for _, sp in ipairs(spaces()) do
      if sp.players and n < sp.players then zone.set(space(sp.id), "closed", true) end
    end
    local deck = zone.new("deck", { visibility = "hidden" })
    zone.new("market", { visibility = "public" })
    for _, id in ipairs(game.defs("building")) do
      for _ = 1, game.def(id).count do card.new(id, deck) end
    end
    zone.shuffle(deck)
    for s = 1, n do
      zone.new("home", { owner = s, visibility = "public" })
      zone.new("buildings", { owner = s, visibility = "public" })
      seat.set(s, "points", 0)
      seat.set(s, "workers", START_WORKERS)
      for _ = 1, START_WORKERS do card.new("worker", home(s), s) end
      -- later seats start with a little more food
      gain(s, { wood = 1, food = 2 + (s - 1) // 2 })
    end
    game.set("round", 0)
    game.set("rounds", rounds())
    game.set_active(1)
  end,

  steps = {
    refill = { enter = function(ctx)
      game.add("round", 1)
      for _, sp in ipairs(spaces()) do
        local z = space(sp.id)
        if sp.gather and not zone.prop(z, "closed") then
          local add = {}
          for _, k in ipairs(GOODS) do
            add[k] = math.min(sp.gather[k] or 0, supply.count("goods", "pool", k))
          end
          supply.move("goods", "pool", { zone = z }, add)
        end
      end
      for s = 1, game.seats() do
        for _, c in ipairs(with_fn(s, "income")) do card.call(c, "income", { seat = s }) end
      end
      refill_market()
    end },

    place = { enter = function(ctx)
      local n, first = game.seats(), game.active()
      local placed = true
      while placed do
        placed = false
        for i = 0, n - 1 do
          local s = (first - 1 + i) % n + 1
          local w = zone.at(home(s))
          if w then
            local opts, unavailable = placements(s)
            if #opts > 0 then
              local o = decide.choose(s, opts, { prompt = "place a worker", tag = "place",
                                                 unavailable = unavailable })
              card.move(w, space(o.space))
              placed = true
            end
          end
        end
      end
    end },

    resolve = { enter = function(ctx)
      for _, sp in ipairs(spaces()) do
        local z = space(sp.id)
        for _, w in ipairs(zone.cards(z)) do resolve(card.owner(w), sp, z) end
      end
    end },

    feed = { enter = function(ctx)
      for s = 1, game.seats() do
        local need = workers(s)
        for _, c in ipairs(with_fn(s, "appetite")) do
          need = need + card.call(c, "appetite", { seat = s })
        end
        need = math.max(0, need)
        local food = math.min(need, supply.count("goods", s, "food"))
        if food > 0 then supply.give("goods", s, { food = food }) end
        local short = need - food
        if short > 0 then
          local gold = supply.count("goods", s, "gold")
          local paid = decide.amounts(s, { { id = "gold", max = math.min(short, gold) } }, {
            prompt = "feed: " .. short .. " food short: pay 1 gold for each, or lose 2 points each",
            tag = "feed", auto = true })
          if paid.gold > 0 then supply.give("goods", s, { gold = paid.gold }) end
          local beg = short - paid.gold
          if beg > 0 then
            seat.add(s, "points", -2 * beg)
            game.stat("hungry workers", beg)
            game.log("seat " .. s .. ": " .. beg .. " hungry worker(s), -" .. 2 * beg .. " points")
          end
        end
      end
    end },

    home = { enter = function(ctx)
      for _, w in ipairs(board.pieces(board.get(game.data("spaces").board))) do
        card.move(w, home(card.owner(w)))
      end
      if game.get("round") >= rounds() then finish() end
      local nf = game.get("next_first")
      game.set("next_first", nil)
      game.set_active(nf or (game.active() % game.seats() + 1))
    end },
  },
}
