-- Twister: a small Dungeon Twister for 2 players, prototyped from the docs alone.
-- The labyrinth (lib.lua) is a row of 4 rooms of 5x5 cells between the two starting
-- lines. Each seat has a Warrior, a Thief, a Wizard and a Goblin, starting on its own
-- line. A turn: play one action card from hand (2, 3, 4 or 5 action points; the four
-- come back when all are played), then spend the points one action at a time:
--   * move a character one cell (each character at most its move value a turn);
--   * the Wizard levitates over a pit (2 points, 2 cells);
--   * the Thief opens a locked door next to it, for good;
--   * a character on a room's gear turns the room a quarter (its arrow's way);
--     everything in the room turns with it;
--   * attack an enemy next to it (no wall or locked door between): both seats choose a
--     combat card (+0..+6) in secret, shown together; the higher total wins, the loser
--     is wounded, a wounded loser dies (+1 VP to the winner). Ties: nothing.
-- A room face down is turned up as soon as a character stands next to it. A character
-- stepping onto the opponent's line leaves the labyrinth: +1 VP (the Goblin +2).
-- First to 5 VP wins.

local GOAL, MAX_TURNS = MAZE.goal, MAZE.max_turns

local function vp(s) return seat.get(s, "vp") or 0 end
local function wounded(c) return card.get(c, "wounded") == true end
local function data(c) return card.info(c).data end
local function ability(c, fn, extra)
  if card.has(c, fn) then return card.call(c, fn, extra or {}) end
  return nil
end

-- the seat whose starting line is column x, or nil
local function line_of(x)
  if x == 0 then return 1 end
  if x == MAZE.width - 1 then return 2 end
  return nil
end

local function check_win(s)
  if vp(s) >= GOAL then game.win(s, "reached " .. GOAL .. " victory points") end
end

-- turns up every room face down that a character stands next to
local function reveal_rooms()
  local chars
  for k = 1, MAZE.rooms do
    if face_down(k) then
      chars = chars or on_board()
      local left, right = slot_x0(k) - 1, slot_x0(k) + MAZE.room_size
      for _, o in ipairs(chars) do
        if o.x == left or o.x == right then
          local R = room_card(k)
          card.flip(R, "up")
          board.reveal(region(k))
          game.log(card.name(R) .. " is revealed in room " .. k .. ", seen from "
                   .. cell_name(o.x, o.y))
          break
        end
      end
    end
  end
end

-- the map as log lines (for every seat: it shows only rooms face up)
local function draw_map()
  local head = "map   "
  for x = 0, MAZE.width - 1 do head = head .. string.char(97 + x) .. " " end
  game.log(head)
  local occ, B = occupancy(), rooms()
  for y = 0, MAZE.height - 1 do
    local row = "map " .. (y + 1) .. " "
    local under = "map   "
    for x = 0, MAZE.width - 1 do
      local o = occ[cell_index(x, y)]
      local c, s = o and o.c, o and o.seat
      local ch = cell_type(x, y, B)
      if ch == "P" then ch = "O" elseif ch == "G" then ch = "@" end
      if c then
        ch = data(c).letter
        if s == 2 then ch = ch:lower() end
        if wounded(c) then ch = tostring(s) end
      end
      local e = edge(x, y, 2, B)
      local sep = " "
      if e == "wall" then sep = "|" elseif e == "door" then sep = ":" end
      if x == 0 or x == MAZE.width - 2 then sep = sep == " " and "!" or sep end
      row = row .. ch .. sep
      local u = y < MAZE.height - 1 and edge(x, y, 3, B) or nil
      under = under .. (u == "wall" and "-" or u == "door" and "=" or " ") .. " "
    end
    game.log(row)
    if y < MAZE.height - 1 then game.log(under) end
  end
  game.log("map   W T Z G: seat 1's Warrior, Thief, Wizard, Goblin (seat 2's in lower "
           .. "case; 1 or 2: wounded); O pit, @ gear, ? room face down; | - wall, : = "
           .. "locked door; ! starting line")
end

-- combat value of c in a fight, role "attack" or "defend"
local function strength(c, role)
  if wounded(c) then return 0 end
  return data(c).combat + (ability(c, "combat_bonus", { role = role }) or 0)
