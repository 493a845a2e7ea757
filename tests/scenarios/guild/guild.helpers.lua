-- Guild scenario helpers (run inside the game).
-- give(s, { wood = 2 }): seat s takes those goods from the pool.
local function give(s, t) supply.take("goods", s, t) end
-- the card of id `id` wherever it is not yet anyone's (deck or market)
local function fetch(id)
  for _, n in ipairs({ "deck", "market" }) do
    local c = zone.search(zone.get(n), id)[1]
    if c then return c end
  end
end
-- seat s owns building `id` (no cost paid, its points not counted)
local function own(s, id)
  local c = fetch(id)
  card.set_owner(c, s)
  card.move(c, zone.get("buildings", s), { face = "up" })
end
-- the market holds exactly these buildings
local function market(ids)
  local m, d = zone.get("market"), zone.get("deck")
  for _, c in ipairs(zone.cards(m)) do card.move(c, d, { pos = "top" }) end
  for _, id in ipairs(ids) do card.move(fetch(id), m, { face = "up" }) end
end
local function goods(s, k) return supply.count("goods", s, k) end
local function on(space) return supply.holdings("goods", { zone = zone.get(space) }) end
