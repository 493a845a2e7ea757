-- Derelict helpers: shared by the rules and the action and character cards.
-- Everything returned here becomes a global of the pack's scripts.
-- Rooms are numbers 1..8 (ship.json's order); a seat's room is its property `room`;
-- the intruders in a room are the cards of the game zone named after the room's id.

local SHIP = game.data("ship")

-- ADJ[a][b]: rooms a and b are joined by a corridor (built once, read only)
local ADJ = {}
for r = 1, #SHIP.rooms do ADJ[r] = {} end
for _, c in ipairs(SHIP.corridors) do
  ADJ[c[1]][c[2]] = true
  ADJ[c[2]][c[1]] = true
end

local function hand(s) return zone.get("hand", s) end
local function deck(s) return zone.get("deck", s) end
local function discard(s) return zone.get("discard", s) end
local function items(s) return zone.get("items", s) end
local function room_zone(r) return zone.get(SHIP.rooms[r].id) end
local function room_name(r) return SHIP.rooms[r].name end
local function room_of(s) return seat.get(s, "room") end
local function dead(s) return seat.get(s, "dead") == true end
local function character(s) return zone.at(zone.get("character", s)) end

-- the rooms next to room r, in room order
local function neighbours(r)
  local l = {}
  for t = 1, #SHIP.rooms do
    if ADJ[r][t] then l[#l + 1] = t end
  end
  return l
end

local function living()
  local l = {}
  for s = 1, game.seats() do
    if not dead(s) then l[#l + 1] = s end
  end
  return l
end

-- the living crew in room r
local function crew_in(r)
  local l = {}
  for _, s in ipairs(living()) do
    if room_of(s) == r then l[#l + 1] = s end
  end
  return l
end

-- the sum of data field `key` over seat s's items
local function item_bonus(s, key)
  local n = 0
  for _, c in ipairs(zone.cards(items(s))) do n = n + (card.info(c).data[key] or 0) end
  return n
end

-- a character's hook: what its script's function `fn` returns, or `default`
local function ability(s, fn, default, extra)
  local c = character(s)
  if c and card.has(c, fn) then return card.call(c, fn, extra or { seat = s }) end
  return default
end

-- the cards seat s may discard to pay (Contamination cannot), leaving out `except`
local function payable(s, except)
  local l = {}
  for _, c in ipairs(zone.cards(hand(s))) do
    if c ~= except and card.kind(c) ~= "contamination" then l[#l + 1] = c end
  end
  return l
end

-- seat s discards n cards of its choice (asked only when it has a choice)
local function pay(s, n, what, except)
  if n <= 0 then return end
  local l = payable(s, except)
  assert(#l >= n, "pay: seat " .. s .. " cannot pay " .. n)
  -- a choice only when the cards differ (two Hides are the same to pay with)
  local same = true
  for _, c in ipairs(l) do same = same and card.id(c) == card.id(l[1]) end
  local picked = { table.unpack(l, 1, n) }
  if not same and #l > n then
    picked = decide.choose(s, l, { min = n, max = n, tag = "pay",
                                   prompt = "discard " .. n .. (n == 1 and " card" or " cards") .. " to " .. what })
  end
  for _, c in ipairs(picked) do card.move(c, discard(s)) end
end

-- draws cards until seat s holds `upto`, shuffling the discard pile back when the deck runs out
local function draw_up(s, upto)
  while zone.count(hand(s)) < upto do
    if zone.count(deck(s)) == 0 then
      if zone.count(discard(s)) == 0 then return end
      for _, c in ipairs(zone.cards(discard(s))) do card.move(c, deck(s), { face = "down" }) end
      zone.shuffle(deck(s))
    end
    zone.draw(deck(s), hand(s), 1)
  end
end

-- seat s dies: out of the game from now on (its objective still counts at the end)
local function kill(s, why)
  if dead(s) then return end
  seat.set(s, "dead", true)
  seat.eliminate(s, why)
end

local function wound(s, n, by)
  if n <= 0 or dead(s) then return end
  if seat.add(s, "wounds", n) >= SHIP.max_wounds then kill(s, "killed by " .. by) end
end

local function contaminate(s, n)
  for _ = 1, n do card.new("contamination", deck(s), s) end
  if n > 0 then zone.shuffle(deck(s)) end
end

-- intruder i attacks seat s
local function attack(i, s)
  local d = card.info(i).data
  local w = math.max(0, d.wounds - item_bonus(s, "armor"))
  game.log(card.name(i) .. " attacks seat " .. s .. " in the " .. room_name(room_of(s)) .. ": "
           .. w .. (w == 1 and " wound" or " wounds") .. ", " .. d.contaminate .. " contamination")
  contaminate(s, d.contaminate)
  wound(s, w, "a " .. card.name(i))
end

-- seat s fights intruder i with `bonus`: 1d6 + bonuses, 4 or more hits (a natural 6
-- hits twice); a miss lets the intruder attack. Killing one gives an Intruder Sample.
local function fight(s, i, bonus)
  local total = bonus + ability(s, "fight_bonus", 0) + item_bonus(s, "fight")
  local roll = dice.values(dice.roll(1))[1]
  local hp = card.info(i).data.hp
  if roll + total >= 4 then
    local dmg = card.add(i, "damage", roll == 6 and 2 or 1)
    game.log("seat " .. s .. " rolls " .. roll .. "+" .. total .. " against the " .. card.name(i) .. ": a hit")
    if dmg >= hp then
      game.log("seat " .. s .. " kills the " .. card.name(i))
      card.destroy(i)
      card.new("sample", items(s), s)
    end
  else
    game.log("seat " .. s .. " rolls " .. roll .. "+" .. total .. " against the " .. card.name(i) .. ": a miss")
    attack(i, s)
  end
end

-- seat s walks to room r
local function walk(s, r)
  seat.set(s, "room", r)
end

return {
  SHIP = SHIP,
  ADJ = ADJ,
  hand = hand,
  deck = deck,
  discard = discard,
  items = items,
  room_zone = room_zone,
  room_name = room_name,
  room_of = room_of,
  dead = dead,
  character = character,
  neighbours = neighbours,
  living = living,
  crew_in = crew_in,
  item_bonus = item_bonus,
  ability = ability,
  payable = payable,
  pay = pay,
  draw_up = draw_up,
  kill = kill,
  wound = wound,
  contaminate = contaminate,
  attack = attack,
  fight = fight,
  walk = walk,
}
