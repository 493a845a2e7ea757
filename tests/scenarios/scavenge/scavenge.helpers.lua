-- Scavenge (tests/packs/scavenge): helpers the scenario files of this folder run in the
-- game, in front of each setup, lua step and check (helpers_file, docs/testing.md).
-- stack(s, ids): seat s's deck is exactly these cards, the first on top (so the first
-- five are its hand of round 1). junk(ids): these cards lie on top of the Junkyard, the
-- first on top. prize(ids): the contested pile is exactly these, the first on top.
-- ids(z): the ids of zone z's cards, top first, separated by blanks.
local function stack(s, ids)
  local d = zone.get("deck", s)
  for _, c in ipairs(zone.cards(d)) do card.destroy(c) end
  for _, id in ipairs(ids) do card.new(id, d, s) end
end
local function junk(ids)
  local j = zone.get("junkyard")
  for i = #ids, 1, -1 do card.move(card.new(ids[i], j), j, { pos = "top" }) end
end
local function prize(ids)
  local p = zone.get("contested")
  for _, c in ipairs(zone.cards(p)) do card.destroy(c) end
  for _, id in ipairs(ids) do card.new(id, p) end
end
local function ids(z)
  local out = {}
  for _, c in ipairs(zone.cards(z)) do out[#out + 1] = card.id(c) end
  return table.concat(out, " ")
end
