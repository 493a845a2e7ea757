-- Derelict (tests/packs/derelict): helpers the scenario files of this folder run in the
-- game, in front of each setup, lua step and check (helpers_file, docs/testing.md).
-- `hand_of(s, ids)` empties seat s's deck, hand and discard and gives it exactly these
-- cards in hand (so the draw adds nothing); `character_of`, `objective_of` give a seat
-- that card; `bag_of` leaves exactly these tokens in the intruder bag; `intruder(id, r)`
-- puts one in room r; `count(z, id)` counts the cards of that id in zone z.
local function hand_of(s, ids)
  for _, z in ipairs({ deck(s), hand(s), discard(s) }) do
    for _, c in ipairs(zone.cards(z)) do card.destroy(c) end
  end
  for _, id in ipairs(ids) do card.new(id, hand(s), s) end
end
local function character_of(s, id)
  local z = zone.get("character", s)
  for _, c in ipairs(zone.cards(z)) do card.destroy(c) end
  card.new(id, z, s)
end
local function objective_of(s, id)
  local z = zone.get("objective", s)
  for _, c in ipairs(zone.cards(z)) do card.destroy(c) end
  card.flip(card.new(id, z, s), "down")
end
local function bag_of(ids)
  for _, c in ipairs(zone.cards(zone.get("bag"))) do card.destroy(c) end
  for _, id in ipairs(ids) do card.new(id, zone.get("bag")) end
end
local function intruder(id, r) return card.new(id, room_zone(r)) end
local function count(z, id) return #zone.search(z, id) end