end

local function choose_combat_card(s, prompt)
  local hand = zone.get("combat", s)
  local c = decide.choose(s, zone.cards(hand), { prompt = prompt, tag = "combat" })
  return card.move(c, zone.get("combat_chosen", s))
end

local function refill_combat(s)
  if zone.count(zone.get("combat", s)) > 0 then return end
  for _, c in ipairs(zone.cards(zone.get("combat_used", s))) do
    card.move(c, zone.get("combat", s))
  end
  game.log("seat " .. s .. " takes its combat cards back")
end

-- character c of seat s loses a combat against the other seat
local function lose(c, s)
  local other = enemy_of(s)
  if wounded(c) then
    card.set(c, "wounded", nil)
    card.move(c, zone.get("dead", s))
    game.log(card.name(c) .. " of seat " .. s .. " dies: +1 VP to seat " .. other)
    seat.add(other, "vp", 1)
    check_win(other)
  else
    card.set(c, "wounded", true)
    card.set(c, "hurt_now", true, "turn")
  end
end

local function combat(s, a, d)
  local o = enemy_of(s)
  game.log(card.name(a) .. " of seat " .. s .. " attacks " .. card.name(d) .. " of seat " .. o)
  -- each seat chooses in secret: the card goes face up to a zone only its owner sees
  local ca = choose_combat_card(s, "combat card for " .. card.name(a) .. " (attacking)")
  local cd = choose_combat_card(o, "combat card for " .. card.name(d) .. " (defending)")
  -- shown together
  local va, vd = data(ca).value, data(cd).value
  card.move(ca, zone.get("combat_used", s))
  card.move(cd, zone.get("combat_used", o))
  local ta, td = strength(a, "attack") + va, strength(d, "defend") + vd
  game.log("combat: " .. card.name(a) .. " " .. strength(a, "attack") .. " + " .. va .. " = " .. ta
           .. " against " .. card.name(d) .. " " .. strength(d, "defend") .. " + " .. vd .. " = " .. td)
  refill_combat(s)
  refill_combat(o)
  if ta > td then lose(d, o) elseif td > ta then lose(a, s) else game.log("a tie: nobody is hurt") end
end

-- character c of seat s leaves by the opponent's line
local function escape(c, s)
  local pts = ability(c, "exit_points") or 1
  card.set(c, "wounded", nil)
  card.move(c, zone.get("escaped", s))
  game.log(card.name(c) .. " of seat " .. s .. " leaves the labyrinth: +" .. pts .. " VP")
  seat.add(s, "vp", pts)
  check_win(s)
end

-- character c of seat s steps (or levitates) to (x, y): onto the space there
local function step(c, s, x, y)
  card.move(c, space(x, y))
  game.log(card.name(c) .. " (seat " .. s .. ") at " .. cell_name(x, y))
end

-- can a character of seat s end a step on (x, y)?
local function can_stop(occ, B, x, y)
  if occ[cell_index(x, y)] then return false end
  local t = cell_type(x, y, B)
  return t == "." or t == "G"
end

local WHY = { wall = "a wall is in the way", door = "a locked door is in the way (the Thief opens it)",
              hidden = "the room there is face down", edge = "the edge of the labyrinth" }

