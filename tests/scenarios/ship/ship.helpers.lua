-- shared by the ship scenarios: set a seat's hand, place a crew member, set its health
local function hand_of(s, ids)
  for _, c in ipairs(zone.cards(hand(s))) do card.move(c, deck(s)) end
  for _, id in ipairs(ids) do card.new(id, hand(s), s) end
end
local function place(s, room) enter(s, zone.get(room), false) end   -- explores, no noise roll
local function set_hp(s, n)
  local now = hp(s)
  if n < now then supply.give("health", s, { hp = now - n }) end
  if n > now then supply.take("health", s, { hp = n - now }) end
end
local function count(room, id) return #zone.search(zone.get(room), id) end
local function noise(room) return noise_in(zone.get(room)) end
