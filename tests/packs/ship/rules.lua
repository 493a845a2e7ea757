-- Ship: a small semi-cooperative survival game in the manner of Nemesis, for 2 to 4 crew.
-- The ship is a graph board of seven rooms (ship.json); a way between two rooms is an
-- open corridor, a closed "door" or a "door open" (the board lets pieces through "open"
-- and "door open": ship.json's passable), and every room but the cryo bay lies face
-- down until a crew member enters it.
-- On your turn you draw up to 3 action cards and take 2 actions: move (a noise roll in a
-- room you enter alone: silence, a noise marker, or an encounter that draws a token from
-- the hidden intruder bag, supply.draw, and shows it to all), open or close a door (a
-- closed door stops the intruders closing in), shoot (1 ammo), search a room once (2 gear),
-- use a medkit, give gear, or play an action card. Then the intruders in your room
-- attack you and the others close in. Ammo and medkits, health, the intruder bag and
-- the noise markers in the rooms are counter supplies. After 6 rounds the ship self-destructs: each crew member alive in the escape
-- pods or back in cryo survives, and each survivor whose secret objective holds wins
-- (several may win; nobody: a draw).

local ROUNDS, ACTIONS, HAND = 6, 2, 3
local GOALS = { "hunter", "scientist", "traitor", "salvager" }

local function draw(s, n)
  for _ = 1, n do
    if zone.count(deck(s)) == 0 then
      if zone.count(discard(s)) == 0 then return end
      for _, c in ipairs(zone.cards(discard(s))) do card.move(c, deck(s), { face = "down" }) end
      zone.shuffle(deck(s))
    end
    zone.draw(deck(s), hand(s), 1)
  end
end

local function gear(s) return supply.count("gear", s, "ammo") + supply.count("gear", s, "medkit") end

local function safe(s)
  if not alive(s) then return false end
  local n = zone.name(room_of(s))
  return n == "pods" or n == "cryo"
end

local function goal_met(s)
  local g = seat.get(s, "_goal")
  if g == "hunter" then return (seat.get(s, "kills") or 0) >= 2 end
  if g == "scientist" then return seat.get(s, "sample") == true end
  if g == "salvager" then return gear(s) >= 3 end
  if g == "traitor" then
    for t = 1, game.seats() do
      if t ~= s and not alive(t) then return true end
    end
    return false
  end
  return false
end

local function finish(reason)
  local winners = {}
  for s = 1, game.seats() do
    if alive(s) then game.log("seat " .. s .. "'s objective was " .. seat.get(s, "_goal")) end
    if safe(s) and goal_met(s) then winners[#winners + 1] = s end
  end
  game.stat("winners", #winners)
  if #winners == 0 then game.draw(reason .. ": no crew member met their objective") end
  game.win(winners, reason)
end

-- the options of seat s's next action, and what is not offered and why
local function action_options(s)
  local here = room_of(s)
  local opts, unavailable = {}, {}
  local pods = zone.get("pods")
  for _, z in ipairs(board.neighbours(here)) do
    local d = board.distance(z, pods)
    opts[#opts + 1] = { label = "move to the " .. room_name(z), kind = "move", to = z,
      data = { action = "move", room = zone.name(z), explored = explored(z),
               intruders = explored(z) and #intruders_in(z) or 0, to_pods = d or 99,
               to_lab = board.distance(z, zone.get("lab")) or 99 } }
  end
  for _, z in ipairs(board.neighbours(here, { all = true })) do
    local e = board.edge(here, z)
    if e == "door" then
      opts[#opts + 1] = { label = "open the door to the " .. room_name(z), kind = "door", to = z,
                          data = { action = "door", room = zone.name(z),
                                   to_pods = board.distance(z, pods, { all = true }) or 99 } }
    elseif e == "door open" then
      opts[#opts + 1] = { label = "close the door to the " .. room_name(z), kind = "close", to = z,
                          data = { action = "close", room = zone.name(z),
                                   intruders = explored(z) and #intruders_in(z) or 0 } }
    end
  end
  local foes = intruders_in(here)
  for _, c in ipairs(foes) do
    if supply.count("gear", s, "ammo") > 0 then
      opts[#opts + 1] = { label = "shoot the " .. card.name(c), kind = "shoot", card = c,
                          data = { action = "shoot", hp = game.def(card.id(c)).data.hp - (card.get(c, "damage") or 0) } }
    else
      unavailable[#unavailable + 1] = { "shoot the " .. card.name(c), "you have no ammo" }
    end
  end
  local key = "searched_" .. zone.name(here)
  if not game.get(key) then
    opts[#opts + 1] = { label = "search the " .. room_name(here), kind = "search",
                        data = { action = "search", room = zone.name(here) } }
  end
  if supply.count("gear", s, "medkit") > 0 and hp(s) < MAX_HP then
    opts[#opts + 1] = { label = "use a medkit", kind = "medkit", data = { action = "medkit" } }
  end
  if gear(s) > 0 then
    for _, t in ipairs(crew_in(here)) do
      if t ~= s then
        opts[#opts + 1] = { label = "give gear to seat " .. t, kind = "give", seat = t,
                            data = { action = "give", seat = t } }
      end
    end
  end
  for _, c in ipairs(zone.cards(hand(s))) do
    local ok, why = card.call(c, "usable", { seat = s })
    if ok then
      opts[#opts + 1] = { label = "play " .. card.name(c), kind = "card", card = c,
                          data = { action = "card", id = card.id(c) } }
    else
      unavailable[#unavailable + 1] = { "play " .. card.name(c), why or "nothing to do" }
    end
  end
  opts[#opts + 1] = { label = "end your turn", pass = true, kind = "end" }
  return opts, unavailable
end

local function search(s, z)
  game.log("seat " .. s .. " searches the " .. room_name(z))
  game.set("searched_" .. zone.name(z), true)
  local items = {}
  for _, k in ipairs({ "ammo", "medkit" }) do
    local n = math.min(2, supply.count("gear", "pool", k))
    if n > 0 then items[#items + 1] = { id = k, max = n } end
  end
  local avail = 0
  for _, it in ipairs(items) do avail = avail + it.max end
  if avail > 0 then
    local got = decide.amounts(s, items, { total = math.min(2, avail), prompt = "take 2 gear from the "
      .. room_name(z), tag = "search", auto = true })
    local take = {}
    for _, it in ipairs(items) do take[it.id] = got[it.id] end
    supply.take("gear", s, take)
  else
    game.log("the " .. room_name(z) .. " holds no gear: the supply is empty")
  end
  if zone.name(z) == "lab" then
    seat.set(s, "sample", true)
    game.log("seat " .. s .. " takes an intruder sample from the Lab")
  end
end

return {
  turn = { "draw", "actions", "intruders", "end" },
  rotate_active = true,
  rounds = "seats",
  limits = { max_turns = 200 },
  kinds = { action = { needs = { "play", "usable" } } },

  setup = function(ctx)
    local b = board.build(game.data("ship"))
    local cryo = zone.get("cryo")
    supply.new("gear", { ammo = 12, medkit = 4 }, { order = { "ammo", "medkit" } })
    supply.new("health", { hp = MAX_HP * game.seats() })
    supply.new("bag", { blank = 2, larva = 3, adult = 3, queen = 1 },
               { hidden = true, order = { "blank", "larva", "adult", "queen" } })
    supply.new("markers", { noise = "unlimited" })
    local goals = {}
    for i, g in ipairs(GOALS) do goals[i] = g end
    game.set("time", ROUNDS)
    for s = 1, game.seats() do
      zone.new("deck", { owner = s, visibility = "hidden" })
      zone.new("hand", { owner = s, visibility = "owner" })
      zone.new("discard", { owner = s, visibility = "public" })
      for _, id in ipairs(game.defs("action")) do
        for _ = 1, game.def(id).count do card.new(id, deck(s), s) end
      end
      zone.shuffle(deck(s))
      local c = card.new("crew", cryo, s)
      card.set(c, "crew_of", s)   -- the table shows which seat's crew member it is
      supply.take("health", s, { hp = MAX_HP })
      supply.take("gear", s, { ammo = 2 })
      local g = table.remove(goals, rng.int(1, #goals))
      seat.set(s, "_goal", g)
    end
  end,

  steps = {
    draw = { enter = function(ctx)
      local s = game.active()
      draw(s, HAND - zone.count(hand(s)))
      game.set("actions", ACTIONS, "turn")
    end },

    actions = { enter = function(ctx) game.schedule("act") end },

    -- the intruders in the active crew member's room attack; the others close in
    intruders = { enter = function(ctx)
      local s = game.active()
      if alive(s) then
        for _, c in ipairs(intruders_in(room_of(s))) do
          if alive(s) then wound(s, game.def(card.id(c)).data.attack, "the " .. card.name(c)) end
        end
      end
      local movers = {}
      for _, z in ipairs(board.spaces(ship())) do
        if #crew_in(z) == 0 then
          for _, c in ipairs(intruders_in(z)) do movers[#movers + 1] = c end
        end
      end
      for _, c in ipairs(movers) do
        local best
        for t = 1, game.seats() do
          if alive(t) then
            local p = board.path(card.zone(c), room_of(t))
            if p and #p <= 3 and (best == nil or #p < #best) then best = p end
          end
        end
        if best then card.move(c, best[2]) end
      end
    end },

    ["end"] = { enter = function(ctx)
      local living = {}
      for s = 1, game.seats() do if alive(s) then living[#living + 1] = s end end
      if #living == 0 then game.draw("the whole crew is dead") end
      local all_in_pods = true
      for _, s in ipairs(living) do
        if zone.name(room_of(s)) ~= "pods" then all_in_pods = false end
      end
      if all_in_pods then finish("the escape pods launch") end
      -- the last living seat of the table ends the round
      local last = living[#living]
      if game.active() >= last then
        local t = game.add("time", -1)
        if t <= 0 then finish("the ship self-destructs") end
      end
    end },
  },

  -- one action of the active seat; schedules the next while actions are left
  act = function(ctx)
    local s = game.active()
    if not alive(s) or game.get("actions") <= 0 then return end
    local opts, unavailable = action_options(s)
    local a = decide.choose(s, opts, { prompt = "action " .. (ACTIONS + (game.get("extra") or 0)
      - game.get("actions") + 1) .. ": what do you do?", tag = "action", unavailable = unavailable })
    if a.kind == "end" then return end
    game.add("actions", -1)
    local here = room_of(s)
    if a.kind == "move" then
      enter(s, a.to, true)
    elseif a.kind == "door" then
      board.set_edge(here, a.to, "door open")
      game.log("seat " .. s .. " opens the door to the " .. room_name(a.to))
    elseif a.kind == "close" then
      board.set_edge(here, a.to, "door")
      game.log("seat " .. s .. " closes the door to the " .. room_name(a.to))
    elseif a.kind == "shoot" then
      supply.give("gear", s, { ammo = 1 })
      local v = dice.values(dice.roll(1, 6))[1]
      if v <= 2 then game.log("seat " .. s .. " misses (" .. v .. ")")
      else hit(s, a.card, v == 6 and 2 or 1) end
    elseif a.kind == "search" then
      search(s, here)
    elseif a.kind == "medkit" then
      supply.give("gear", s, { medkit = 1 })
      heal(s, 2)
    elseif a.kind == "give" then
      local h = supply.holdings("gear", s)
      local got = decide.amounts(s, { { id = "ammo", max = h.ammo }, { id = "medkit", max = h.medkit } },
        { min = 1, prompt = "give seat " .. a.seat .. " which gear?", tag = "give" })
      supply.move("gear", s, a.seat, { ammo = got.ammo, medkit = got.medkit })
    elseif a.kind == "card" then
      local c = card.move(a.card, discard(s))
      game.schedule("play", { card = c, seat = s })
    end
    game.schedule("act")
  end,
}