-- every action seat s may take now with ap points left, each a table with a label; and
-- the steps its healthy characters cannot take, each { label, why }, for
-- decide.choose's `unavailable` (a player's `why Warrior: east to b1` at the REPL)
local function actions(s, ap)
  local l, no = {}, {}
  local occ, mine, B = {}, {}, rooms()
  for _, o in ipairs(on_board()) do
    occ[cell_index(o.x, o.y)] = o
    if o.seat == s then mine[#mine + 1] = o.c end
  end
  for _, c in ipairs(mine) do
    if not wounded(c) then
      local x, y = pos(c)
      local name = card.name(c)
      local left = data(c).move - (card.get(c, "moved") or 0)
      for d = 1, 4 do
        local nx, ny = x + DX[d], y + DY[d]
        local e = edge(x, y, d, B)
        if e == nil then
          local here = line_of(nx)
          local there = occ[cell_index(nx, ny)]
          if left >= 1 and here and here ~= s and not (there and not wounded(there.c)) then
            l[#l + 1] = { label = name .. ": " .. DIR_NAME[d] .. " out of the labyrinth",
                          kind = "exit", ch = c }
          elseif left >= 1 and can_stop(occ, B, nx, ny) then
            l[#l + 1] = { label = name .. ": " .. DIR_NAME[d] .. " to " .. cell_name(nx, ny),
                          kind = "move", ch = c, x = nx, y = ny }
          elseif cell_type(nx, ny, B) == "P" and left >= 2 and ap >= 2 and ability(c, "flies")
              and edge(nx, ny, d, B) == nil and not occ[cell_index(nx, ny)] then
            local fx, fy = nx + DX[d], ny + DY[d]
            if line_of(fx) and line_of(fx) ~= s then
              l[#l + 1] = { label = name .. ": levitate " .. DIR_NAME[d] .. " over the pit and out",
                            kind = "exit", ch = c, cost = 2 }
            elseif can_stop(occ, B, fx, fy) then
              l[#l + 1] = { label = name .. ": levitate " .. DIR_NAME[d] .. " over the pit to "
                            .. cell_name(fx, fy), kind = "move", ch = c, x = fx, y = fy, cost = 2 }
            end
          end
          local fo = occ[cell_index(nx, ny)]
          local foe, fs = fo and fo.c, fo and fo.seat
          if foe and fs ~= s and not card.get(foe, "hurt_now") then
            l[#l + 1] = { label = name .. ": attack " .. card.name(foe) .. " at " .. cell_name(nx, ny),
                          kind = "attack", ch = c, foe = foe }
          end
        elseif e == "door" and ability(c, "opens_doors") then
          l[#l + 1] = { label = name .. ": open the door " .. DIR_NAME[d], kind = "open", ch = c,
                        x = x, y = y, d = d }
        end
        if e and e ~= "edge" then
          no[#no + 1] = { name .. ": " .. DIR_NAME[d] .. " to " .. cell_name(nx, ny), WHY[e] }
        elseif not e and not line_of(nx) and cell_type(nx, ny, B) == "P" then
          no[#no + 1] = { name .. ": " .. DIR_NAME[d] .. " to " .. cell_name(nx, ny),
                          "nobody stops on a pit" .. (ability(c, "flies") and "" or " and only the Wizard crosses one") }
        elseif not e and left < 1 then
          no[#no + 1] = { name .. ": " .. DIR_NAME[d] .. " to " .. cell_name(nx, ny),
                          name .. " has made its " .. data(c).move .. " steps this turn" }
        end
      end
      if cell_type(x, y, B) == "G" then
        local k = slot_of(x)
        local R = room_card(k)
        local way = card.info(R).data.turn == 1 and "clockwise" or "counter-clockwise"
        l[#l + 1] = { label = name .. ": turn the " .. card.name(R) .. " " .. way,
                      kind = "rotate", ch = c, k = k }
      end
    end
  end
  return l, no
end

-- turns the room of slot k a quarter in its arrow's way, with everything in it: the
-- board turns its cells and walls, and the characters stand on its spaces (each one's
-- new cell is logged); a character the turn brings next to a room face down turns that
-- room up
local function rotate(k)
  local R = room_card(k)
  board.rotate(region(k), card.info(R).data.turn == 1 and 1 or -1)
  card.set(R, "rot", board.rotation(region(k)))
  game.log(card.name(R) .. " turns a quarter " .. (card.info(R).data.turn == 1 and "clockwise"
           or "counter-clockwise"))
  for _, o in ipairs(on_board()) do -- where the turn took them
    if slot_of(o.x) == k then game.log(card.name(o.c) .. " (seat " .. o.seat .. ") at " .. cell_name(o.x, o.y)) end
  end
  reveal_rooms()
end

local function perform(s, a)
  local cost = a.cost or 1
  seat.add(s, "ap", -cost)
  if a.kind == "move" or a.kind == "exit" then
    card.add(a.ch, "moved", cost, "turn")
    if a.kind == "exit" then escape(a.ch, s) else step(a.ch, s, a.x, a.y) end
  elseif a.kind == "open" then
    local _, R, door = edge(a.x, a.y, a.d)
    local l = card.get(R, "opened") or {}
    l[#l + 1] = door
    card.set(R, "opened", l)
    board.set_edge(space(a.x, a.y), space(a.x + DX[a.d], a.y + DY[a.d]), "open")
    game.log(card.name(a.ch) .. " opens a door of the " .. card.name(R))
  elseif a.kind == "rotate" then
    rotate(a.k)
  elseif a.kind == "attack" then
    combat(s, a.ch, a.foe)
  end
end

local function return_actions(s)
  for _, c in ipairs(zone.cards(zone.get("played_actions", s))) do
    card.move(c, zone.get("actions", s))
  end
  game.log("seat " .. s .. " takes its action cards back")
end

return {
  turn = { "card", "actions", "finish" },
  rotate_active = true,
  limits = { max_turns = MAX_TURNS + 10 },
  -- a room face down turns up as soon as a character stands next to it: whatever moved
  -- it onto the board (a step, a scenario's setup), the rules hear the move (a room
  -- turning calls reveal_rooms itself)
  on = { move = "stood" },

  setup = function(ctx)
    local pool = zone.new("room_pool", { visibility = "hidden" })
    for k = 1, MAZE.rooms do zone.new("slot" .. k, { visibility = "public" }) end
    for s = 1, game.seats() do
      seat.set(s, "vp", 0)
      zone.new("actions", { owner = s, visibility = "public", sort = "ap" })
      zone.new("played_actions", { owner = s, visibility = "public" })
      zone.new("combat", { owner = s, visibility = "owner", sort = "value" })
      zone.new("combat_chosen", { owner = s, visibility = "owner" })
      zone.new("combat_used", { owner = s, visibility = "public" })
      zone.new("escaped", { owner = s, visibility = "public" })
      zone.new("dead", { owner = s, visibility = "public" })
      for _, id in ipairs(game.defs("action")) do card.new(id, zone.get("actions", s), s) end
      for _, id in ipairs(game.defs("combat")) do card.new(id, zone.get("combat", s), s) end
    end
    -- the rooms, shuffled face down into the slots, each turned at random, laid on the
    -- board (face down, each turned unseen)
    for _, id in ipairs(game.defs("room")) do card.new(id, pool) end
    zone.shuffle(pool)
    for k = 1, MAZE.rooms do
      local R = card.move(zone.at(pool), zone.get("slot" .. k), { face = "down" })
      card.set(R, "rot", rng.int(0, 3))
    end
    build_maze()
    lay_rooms()
    -- the characters, on their starting lines
    for s = 1, game.seats() do
      local x = s == 1 and 0 or MAZE.width - 1
      for _, id in ipairs(game.defs("character")) do card.new(id, space(x, MAZE.start[id]), s) end
    end
    reveal_rooms()
    game.set_active(1)
  end,

  steps = {
    card = { enter = function(ctx)
      local s = game.active()
      draw_map()
      local hand = zone.get("actions", s)
      local c = decide.choose(s, zone.cards(hand), { prompt = "play an action card", tag = "action_card" })
      card.move(c, zone.get("played_actions", s))
      seat.set(s, "ap", data(c).ap, "turn")
    end },
    actions = { enter = function(ctx) game.schedule("act") end },
    finish = { enter = function(ctx)
      local s = game.active()
      if zone.count(zone.get("actions", s)) == 0 then return_actions(s) end
      if game.turn() >= MAX_TURNS then
        if vp(1) == vp(2) then game.draw("no winner after " .. MAX_TURNS .. " turns") end
        game.win(vp(1) > vp(2) and 1 or 2, "most victory points after " .. MAX_TURNS .. " turns")
      end
    end },
  },

  stood = function(ctx)
    if board.of(ctx.event.to) then reveal_rooms() end
  end,

  -- one action, or the end of the turn; after an action, the next one is its own action
  act = function(ctx)
    local s = game.active()
    local ap = seat.get(s, "ap") or 0
    if ap <= 0 then return end
    local opts, no = actions(s, ap)
    opts[#opts + 1] = { label = "end the turn", pass = true }
    local a = decide.choose(s, opts, { prompt = "spend an action point (" .. ap .. " left)", tag = "act",
                                       unavailable = no })
    if a.pass then return end
    perform(s, a)
    game.schedule("act")
  end,
}
