-- Twister helpers: the geometry of the labyrinth, shared by the rules (rules.lua) and the
-- scenario tests. Everything returned here becomes a global of the pack's scripts.
--
-- The board is 22 columns (x = 0..21, named a..v) by 5 rows (y = 0..4, named 1..5).
-- Column a is seat 1's starting line, column v seat 2's. Rooms 1..4 fill columns b-f,
-- g-k, l-p and q-u; room k is the one card of the game zone `slot<k>`, face down until
-- revealed, with its quarter turns (clockwise) as the card property `rot`. A room's
-- layout (cards.json, `data`) is written in the room's own frame: `cells` rows top to
-- bottom ('.' floor, 'P' pit, 'G' gear), `walls` and `doors` as [x, y, side] of a cell.
-- A character is a card in its seat's zone `band`; its cell is the card property `at`,
-- the index y * 22 + x + 1 (pack.json's show.names "cell" reads it as "c2").

local MAZE = game.data("maze")
local W, H, RS = MAZE.width, MAZE.height, MAZE.room_size
local DX, DY = { 0, 1, 0, -1 }, { -1, 0, 1, 0 }         -- by side: north, east, south, west
local SIDE = { N = 1, E = 2, S = 3, W = 4 }
local DIR_NAME = { "north", "east", "south", "west" }

-- LAYOUT[room id] = { cell = { [ly*RS+lx] = '.', 'P' or 'G' }, wall = { [key] = true },
-- door = { [key] = door number } }, key = (ly*RS+lx)*4 + side - 1 in the room's frame;
-- a wall or door inside the room is entered for both cells it separates.
local LAYOUT = {}
for _, id in ipairs(game.defs("room")) do
  local d = game.def(id).data
  local L = { cell = {}, wall = {}, door = {}, gear = nil }
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
  for _, e in ipairs(d.walls) do mark(L.wall, e, true) end
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
-- B[k] = { card, id, rot, down (face down), opened = { [door number] = true } }
local function rooms()
  local B = {}
  for k = 1, MAZE.rooms do
    local R = room_card(k)
    local opened = {}
    for _, o in ipairs(card.get(R, "opened") or {}) do opened[o] = true end
    B[k] = { card = R, id = card.id(R), rot = card.get(R, "rot") or 0,
             down = card.face_down(R), opened = opened }
  end
  return B
end

-- room-frame cell and side of board cell (x, y) of slot k, side s (1..4), the room
-- turned rot quarters
local function to_local(k, x, y, s, rot)
  rot = rot or card.get(room_card(k), "rot") or 0
  local bx, by = x - slot_x0(k), y
  for _ = 1, rot do bx, by = by, RS - 1 - bx end
  return bx, by, s and ((s - 1 - rot) % 4 + 1)
end
-- board cell of room-frame cell (lx, ly) of slot k with `rot` quarter turns
local function to_board(k, lx, ly, rot)
  for _ = 1, rot do lx, ly = RS - 1 - ly, lx end
  return slot_x0(k) + lx, ly
end

-- what is on side s of cell (x, y) as its own room says: nil, "wall", or "door" with the
-- room card and the door's number
local function side_of(B, x, y, s)
  local k = slot_of(x)
  if not k then return nil end
  local r = B[k]
  local L = LAYOUT[r.id]
  local lx, ly, ls = to_local(k, x, y, s, r.rot)
  local key = (ly * RS + lx) * 4 + ls - 1
  if L.wall[key] then return "wall" end
  local door = L.door[key]
  if door and not r.opened[door] then return "door", r.card, door end
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
  local a, ra, da = side_of(B, x, y, s)
  local b, rb, db = side_of(B, nx, ny, (s + 1) % 4 + 1)
  if a == "wall" or b == "wall" then return "wall" end
  if a == "door" then return "door", ra, da end
  if b == "door" then return "door", rb, db end
  return nil
end

-- '.', 'P' or 'G' at (x, y); '?' in a room face down; '.' on a starting line
local function cell_type(x, y, B)
  local k = slot_of(x)
  if not k then return "." end
  B = B or rooms()
  if B[k].down then return "?" end
  local lx, ly = to_local(k, x, y, nil, B[k].rot)
  return LAYOUT[B[k].id].cell[ly * RS + lx]
end

local function band(s) return zone.get("band", s) end
local function pos(c) return cell_xy(card.get(c, "at")) end
local function enemy_of(s) return 3 - s end

-- every character on the board: list of { c, seat, x, y }
local function on_board()
  local l = {}
  for s = 1, game.seats() do
    for _, c in ipairs(zone.cards(band(s))) do
      local x, y = pos(c)
      l[#l + 1] = { c = c, seat = s, x = x, y = y }
    end
  end
  return l
end

-- the character on (x, y), or nil
local function at(x, y)
  local i = cell_index(x, y)
  for s = 1, game.seats() do
    for _, c in ipairs(zone.cards(band(s))) do
      if card.get(c, "at") == i then return c, s end
    end
  end
  return nil
end

-- who stands where: { [cell index] = { c = card, seat = s } }
local function occupancy()
  local t = {}
  for s = 1, game.seats() do
    for _, c in ipairs(zone.cards(band(s))) do
      t[card.get(c, "at")] = { c = c, seat = s }
    end
  end
  return t
end

-- the character of seat s whose card id is id (on the board), or nil
local function char_of(s, id) return zone.search(band(s), id)[1] end

return {
  MAZE = MAZE, LAYOUT = LAYOUT, DX = DX, DY = DY, DIR_NAME = DIR_NAME,
  cell_index = cell_index, cell_xy = cell_xy, cell_name = cell_name,
  slot_of = slot_of, slot_x0 = slot_x0, room_card = room_card, face_down = face_down, rooms = rooms,
  to_local = to_local, to_board = to_board, edge = edge, cell_type = cell_type,
  band = band, pos = pos, enemy_of = enemy_of, on_board = on_board, at = at,
  occupancy = occupancy,
  char_of = char_of,
}
