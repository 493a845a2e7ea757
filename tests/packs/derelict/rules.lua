-- Derelict: a small semi-cooperative Nemesis for 1 to 4 crew, prototyped from the docs.
-- The ship is eight rooms joined by corridors (ship.json). Each round: everyone draws up
-- to 5 action cards; then, from the first player on, each living crew member takes 2
-- actions, each paid by discarding cards from hand (move, search the room for an item,
-- fight an intruder, the room's own action, an action card, the character's ability);
-- then the event phase: a noise die for each crew member's room may bring an intruder
-- out of the bag, intruders attack the crew in their rooms (wounds; Contamination cards
-- shuffled into the action deck), gnaw at the core in the Engine and wander. The
-- self-destruct counts down; at 0 it goes off: everyone outside the escape pods dies,
-- each survivor with Contamination may be infected, the secret objectives are shown and
-- every seat whose objective holds wins together (nobody: a draw). The game plays the
-- intruders itself: no seat for them.

local ROOMS = #SHIP.rooms

local function first() return game.get("first") end

-- the next living seat after s in this round's order (from `first`), or nil at its end
local function next_in_round(s)
  local n = game.seats()
  for i = 1, n - 1 do
    local t = (s + i - 1) % n + 1
    if t == first() then return nil end
    if not dead(t) then return t end
  end
  return nil
end

