-- Twister helpers: the geometry of the labyrinth, shared by the rules (rules.lua) and the
-- scenario tests. Everything returned here becomes a global of the pack's scripts.
--
-- The board is 22 columns (x = 0..21, named a..v) by 5 rows (y = 0..4, named 1..5).
-- Column a is seat 1's starting line, column v seat 2's. Rooms 1..4 fill columns b-f,
-- g-k, l-p and q-u; room k is the one card of the game zone `slot<k>`, face down until
-- revealed, with its quarter turns (clockwise) as the card property `rot`. A room's
-- layout (cards.json, `data`) is written in the room's own frame: `cells` rows top to
-- bottom ('.' floor, 'P' pit, 'G' gear), `walls` and `doors` as [x, y, side] of a cell.
-- A character is a piece on the board: a card (owned by its seat) in the zone of the
-- space it stands on, so `card.zone` is where it stands and the board's own position of
-- that space (board.pos) is its cell; a room turning carries it with its space. A cell
-- (x, y) is also numbered y * 22 + x + 1 (cell_index) where the rules keep a table of
-- cells.
--
-- The labyrinth's geometry is the engine's board "maze" (board.*): a grid of spaces
-- named a1..v5 where they start, room slot k its region "room k", each room's walls and
-- doors sides of its cells (laid by lay_rooms from the room cards), so a room turns with
-- its walls (board.rotate) and the rules read a step's edge with board.edge. A space of
-- a room keeps its zone name as it turns (scripts: the cell it started on, in the room's
-- own frame); people read it by the cell it is on now (board.build's grid of cells: the
-- engine's move lines, the table and the drawn board say "f1", as cell_name does here).

local MAZE = game.data("maze")
local W, H, RS = MAZE.width, MAZE.height, MAZE.room_size
local DX, DY = { 0, 1, 0, -1 }, { -1, 0, 1, 0 }         -- by side: north, east, south, west
local SIDE = { N = 1, E = 2, S = 3, W = 4 }
local DIR_NAME = { "north", "east", "south", "west" }

-- LAYOUT[room id] = { cell = { [ly*RS+lx] = '.', 'P' or 'G' }, door = { [key] = door
-- number } }, key = (ly*RS+lx)*4 + side - 1 in the room's frame; a door inside the room is
-- entered for both cells it separates (its walls are the board's: lay_rooms).
local LAYOUT = {}
for _, id in ipairs(game.defs("room")) do
  local d = game.def(id).data
  local L = { cell = {}, door = {}, gear = nil }
  for ly = 0, RS - 1 do
    for lx = 0, RS - 1 do
      local t = d.cells[ly + 1]:sub(lx + 1, lx + 1)
      L.cell[ly * RS + lx] = t
      if t == "G" then L.gear = ly * RS + lx end
    end
  end
  local function mark(t, e, v)
    local lx, ly, s = e[1], e[2], SIDE[e[3]]
    t[(ly * RS + lx) * 4 + s - 1] = v
    local nx, ny = lx + DX[s], ly + DY[s]
    if nx >= 0 and nx < RS and ny >= 0 and ny < RS then
      t[(ny * RS + nx) * 4 + (s + 1) % 4] = v
    end
  end
  for i, e in ipairs(d.doors) do mark(L.door, e, i) end
  LAYOUT[id] = L
end

local function cell_index(x, y) return y * W + x + 1 end
local function cell_xy(i) return (i - 1) % W, (i - 1) // W end
local function cell_name(x, y) return string.char(97 + x) .. (y + 1) end

-- the room slot of column x (1..4), or nil on a starting line
local function slot_of(x)
  if x < 1 or x > W - 2 then return nil end
  return (x - 1) // RS + 1
end
local function slot_x0(k) return 1 + (k - 1) * RS end
local function room_card(k) return zone.at(zone.get("slot" .. k)) end
local function face_down(k) return card.face_down(room_card(k)) end

-- a snapshot of the rooms, read once for many questions about cells and sides:
-- B[k] = { card, id, rot, down (face down), opened = { [door number] = true } }; B.cells:
-- the board's space at each cell and where it was laid, read as asked (cell_at)
local function rooms()
  local B = {}
  for k = 1, MAZE.rooms do
    local R = room_card(k)
    local opened = {}
    for _, o in ipairs(card.get(R, "opened") or {}) do opened[o] = true end
    B[k] = { card = R, id = card.id(R), rot = card.get(R, "rot") or 0,
             down = card.face_down(R), opened = opened }
  end
  B.cells = {}
  B.maze = board.get("maze")
  B.a1 = board.at(B.maze, 0, 0) -- on a starting line: never turns
  return B
end

local function maze() return board.get("maze") end
local function space(x, y) return board.at(maze(), x, y) end
local function region(k) return board.region(maze(), "room " .. k) end

-- the board, each room slot a region face down (the rules' setup)
local function build_maze()
  local b = board.build({ name = "maze", grid = true, width = W, height = H })
  for k = 1, MAZE.rooms do
    local l = {}
    for y = 0, H - 1 do
      for x = slot_x0(k), slot_x0(k) + RS - 1 do l[#l + 1] = space(x, y) end
    end
    board.add_region(b, "room " .. k, l, { face_down = true })
  end
end

-- lays the board out as the room cards in the slots say: each region back to how it was
-- made, every edge open, then each room's walls and its doors not opened on its cells'
-- sides, the region turned `rot` quarters and face up or down as its card
local function lay_rooms()
  for k = 1, MAZE.rooms do
    local r = region(k)
    board.rotate(r, -board.rotation(r))
  end
  for y = 0, H - 1 do
    for x = 0, W - 1 do
      if x < W - 1 then board.set_edge(space(x, y), space(x + 1, y), "open") end
      if y < H - 1 then board.set_edge(space(x, y), space(x, y + 1), "open") end
    end
  end
  for k = 1, MAZE.rooms do
    local R = room_card(k)
    local d = card.info(R).data
    local opened = {}
    for _, o in ipairs(card.get(R, "opened") or {}) do opened[o] = true end
    local function side(e, state)
      local x, y, s = slot_x0(k) + e[1], e[2], SIDE[e[3]]
      local there = space(x + DX[s], y + DY[s])
      if there then board.set_edge(space(x, y), there, state) end
    end
    for _, e in ipairs(d.walls) do side(e, "wall") end
    for i, e in ipairs(d.doors) do if not opened[i] then side(e, "door") end end
    local r = region(k)
    if card.face_down(R) then board.hide(r) else board.reveal(r) end
    board.rotate(r, card.get(R, "rot") or 0)
  end
end

-- { space, hx, hy } of cell (x, y): its space and where that space was laid (its name
-- says it too): board.build made the spaces a1, b1, ..., v5 one after another, row by
-- row, so a space's zone id counted from a1's is its laid cell's index
local function cell_at(B, x, y)
  local i = cell_index(x, y)
  local c = B.cells[i]
  if not c then
    local sp = board.at(B.maze, x, y)
    local laid = sp - B.a1
    c = { sp = sp, hx = laid % W, hy = laid // W }
    B.cells[i] = c
  end
  return c
end

-- the room card and number of the locked door on side s of cell (x, y) of slot k, or nil
local function door_at(B, x, y, s)
  local k = slot_of(x)
  if not k then return nil end
  local c = cell_at(B, x, y)
  local lx, ly = c.hx - slot_x0(k), c.hy
  local key = (ly * RS + lx) * 4 + (s - 1 - B[k].rot) % 4
  local door = LAYOUT[B[k].id].door[key]
  if door and not B[k].opened[door] then return B[k].card, door end
  return nil
end

-- what stops a step from (x, y) to its side s: nil (nothing), "edge" (the board's
-- border), "hidden" (a room face down on either side), "wall", or "door" (locked; with
-- the room card and door number). B: rooms(), read now when not given
local function edge(x, y, s, B)
  B = B or rooms()
  local nx, ny = x + DX[s], y + DY[s]
  if nx < 0 or nx >= W or ny < 0 or ny >= H then return "edge" end
  local ka, kb = slot_of(x), slot_of(nx)
  if (ka and B[ka].down) or (kb and B[kb].down) then return "hidden" end
  local e = board.edge(cell_at(B, x, y).sp, cell_at(B, nx, ny).sp)
  if e == "door" then
    local R, door = door_at(B, x, y, s)
    if not R then R, door = door_at(B, nx, ny, (s + 1) % 4 + 1) end
    return "door", R, door
  end
  if e == "open" then return nil end
  return e
end

-- '.', 'P' or 'G' at (x, y); '?' in a room face down; '.' on a starting line
local function cell_type(x, y, B)
  local k = slot_of(x)
  if not k then return "." end
  B = B or rooms()
  if B[k].down then return "?" end
  local c = cell_at(B, x, y)
  return LAYOUT[B[k].id].cell[c.hy * RS + c.hx - slot_x0(k)]
end

local CHAR_ORDER = {}                                    -- character id -> its place
for i, id in ipairs(game.defs("character")) do CHAR_ORDER[id] = i end

local function pos(c) return board.pos(card.zone(c)) end
local function enemy_of(s) return 3 - s end

-- every character on the board: list of { c, seat, x, y }, seat by seat, each seat's in
-- the order of the character definitions (Warrior, Thief, Wizard, Goblin)
local function on_board()
  local l = {}
  for _, c in ipairs(board.pieces(maze())) do
    local x, y = pos(c)
    l[#l + 1] = { c = c, seat = card.owner(c), x = x, y = y, k = CHAR_ORDER[card.id(c)] or 0 }
  end
  table.sort(l, function(a, b)
    if a.seat ~= b.seat then return a.seat < b.seat end
    return a.k < b.k
  end)
  return l
end

-- the characters of seat s on the board, in the order of their definitions
local function characters(s)
  local l = {}
  for _, o in ipairs(on_board()) do
    if o.seat == s then l[#l + 1] = o.c end
  end
  return l
end

-- the character on (x, y) and its seat, or nil
local function at(x, y)
  local sp = space(x, y)
  local c = sp and zone.at(sp)
  if c then return c, card.owner(c) end
  return nil
end

-- who stands where: { [cell index] = { c = card, seat = s } }
local function occupancy()
  local t = {}
  for _, o in ipairs(on_board()) do t[cell_index(o.x, o.y)] = { c = o.c, seat = o.seat } end
  return t
end

-- the character of seat s whose card id is id (on the board), or nil
local function char_of(s, id)
  for _, c in ipairs(board.pieces(maze())) do
    if card.owner(c) == s and card.id(c) == id then return c end
  end
  return nil
end

return {
  MAZE = MAZE, LAYOUT = LAYOUT, DX = DX, DY = DY, DIR_NAME = DIR_NAME,
  cell_index = cell_index, cell_xy = cell_xy, cell_name = cell_name,
  slot_of = slot_of, slot_x0 = slot_x0, room_card = room_card, face_down = face_down, rooms = rooms,
  space = space, region = region, build_maze = build_maze, lay_rooms = lay_rooms,
  edge = edge, cell_type = cell_type,
  pos = pos, enemy_of = enemy_of, on_board = on_board, characters = characters, at = at,
  occupancy = occupancy,
  char_of = char_of,
}
