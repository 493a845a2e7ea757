-- Not Alone helpers, part 3: arranging a game for scenario tests and designers
-- (tests/scenarios/notalone). Run from a scenario's `setup` or a { lua = … } step;
-- each moves real cards, so the views and the log stay consistent.
--
--   setup_places(s, { "lair", "jungle" }, { "river" })  -- s owns exactly these places
--   setup_hunt({ "scream" })                            -- the Creature's Hunt hand
--   setup_survival(s, { "dodge" })                      -- a Hunted's Survival hand
--   setup_hunt_discard({ "mutation" })                  -- Hunt discard, first = top
--   setup_reserve("shelter", 0)                         -- copies left in the reserve
--   setup_hunt_deck_top({ "despair" })                  -- next Hunt cards drawn
--   setup_survival_deck_top({ "dodge" })                -- next Survival cards drawn
--   setup_quiet()                                       -- only Tracking; no Survival
--   ids_of(hand(2)), holds(hand(2), { "lair" })         -- for checks: ids in a zone

local HUNT_ZONES = { "hunt_deck", "hunt_discard", "hunt_played" }

-- The Hunt card `id` wherever it is (deck, discard, played area, Creature's hand).
local function find_hunt(id)
  for _, z in ipairs(HUNT_ZONES) do
    local c = zone.search(gzone(z), id)[1]
    if c then return c end
  end
  return zone.search(hand(CREATURE), id)[1]
end

-- The Survival card `id` wherever it is.
local function find_survival(id)
  for _, z in ipairs({ "survival_deck", "survival_discard" }) do
    local c = zone.search(gzone(z), id)[1]
    if c then return c end
  end
  for _, s in ipairs(hunted_seats()) do
    local c = zone.search(shand(s), id)[1]
    if c then return c end
  end
  return nil
end

-- Seat s owns exactly the listed places: those in `in_hand` in hand, those in
-- `in_discard` on the discard pile; its other place cards leave the game.
local function setup_places(s, in_hand, in_discard)
  in_discard = in_discard or {}
  local have = {}
  for _, z in ipairs({ hand(s), discard(s), played(s) }) do
    for _, c in ipairs(zone.cards(z)) do
      local id = card.id(c)
      if contains(in_hand, id) or contains(in_discard, id) then
        have[#have + 1] = id
        if contains(in_hand, id) then to_hand(s, c) else card.move(c, discard(s), { face = "up" }) end
      else
        card.destroy(c)
      end
    end
  end
  for _, id in ipairs(in_hand) do
    if not contains(have, id) then card.new(id, hand(s), s) end
  end
  for _, id in ipairs(in_discard) do
    if not contains(have, id) then card.new(id, discard(s), s) end
  end
end

-- The Creature holds exactly these Hunt cards; the others it held go back on the deck.
local function setup_hunt(ids)
  for _, c in ipairs(zone.cards(hand(CREATURE))) do
    if not contains(ids, card.id(c)) then card.move(c, gzone("hunt_deck"), { pos = "top" }) end
  end
  for _, id in ipairs(ids) do
    local c = find_hunt(id)
    if card.zone(c) ~= hand(CREATURE) then
      c = card.move(c, hand(CREATURE), { face = "up" })
      card.set_controller(c, CREATURE)
    end
  end
end

-- These Hunt cards are the next ones drawn, in order.
local function setup_hunt_deck_top(ids)
  for i = #ids, 1, -1 do
    card.move(find_hunt(ids[i]), gzone("hunt_deck"), { pos = "top" })
  end
end

-- These Hunt cards lie on the Hunt discard, the first on top.
local function setup_hunt_discard(ids)
  for i = #ids, 1, -1 do
    card.move(find_hunt(ids[i]), gzone("hunt_discard"), { face = "up", pos = "top" })
  end
end

-- Seat s holds exactly these Survival cards; the others it held go back to the deck.
local function setup_survival(s, ids)
  for _, c in ipairs(zone.cards(shand(s))) do
    if not contains(ids, card.id(c)) then card.move(c, gzone("survival_deck"), { pos = "top" }) end
  end
  for _, id in ipairs(ids) do
    local c = find_survival(id)
    if card.zone(c) ~= shand(s) then
      c = card.move(c, shand(s), { face = "up" })
      card.set_controller(c, s)
    end
  end
end

-- The reserve holds n copies of place `id` (6 to 10).
local function setup_reserve(id, n)
  local have = zone.search(gzone("reserve"), id)
  for i = n + 1, #have do card.destroy(have[i]) end
  for _ = #have + 1, n do card.new(id, gzone("reserve")) end
end

-- These Survival cards are the next ones drawn, in order.
local function setup_survival_deck_top(ids)
  for i = #ids, 1, -1 do
    card.move(find_survival(ids[i]), gzone("survival_deck"), { pos = "top" })
  end
end

-- A quiet table for a scenario: the Creature holds only `hunt` (default: Tracking,
-- which is offered only in Phase 4 and so gives each turn a stop before the discards)
-- and will draw Stasis and Flashback next (harmless while the Hunt discard is empty);
-- no Hunted holds a Survival card.
local function setup_quiet(hunt)
  hunt = hunt or { "tracking" }
  setup_hunt(hunt)
  local next_draws = {}
  for _, id in ipairs({ "stasis", "flashback" }) do
    if not contains(hunt, id) then next_draws[#next_draws + 1] = id end
  end
  setup_hunt_deck_top(next_draws)
  for _, s in ipairs(hunted_seats()) do setup_survival(s, {}) end
end

-- Short views for checks: the place ids of a seat's zone, in order.
local function ids_of(z)
  local out = {}
  for _, c in ipairs(zone.cards(z)) do out[#out + 1] = card.id(c) end
  return out
end

-- Whether zone z holds exactly the place ids listed (any order).
local function holds(z, ids)
  local got = ids_of(z)
  if #got ~= #ids then return false end
  for _, id in ipairs(ids) do
    if not contains(got, id) then return false end
  end
  return true
end

return {
  find_hunt = find_hunt,
  find_survival = find_survival,
  setup_places = setup_places,
  setup_hunt = setup_hunt,
  setup_hunt_deck_top = setup_hunt_deck_top,
  setup_hunt_discard = setup_hunt_discard,
  setup_survival = setup_survival,
  setup_reserve = setup_reserve,
  setup_survival_deck_top = setup_survival_deck_top,
  setup_quiet = setup_quiet,
  ids_of = ids_of,
  holds = holds,
}
