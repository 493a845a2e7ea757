-- Realm: a small Risk for 2 to 4 players, prototyped from the docs alone.
-- Twelve territories in three regions (map.json: regions and borders). Each territory
-- is a card in the public `lands` zone of the seat holding it, with its armies as the
-- card property `armies`. A turn: reinforce (trade a set of banners first, if any),
-- attack adjacent territories as often as you like (3 dice against 2, highest pairs,
-- ties to the defender), fortify once, draw a banner if you conquered this turn.
-- A seat holding no territory is out: skipped from then on, its banners go to the seat
-- that took its last territory. The last seat standing, or the first to complete its
-- secret objective, wins; every objective is shown when the game ends.

local MAP = game.data("map")
local MAX_TURNS = 200
local SET_BONUS = { 4, 6, 8, 10, 12, 15 }

-- ADJ[a][b] is true when territories a and b share a border (built once, read only)
local ADJ = {}
for _, b in ipairs(MAP.borders) do
  ADJ[b[1]] = ADJ[b[1]] or {}
  ADJ[b[2]] = ADJ[b[2]] or {}
  ADJ[b[1]][b[2]] = true
  ADJ[b[2]][b[1]] = true
end

local function lands(s) return zone.get("lands", s) end
local function banners(s) return zone.get("banners", s) end
local function armies(c) return card.get(c, "armies") end
local function holder(c) return zone.owner(card.zone(c)) end
local function out(s) return seat.get(s, "out") == true end

