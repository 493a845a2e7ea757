-- Duel (tests/packs/duel): helpers the scenario files of this folder run in the game, in
-- front of each setup, lua step and check (helpers_file, docs/testing.md). z(name, s): a
-- zone; reset(s): every card of seat s back into its reserve deck; take(s, id, name, opts):
-- a card of that id from the reserve deck into zone `name`; to_hand, to_force, on_top:
-- the same into the hand, the force pile, the top of the reserve deck; at_site(s, id, n):
-- a card of seat s put straight onto site n (an Effect listens as its deploy makes it);
-- named(zone, s, id): the first card of that id there.
local function z(name, s) return zone.get(name, s) end
-- every card of seat s back into its reserve deck
local function reset(s)
  for _, name in ipairs({ "hand", "force", "used", "lost" }) do
    for _, c in ipairs(zone.cards(z(name, s))) do card.move(c, z("reserve", s)) end
  end
end
-- a card of id from seat s's reserve deck into its zone `name`
local function take(s, id, name, opts)
  local c = assert(zone.search(z("reserve", s), id)[1], id)
  return card.move(c, z(name, s), opts)
end
local function to_hand(s, id) return take(s, id, "hand", { face = "up" }) end
local function to_force(s, id) return take(s, id, "force") end
local function on_top(s, id) return take(s, id, "reserve", { pos = "top" }) end
-- a character of seat s put straight onto site n
local function at_site(s, id, n)
  local c = assert(zone.search(z("reserve", s), id)[1], id)
  c = card.move(c, zone.get("table"), { face = "up" })
  card.set(c, "at", n)
  -- an Effect does what its deploy does: listens while it is in play
  if card.kind(c) == "effect" then effect.on("battle_begins", "rally", { card = c, ["until"] = "in_play" }) end
  return c
end
local function named(zname, s, id) return zone.search(z(zname, s), id)[1] end
