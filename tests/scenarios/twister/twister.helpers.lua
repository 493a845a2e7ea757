-- Twister (tests/packs/twister): helpers the scenario files of this folder run in the
-- game, in front of each setup, lua step and check (helpers_file, docs/testing.md).
-- The pack's own helpers (cell_index, char_of, ...) are globals here too.
-- `lay({ { "hall", 0, true }, ... })` puts rooms in slots 1..4: id, quarter turns, face up
-- (and lays the board "maze" out as they say);
-- `put(s, id, "c2")` moves seat s's character (on the board) onto the space at cell c2;
-- `where(s, id)` reads its cell (nil once it left the board);
-- `cell("c2")` is the index of a cell; `hurt(s, id)` wounds a character;
-- `combat_hand(s, values)` leaves exactly these combat cards in seat s's hand.
local function cell(name)
  return cell_index(string.byte(name, 1) - 97, tonumber(name:sub(2)) - 1)
end
local function room(id)
  for _, z in ipairs({ "slot1", "slot2", "slot3", "slot4", "room_pool" }) do
    local c = zone.search(zone.get(z), id)[1]
    if c then return c end
  end
end
local function lay(rooms)
  for k = 1, 4 do
    for _, c in ipairs(zone.cards(zone.get("slot" .. k))) do card.move(c, zone.get("room_pool")) end
  end
  for k, r in ipairs(rooms) do
    local c = card.move(room(r[1]), zone.get("slot" .. k), { face = r[3] and "up" or "down" })
    card.set(c, "rot", r[2])
  end
  lay_rooms() -- the board follows the cards
end
-- every room face up, unturned: Hall (b-f), Chasm (g-k), Crypt (l-p), Vault (q-u)
local function standard() lay({ { "hall", 0, true }, { "chasm", 0, true }, { "crypt", 0, true }, { "vault", 0, true } }) end
local function put(s, id, name)
  card.move(char_of(s, id), space(string.byte(name, 1) - 97, tonumber(name:sub(2)) - 1))
end
local function where(s, id)
  local c = char_of(s, id)
  if not c then return nil end
  return cell_name(pos(c))
end
local function hurt(s, id) card.set(char_of(s, id), "wounded", true) end
local function combat_hand(s, values)
  local hand = zone.get("combat", s)
  for _, c in ipairs(zone.cards(hand)) do card.move(c, zone.get("combat_used", s)) end
  for _, v in ipairs(values) do
    card.move(zone.search(zone.get("combat_used", s), "combat" .. v)[1], hand)
  end
end
