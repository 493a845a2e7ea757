-- Ship: helpers shared by the rules and the action cards (every field is a global).

local MAX_HP = 3

local function hand(s) return zone.get("hand", s) end
local function deck(s) return zone.get("deck", s) end
local function discard(s) return zone.get("discard", s) end

local function ship() return board.get("ship") end

-- the crew piece of seat s (it stays on the board, a corpse, when the seat is out)
local function crew_of(s)
  for _, z in ipairs(board.spaces(ship())) do
    for _, c in ipairs(zone.cards(z)) do
      if card.id(c) == "crew" and card.owner(c) == s then return c end
    end
  end
  error("seat " .. s .. " has no crew piece on the board")
end

local function room_of(s) return card.zone(crew_of(s)) end

-- a room's name as players read it: pack.json's show.zones label ("Cryo bay"), which the
-- table, the drawn board and the engine's log lines use too
local function room_name(z) return board.label(z) end

local function hp(s) return supply.count("health", s, "hp") end

local function alive(s) return not seat.out(s) end

local function intruders_in(z)
  local l = {}
  for _, c in ipairs(zone.cards(z)) do
    if card.kind(c) == "intruder" then l[#l + 1] = c end
  end
  return l
end

local function crew_in(z)
  local l = {}
  for s = 1, game.seats() do
    if alive(s) and room_of(s) == z then l[#l + 1] = s end
  end
  return l
end

local function explored(z)
  local r = board.region_of(z)
  return r == nil or not board.face_down(r)
end

-- seat s loses n health; at 0 the crew member dies and the seat is out
local function wound(s, n, why)
  n = math.min(n, hp(s))
  if n > 0 then supply.give("health", s, { hp = n }) end
  game.log("seat " .. s .. " is hurt by " .. why .. " (" .. hp(s) .. " health left)")
  if hp(s) == 0 then
    game.stat("crew killed", 1)
    seat.eliminate(s, "killed by " .. why)
  end
end

local function heal(s, n)
  n = math.min(n, MAX_HP - hp(s), supply.count("health", "pool", "hp"))
  if n > 0 then supply.take("health", s, { hp = n }) end
  return n
end

-- the noise markers in room z (a board space is a zone: the "markers" supply's counters
-- lie on it)
local function noise_in(z) return supply.count("markers", { zone = z }, "noise") end

-- a token drawn from the bag at random and shown to all (it goes out of play): an
-- intruder of its kind appears in room z; a blank goes back in the bag
local function encounter(s, z)
  if supply.count("bag", "pool") == 0 then
    game.log("the bag is empty: nothing comes")
    return nil
  end
  local kind = supply.draw("bag", "pool", "out")[1]
  game.stat("encounters", 1)
  if kind == "blank" then
    game.log("something moves in the ducts, then nothing")
    supply.move("bag", "out", "pool", { blank = 1 })
    return nil
  end
  local c = card.new(kind, z)
  game.log("ENCOUNTER: a " .. card.name(c) .. " in the " .. room_name(z))
  return c
end

-- the noise roll when a crew member enters a room alone
local function noise_roll(s, z)
  local v = dice.values(dice.roll(1, 6))[1]
  if v <= 2 then
    game.log("noise roll " .. v .. ": silence")
  elseif v <= 5 then
    if noise_in(z) > 0 then
      game.log("noise roll " .. v .. ": a second noise in the " .. room_name(z))
      supply.move("markers", { zone = z }, "pool", { noise = 1 })
      encounter(s, z)
    else
      game.log("noise roll " .. v .. ": a noise marker in the " .. room_name(z))
      supply.move("markers", "pool", { zone = z }, { noise = 1 })
    end
  else
    game.log("noise roll 6: danger")
    encounter(s, z)
  end
end

-- seat s's crew member enters room z; explores it when face down; rolls for noise when
-- `noisy` and no other crew member is there
local function enter(s, z, noisy)
  local alone = #crew_in(z) == 0
  card.move(crew_of(s), z)
  local r = board.region_of(z)
  if r and board.face_down(r) then
    board.reveal(r)
    game.stat("rooms explored", 1)
  end
  if noisy and alone and #intruders_in(z) == 0 then noise_roll(s, z) end
end

-- seat s deals n damage to intruder c
local function hit(s, c, n)
  local name = card.name(c)
  local d = card.add(c, "damage", n)
  if d >= game.def(card.id(c)).data.hp then
    card.destroy(c)
    seat.add(s, "kills", 1)
    game.stat("intruders killed", 1)
    game.log("seat " .. s .. " kills the " .. name)
  end
end

return {
  MAX_HP = MAX_HP, hand = hand, deck = deck, discard = discard, ship = ship,
  crew_of = crew_of, room_of = room_of, room_name = room_name, hp = hp, alive = alive,
  intruders_in = intruders_in, crew_in = crew_in, explored = explored, wound = wound,
  heal = heal, noise_in = noise_in, encounter = encounter, noise_roll = noise_roll, enter = enter, hit = hit,
}
