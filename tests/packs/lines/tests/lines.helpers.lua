-- Helpers for the scenarios of Lines: set up sides of lines and hands by card id.

-- the card of this id, wherever it is (every id is one card)
local function find(id)
  local zs = zone.list()
  for s = 1, 2 do
    for _, z in ipairs(zone.list(s)) do zs[#zs + 1] = z end
  end
  for _, z in ipairs(zs) do
    local c = zone.search(z, id)[1]
    if c then return c end
  end
  error("no card " .. id)
end

-- puts these cards on seat s's side of line l; a full side is marked completed at turn
-- `done` (default 0: before the game began)
local function side_of(s, l, ids, done)
  local z = zone.get("line" .. l, s)
  for _, id in ipairs(ids) do card.move(find(id), z) end
  if #ids == 3 then zone.set(z, "done", done or 0) end
end

-- gives seat s these cards in hand, the rest of its 5 from the top of the deck
local function hand_of(s, ids)
  local deck, hand = zone.get("deck"), zone.get("hand", s)
  for _, c in ipairs(zone.cards(hand)) do card.move(c, deck) end
  for _, id in ipairs(ids) do card.move(find(id), hand) end
  zone.draw(deck, hand, 5 - #ids)
end

-- leaves n cards in the deck (the others out of the game, in no seat's sight)
local function deck_of(n)
  local deck = zone.get("deck")
  while zone.count(deck) > n do card.destroy(zone.at(deck, -1)) end
end