local function alive()
  local l = {}
  for s = 1, game.seats() do
    if not out(s) then l[#l + 1] = s end
  end
  return l
end

-- the next seat after s that is still in the game
local function next_seat(s)
  local n = game.seats()
  for i = 1, n do
    local t = (s + i - 1) % n + 1
    if not out(t) then return t end
  end
  return s
end

-- the territory cards next to card c
local function neighbours(c)
  local l = {}
  for s = 1, game.seats() do
    for _, t in ipairs(zone.cards(lands(s))) do
      if ADJ[card.id(c)][card.id(t)] then l[#l + 1] = t end
    end
  end
  return l
end

-- asks seat s for a number of armies from lo to hi (most first)
local function amount(s, lo, hi, prompt, tag)
  if hi <= lo then return hi end
  local l = {}
  for i = hi, lo, -1 do l[#l + 1] = i == 1 and "1 army" or (i .. " armies") end
  local pick = decide.choose(s, l, { prompt = prompt, tag = tag })
  return math.tointeger(tonumber(pick:match("^(%d+)")))
end

local function holds_region(s, r)
  for _, id in ipairs(MAP.regions[r].lands) do
    if #zone.search(lands(s), id) == 0 then return false end
  end
  return true
end

local function objective_done(s)
  local o = zone.at(zone.get("objective", s))
  if not o then return false end
  local d = card.info(o).data
  if d.regions then
    for _, r in ipairs(d.regions) do
      if not holds_region(s, r) then return false end
    end
    return true
  end
  local n = 0
  for _, c in ipairs(zone.cards(lands(s))) do
    if armies(c) >= (d.armies or 1) then n = n + 1 end
  end
  return n >= d.lands
end

-- shows every objective still hidden, then ends the game
local function finish(winner, why)
  for s = 1, game.seats() do
    local o = zone.at(zone.get("objective", s))
    if o then card.reveal(o) end
  end
  game.win(winner, why)
end

local function check_objective(s)
  if objective_done(s) then
    finish(s, "completed its objective: " .. card.name(zone.at(zone.get("objective", s))))
  end
end

-- seat d held no territory any more after seat by took its last one
local function eliminate(d, by)
  seat.set(d, "out", true)
  game.log("seat " .. d .. " is eliminated by seat " .. by)
  for _, c in ipairs(zone.cards(banners(d))) do
    card.set_owner(c, by)
    card.move(c, banners(by))
  end
  local left = alive()
  if #left == 1 then finish(left[1], "last seat standing") end
end

-- the first set among seat s's banners: three of a kind, one of each, or with wilds
local function find_set(s)
  local by = { foot = {}, horse = {}, cannon = {}, wild = {} }
  for _, c in ipairs(zone.cards(banners(s))) do
    local l = by[card.info(c).data.symbol]
    l[#l + 1] = c
  end
  for _, sym in ipairs({ "foot", "horse", "cannon" }) do
    local l = by[sym]
    if #l + #by.wild >= 3 then
      local set = {}
      for i = 1, math.min(3, #l) do set[#set + 1] = l[i] end
      for i = 1, 3 - #set do set[#set + 1] = by.wild[i] end
      return set
    end
  end
  local set = {}
  for _, sym in ipairs({ "foot", "horse", "cannon" }) do
    if #by[sym] > 0 then set[#set + 1] = by[sym][1] end
  end
  for i = 1, 3 - #set do
    if not by.wild[i] then return nil end
    set[#set + 1] = by.wild[i]
  end
  return set
end

local function trade(s)
  local set = find_set(s)
  if not set then return 0 end
  if zone.count(banners(s)) < 5 then
    local names = {}
    for i, c in ipairs(set) do names[i] = card.name(c) end
    local a = decide.choose(s, { "trade " .. table.concat(names, ", "), "keep the banners" },
                            { prompt = "trade a set of banners for armies?", tag = "trade" })
    if a == "keep the banners" then return 0 end
  end
  for _, c in ipairs(set) do card.move(c, zone.get("banner_discard"), { face = "up" }) end
  local k = game.add("trades", 1)
  local bonus = SET_BONUS[math.min(k, #SET_BONUS)] + 5 * math.max(0, k - #SET_BONUS)
  game.log("seat " .. s .. " trades a set for " .. bonus .. " armies")
  return bonus
end

local function income(s)
  local n = math.max(3, zone.count(lands(s)) // 3)
  for r, reg in pairs(MAP.regions) do
    if holds_region(s, r) then n = n + reg.bonus end
  end
  return n
end

local function reinforce(s)
  local n = trade(s) + income(s)
  while n > 0 do
    local c = decide.choose(s, zone.cards(lands(s)),
                            { prompt = "place armies (" .. n .. " left)", tag = "place" })
    local k = amount(s, 1, n, "how many armies on " .. card.name(c) .. "?", "place_count")
    card.add(c, "armies", k)
    n = n - k
  end
end

local function attack_options(s)
  local opts = {}
  for _, c in ipairs(zone.cards(lands(s))) do
    if armies(c) >= 2 then
      for _, t in ipairs(neighbours(c)) do
        if holder(t) ~= s then
          opts[#opts + 1] = { label = "attack " .. card.name(t) .. " from " .. card.name(c),
                              from = c, to = t }
        end
      end
    end
  end
  return opts
end

local function sorted_dice(p)
  local v = dice.values(p)
  table.sort(v, function(a, b) return a > b end)
  return v
end

-- one attack of seat s from card `from` on card `to`; true when it conquered
local function battle(s, from, to)
  local d = holder(to)
  local na = math.min(3, armies(from) - 1)
  if na > 1 then
    local l = {}
    for i = na, 1, -1 do l[#l + 1] = i == 1 and "1 die" or (i .. " dice") end
    na = math.tointeger(tonumber(decide.choose(s, l, { prompt = "attack with how many dice?",
                                                       tag = "dice" }):match("^(%d+)")))
  end
  local nd = math.min(2, armies(to))
  local va, vd = sorted_dice(dice.roll(na)), sorted_dice(dice.roll(nd))
  local lost_a, lost_d = 0, 0
  for i = 1, math.min(na, nd) do
    if va[i] > vd[i] then lost_d = lost_d + 1 else lost_a = lost_a + 1 end
  end
  game.log(card.name(from) .. " (seat " .. s .. ") attacks " .. card.name(to) .. " (seat " .. d
           .. "): " .. table.concat(va, " ") .. " against " .. table.concat(vd, " ")
           .. "; the attacker loses " .. lost_a .. ", the defender " .. lost_d)
  card.add(from, "armies", -lost_a)
  if card.add(to, "armies", -lost_d) > 0 then return false end
  -- conquered: the territory changes hands, and armies move in
  card.set_owner(to, s)
  to = card.move(to, lands(s))
  local k = amount(s, math.min(na, armies(from) - 1), armies(from) - 1,
                   "move how many armies into " .. card.name(to) .. "?", "move")
  card.add(from, "armies", -k)
  card.set(to, "armies", k)
  seat.set(s, "conquered", true, "turn")
  if zone.count(lands(d)) == 0 then eliminate(d, s) end
  check_objective(s)
  return true
end

local function fortify(s)
  local opts = {}
  for _, c in ipairs(zone.cards(lands(s))) do
    if armies(c) >= 2 then
      for _, t in ipairs(neighbours(c)) do
        if holder(t) == s then
          opts[#opts + 1] = { label = "move from " .. card.name(c) .. " to " .. card.name(t),
                              from = c, to = t }
        end
      end
    end
  end
  if #opts == 0 then return end
  opts[#opts + 1] = { label = "no fortifying", pass = true }
  local a = decide.choose(s, opts, { prompt = "fortify once", tag = "fortify" })
  if a.pass then return end
  local k = amount(s, 1, armies(a.from) - 1, "move how many armies to " .. card.name(a.to) .. "?",
                   "fortify_count")
  card.add(a.from, "armies", -k)
  card.add(a.to, "armies", k)
end

local function draw_banner(s)
  local deck = zone.get("banner_deck")
  if zone.count(deck) == 0 then
    for _, c in ipairs(zone.cards(zone.get("banner_discard"))) do
      card.move(c, deck, { face = "down" })
    end
    zone.shuffle(deck)
  end
  local c = zone.at(deck)
  if not c then return end
  card.set_owner(c, s)
  card.move(c, banners(s), { face = "up" })
end

return {
  turn = { "reinforce", "attack", "fortify", "finish" },
  -- no rotate_active: `finish` hands the turn to the next seat still in the game
  limits = { max_turns = MAX_TURNS + 10 },

  setup = function(ctx)
    local pool = zone.new("unclaimed", { visibility = "public" })
    zone.new("banner_deck", { visibility = "hidden" })
    zone.new("banner_discard", { visibility = "public" })
    local objectives = zone.new("objective_deck", { visibility = "hidden" })
    for s = 1, game.seats() do
      zone.new("lands", { owner = s, visibility = "public" })
      zone.new("banners", { owner = s, visibility = "owner" })
      zone.new("objective", { owner = s, visibility = "owner" })
    end
    for _, id in ipairs(game.defs("territory")) do card.new(id, pool) end
    for _, id in ipairs(game.defs("banner")) do card.new(id, zone.get("banner_deck")) end
    for _, id in ipairs(game.defs("objective")) do card.new(id, objectives) end
    zone.shuffle(pool)
    zone.shuffle(zone.get("banner_deck"))
    zone.shuffle(objectives)
    local i = 0
    for _, c in ipairs(zone.cards(pool)) do
      local s = i % game.seats() + 1
      card.set_owner(c, s)
      c = card.move(c, lands(s))
      card.set(c, "armies", MAP.start_armies)
      i = i + 1
    end
    for s = 1, game.seats() do
      local o = zone.at(objectives)
      card.set_owner(o, s)
      card.move(o, zone.get("objective", s), { face = "down" })
    end
  end,

  steps = {
    reinforce = { enter = function(ctx) reinforce(game.active()) end },
    attack = { enter = function(ctx) game.schedule("attack_more") end },
    fortify = { enter = function(ctx) fortify(game.active()) end },
    finish = { enter = function(ctx)
      local s = game.active()
      if seat.get(s, "conquered") then draw_banner(s) end
      check_objective(s)
      if game.turn() >= MAX_TURNS then
        local best, most = {}, -1
        for _, t in ipairs(alive()) do
          local n = zone.count(lands(t))
          if n > most then best, most = { t }, n elseif n == most then best[#best + 1] = t end
        end
        finish(#best == 1 and best[1] or best, "held the most territories after " .. MAX_TURNS .. " turns")
      end
      game.set_active(next_seat(s))
    end },
  },

  -- one attack, or stop; after an attack, the next one is its own action
  attack_more = function(ctx)
    local s = game.active()
    local opts = attack_options(s)
    if #opts == 0 then return end
    opts[#opts + 1] = { label = "stop attacking", pass = true }
    local a = decide.choose(s, opts, { prompt = "attack?", tag = "attack" })
    if a.pass then return end
    battle(s, a.from, a.to)
    game.schedule("attack_more")
  end,
}
