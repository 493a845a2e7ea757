-- Guild's helpers: globals of the rules and of every card script.
local GOODS = { "wood", "stone", "food", "gold" }
local MAX_WORKERS = 4

local function home(s) return zone.get("home", s) end
local function buildings(s) return zone.get("buildings", s) end

-- seat s takes what the pool still has of t (goods by kind), the log saying why when
-- given (a building's name); returns what it got
local function gain(s, t, why)
  local got, any = {}, false
  for _, k in ipairs(GOODS) do
    got[k] = math.min(t[k] or 0, supply.count("goods", "pool", k))
    if got[k] > 0 then any = true end
  end
  if any then supply.take("goods", s, got, why and { reason = why } or nil) end
  return got
end

-- a new worker at seat s's home (at most MAX_WORKERS); false when it has them all
local function gain_worker(s)
  if seat.get(s, "workers") >= MAX_WORKERS then return false end
  card.new("worker", home(s), s)
  seat.add(s, "workers", 1)
  game.stat("workers hired", 1)
  return true
end

-- seat s draws n omens from the bag, face down (as many as are left)
local function draw_omens(s, n)
  n = math.min(n, supply.count("omens", "pool"))
  if n > 0 then
    supply.draw("omens", "pool", s, n)
    game.stat("omens drawn", n)
  end
  return n
end

return { GOODS = GOODS, MAX_WORKERS = MAX_WORKERS, home = home, buildings = buildings,
         gain = gain, gain_worker = gain_worker, draw_omens = draw_omens }