-- the living seats from the first player on
local function round_order()
  local l, n = {}, game.seats()
  for i = 0, n - 1 do
    local t = (first() + i - 1) % n + 1
    if not dead(t) then l[#l + 1] = t end
  end
  return l
end

local function has(list, x)
  for _, v in ipairs(list or {}) do
    if v == x then return true end
  end
  return false
end

local function add_to(key, x)
  local l = game.get(key) or {}
  if not has(l, x) then l[#l + 1] = x end
  table.sort(l)
  game.set(key, l)
end

local function remove_from(key, x)
  local l = {}
  for _, v in ipairs(game.get(key) or {}) do
    if v ~= x then l[#l + 1] = v end
  end
  game.set(key, #l > 0 and l or nil)
end

local function objective(s) return zone.at(zone.get("objective", s)) end

local function contamination_held(s)
  local n = 0
  for _, z in ipairs({ deck(s), hand(s), discard(s) }) do n = n + #zone.search(z, "contamination") end
  return n
end

local function survivor(s) return not dead(s) and not seat.get(s, "infected") end

local GOALS = {
  escape_core = function(s) return survivor(s) and game.get("core") > 0 end,
  sabotage = function(s) return survivor(s) and game.get("core") == 0 end,
  survive = function(s) return survivor(s) end,
  research = function(s) return survivor(s) and #zone.search(items(s), "sample") > 0 end,
  betray = function(s)
    for t = 1, game.seats() do
      if t ~= s and not survivor(t) then return true end
    end
    return false
  end,
}

-- the end: the blast (when the self-destruct went off), infection, then the objectives
local function finish(why, blast)
  if blast then
    for _, s in ipairs(living()) do
      if room_of(s) ~= SHIP.pods then kill(s, "caught in the blast in the " .. room_name(room_of(s))) end
    end
  end
  for _, s in ipairs(living()) do
    local n = contamination_held(s)
    if n > 0 then
      if item_bonus(s, "antidote") > 0 then
        game.log("seat " .. s .. "'s antidote keeps the infection away")
      else
        local roll = dice.values(dice.roll(1))[1]
        if roll <= n then
          seat.set(s, "infected", true)
          game.log("seat " .. s .. " rolls " .. roll .. " against " .. n .. " contamination: INFECTED")
        else
          game.log("seat " .. s .. " rolls " .. roll .. " against " .. n .. " contamination: clean")
        end
      end
    end
  end
  local winners = {}
  for s = 1, game.seats() do
    local o = objective(s)
    card.reveal(o)
    if GOALS[card.info(o).data.goal](s) then winners[#winners + 1] = s end
  end
  if #winners == 0 then game.draw(why .. "; nobody's objective holds") end
  game.win(#winners == 1 and winners[1] or winners, why)
end

local function check_all_dead()
  if #living() == 0 then finish("the whole crew is dead", false) end
end

-- an intruder comes out of the bag into room r (a blank: nothing, and an Adult joins the bag)
local function spawn(r)
  local bag = zone.get("bag")
  local t = rng.pick(zone.cards(bag))
  if not t then
    game.log("the vents of the " .. room_name(r) .. " rattle, but the bag is empty")
    return
  end
  if card.info(t).data.blank then
    card.new("adult", bag)
    game.log("the vents of the " .. room_name(r) .. " rattle: nothing comes out, and an Adult joins the bag")
    return
  end
  card.move(t, room_zone(r), { face = "up" })
  game.log("a " .. card.name(t) .. " comes out of the vents in the " .. room_name(r))
end

local function noise_roll(s)
  if seat.get(s, "hidden") then
    game.log("seat " .. s .. " hides: no noise in the " .. room_name(room_of(s)))
    return
  end
  local r = room_of(s)
  local roll = dice.values(dice.roll(1))[1]
  if roll <= SHIP.noise.silence then
    game.log("noise roll " .. roll .. " in the " .. room_name(r) .. ": silence")
  elseif roll <= SHIP.noise.noise and not has(game.get("noise"), r) then
    game.log("noise roll " .. roll .. " in the " .. room_name(r) .. ": a noise")
    add_to("noise", r)
  else
    game.log("noise roll " .. roll .. " in the " .. room_name(r) .. ": something comes")
    remove_from("noise", r)
    spawn(r)
  end
end

local function events()
  for _, s in ipairs(round_order()) do noise_roll(s) end
  -- every intruder attacks someone in its room
  for r = 1, ROOMS do
    for _, i in ipairs(zone.cards(room_zone(r))) do
      local here = crew_in(r)
      if #here > 0 then attack(i, rng.pick(here)) end
    end
  end
  check_all_dead()
  local gnawing = zone.count(room_zone(SHIP.engine))
  if gnawing > 0 and game.get("core") > 0 then
    local core = math.max(0, game.get("core") - gnawing)
    game.set("core", core)
    game.log("intruders tear at the core in the Engine")
  end
  -- intruders alone in a room may wander off down a corridor
  local moves = {}
  for r = 1, ROOMS do
    if #crew_in(r) == 0 then
      for _, i in ipairs(zone.cards(room_zone(r))) do
        if rng.int(1, 2) == 1 then moves[#moves + 1] = { i, rng.pick(neighbours(r)) } end
      end
    end
  end
  for _, m in ipairs(moves) do card.move(m[1], room_zone(m[2])) end
end

-- cost label: actions cost 1 card unless they say
local function priced(label, cost)
  if cost == 0 then return label .. " (free)" end
  if cost == 1 then return label end
  return label .. " (" .. cost .. " cards)"
end

-- the actions seat s may take now, and those it may not with why
local function actions(s)
  local opts, unavailable = {}, {}
  local r = room_of(s)
  local cash = #payable(s)
  local function offer(o, why)
    if not why and cash - (o.card and 1 or 0) < o.cost then
      why = o.cost == 1 and "you have no card to discard for it (Contamination cannot pay)"
            or "it costs " .. o.cost .. " cards to discard and you have " .. cash - (o.card and 1 or 0)
    end
    if why then unavailable[#unavailable + 1] = { o.label, why } else opts[#opts + 1] = o end
  end
  local mc = ability(s, "move_cost", 1)
  for _, t in ipairs(neighbours(r)) do
    offer({ label = priced("move to the " .. room_name(t), mc), act = "move", room = t, cost = mc })
  end
  local room = SHIP.rooms[r]
  if room.searchable ~= false then
    local why
    if has(game.get("searched"), r) then why = "the " .. room.name .. " has been searched"
    elseif zone.count(zone.get("item_deck")) == 0 then why = "the item deck is empty" end
    offer({ label = "search the " .. room.name, act = "search", cost = 1 }, why)
  end
  for _, i in ipairs(zone.cards(room_zone(r))) do
    offer({ label = "fight the " .. card.name(i), act = "fight", target = i, cost = 1 })
  end
  if room.action == "treat" then
    offer({ label = "treat a wound", act = "treat", cost = 1 },
          (seat.get(s, "wounds") or 0) == 0 and "you have no wound" or nil)
  elseif room.action == "analyse" then
    offer({ label = "analyse a contamination", act = "analyse", cost = 1 },
          #zone.search(hand(s), "contamination") == 0 and "no Contamination card in your hand" or nil)
  elseif room.action == "delay" then
    offer({ label = priced("delay the self-destruct", 2), act = "delay", cost = 2 },
          game.get("delayed") and "the self-destruct has been delayed once already" or nil)
  elseif room.action == "repair" then
    offer({ label = "repair the core", act = "repair", cost = 1 },
          game.get("core") >= SHIP.core_max and "the core is whole" or nil)
    offer({ label = "sabotage the core", act = "sabotage", cost = 1 },
          game.get("core") == 0 and "the core is wrecked already" or nil)
  end
  for _, c in ipairs(zone.cards(hand(s))) do
    if card.kind(c) == "action" then
      local ok, why = card.call(c, "usable", { seat = s })
      offer({ label = priced("play " .. card.name(c), card.info(c).data.cost + 1), act = "play", card = c,
              cost = card.info(c).data.cost }, not ok and (why or "not now") or nil)
    end
  end
  local ch = character(s)
  if card.has(ch, "action") then
    local name = card.info(ch).data.ability
    local ok, why = card.call(ch, "action_usable", { seat = s })
    if seat.get(s, "used_ability") then ok, why = false, "once a round" end
    offer({ label = "use " .. name, act = "ability", cost = 1 }, not ok and why or nil)
  end
  opts[#opts + 1] = { label = "end your turn", pass = true }
  return opts, unavailable
end

local function take(s, a)
  if a.act == "move" then
    pay(s, a.cost, "move")
    seat.set(s, "free_move", true, "turn")
    walk(s, a.room)
  elseif a.act == "search" then
    pay(s, 1, "search")
    add_to("searched", room_of(s))
    local c = zone.at(zone.get("item_deck"))
    card.set_owner(c, s)
    card.move(c, items(s), { face = "up" })
  elseif a.act == "fight" then
    pay(s, 1, "fight")
    fight(s, a.target, 0)
  elseif a.act == "treat" then
    pay(s, 1, "treat a wound")
    seat.add(s, "wounds", -1)
  elseif a.act == "analyse" then
    pay(s, 1, "analyse a contamination")
    card.destroy(zone.search(hand(s), "contamination")[1])
  elseif a.act == "delay" then
    pay(s, 2, "delay the self-destruct")
    game.set("delayed", true)
    track.move("time", 1)
  elseif a.act == "repair" then
    pay(s, 1, "repair the core")
    game.add("core", 1)
  elseif a.act == "sabotage" then
    pay(s, 1, "sabotage the core")
    game.add("core", -1)
  elseif a.act == "play" then
    local c = a.card
    pay(s, a.cost, "play " .. card.name(c), c)
    c = card.move(c, discard(s))
    card.call(c, "play", { seat = s })
  elseif a.act == "ability" then
    pay(s, 1, "use " .. card.info(character(s)).data.ability)
    seat.set(s, "used_ability", true, "turn")
    ability(s, "action")
  end
end

return {
  turn = { "draw", "actions", "events", "cleanup" },
  limits = { max_turns = 40 },
  kinds = {
    action = { needs = { "usable", "play" } },
  },

  setup = function(ctx)
    for _, room in ipairs(SHIP.rooms) do zone.new(room.id, { visibility = "public" }) end
    local bag = zone.new("bag", { visibility = "hidden" })
    local item_deck = zone.new("item_deck", { visibility = "hidden" })
    zone.new("item_discard", { visibility = "public" })
    local objectives = zone.new("objective_deck", { visibility = "hidden" })
    local characters = zone.new("character_deck", { visibility = "hidden" })
    for s = 1, game.seats() do
      zone.new("deck", { owner = s, visibility = "hidden" })
      zone.new("hand", { owner = s, visibility = "owner" })
      zone.new("discard", { owner = s, visibility = "public" })
      zone.new("items", { owner = s, visibility = "owner" })
      zone.new("character", { owner = s, visibility = "public" })
      zone.new("objective", { owner = s, visibility = "owner" })
    end
    for _, id in ipairs(game.defs("intruder")) do
      for _ = 1, game.def(id).count do card.new(id, bag) end
    end
    for _, id in ipairs(game.defs("item")) do
      for _ = 1, game.def(id).count do card.new(id, item_deck) end
    end
    for _, id in ipairs(game.defs("objective")) do
      if game.def(id).data.min_players <= game.seats() then card.new(id, objectives) end
    end
    for _, id in ipairs(game.defs("character")) do card.new(id, characters) end
    zone.shuffle(item_deck)
    zone.shuffle(objectives)
    zone.shuffle(characters)
    for s = 1, game.seats() do
      for _, id in ipairs(game.defs("action")) do
        for _ = 1, game.def(id).count do card.new(id, deck(s), s) end
      end
      zone.shuffle(deck(s))
      local ch = zone.at(characters)
      card.set_owner(ch, s)
      card.move(ch, zone.get("character", s), { face = "up" })
      local o = zone.at(objectives)
      card.set_owner(o, s)
      card.move(o, zone.get("objective", s), { face = "down" })
      seat.set(s, "room", SHIP.start)
      seat.set(s, "wounds", 0)
    end
    track.new("time", { start = SHIP.time, min = 0 })
    game.set("core", SHIP.core)
    game.set("first", 1)
  end,

  steps = {
    draw = { enter = function(ctx)
      for _, s in ipairs(living()) do draw_up(s, SHIP.hand) end
    end },
    actions = { enter = function(ctx)
      local s = round_order()[1]
      if s then game.schedule("act", { params = { s, 2 } }) end
    end },
    events = { enter = function(ctx) events() end },
    cleanup = { enter = function(ctx)
      if track.move("time", -1) == 0 then finish("the self-destruct goes off", true) end
      local l = living()
      local f = first()
      for i = 1, game.seats() do
        local t = (f + i - 1) % game.seats() + 1
        if has(l, t) then game.set("first", t) break end
      end
    end },
  },

  -- one action of seat params[1], which has params[2] actions left this turn
  act = function(ctx)
    local s, left = ctx.params[1], ctx.params[2]
    if not dead(s) then
      game.set_active(s)
      local opts, unavailable = actions(s)
      local a = decide.choose(s, opts, {
        prompt = "seat " .. s .. ", your action (" .. left .. " left; an action costs 1 card unless it says)",
        tag = "action", unavailable = unavailable })
      if not a.pass then
        take(s, a)
        check_all_dead()
        left = left - 1 + (seat.get(s, "extra_actions") or 0)
        seat.set(s, "extra_actions", nil)
        if left > 0 and not dead(s) then
          game.schedule("act", { params = { s, left } })
          return
        end
      end
    end
    local t = next_in_round(s)
    if t then game.schedule("act", { params = { t, 2 } }) end
  end,
}
