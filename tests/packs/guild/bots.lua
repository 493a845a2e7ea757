-- Bots for Guild. `steward` reads the options' data (what lies on a space, what a
-- building costs and scores) rather than their labels, and keeps its workers fed.

local WORTH = { wood = 1, stone = 1.5, food = 1.2, gold = 2 }
local INCOME = { farm = 1.2, stables = 1.2, stonecutter = 1.5, mint = 2 }

local function goods(view, s)
  return (view.seats[s].supply or {}).goods or { wood = 0, stone = 0, food = 0, gold = 0 }
end

local function zone_named(view, name, owner)
  for _, z in ipairs(view.zones) do
    if z.name == name and z.owner == owner then return z end
  end
end

local function affords(have, cost)
  for k, n in pairs(cost) do if (have[k] or 0) < n then return false end end
  return true
end

local function rounds_left(view)
  return (view.game.rounds or 7) - (view.game.round or 0)
end

-- what a building is worth to seat s now
local function building_value(view, id)
  local d = def(id).data
  local v = d.points
  if INCOME[id] then v = v + INCOME[id] * rounds_left(view) end
  if id == "lodge" and rounds_left(view) > 2 then v = v + 3 end
  if id == "granary" then v = v + 1.5 * rounds_left(view) end
  if id == "charter" then v = v + 3 end
  return v
end

local function best_build(view, s)
  local have, best = goods(view, s), 0
  local m = zone_named(view, "market")
  for _, c in ipairs(m and m.cards or {}) do
    if c.id and affords(have, def(c.id).data.cost) then
      best = math.max(best, building_value(view, c.id))
    end
  end
  return best
end

local function place_value(view, s, d)
  local have = goods(view, s)
  local workers = view.seats[s].props.workers or 2
  local hungry = math.max(0, workers - (have.food or 0))
  local v = 0
  for k, n in pairs(d.goods or {}) do
    v = v + n * WORTH[k]
    if k == "food" then v = v + math.min(n, hungry) * 1.5 end
  end
  if d.action == "build" then v = v + best_build(view, s) end
  if d.action == "omen" then v = v + 1.6 end
  if d.action == "hire" then
    if workers < 4 and (have.food or 0) >= 2 + workers and rounds_left(view) >= 3 then v = v + 4 end
  end
  if d.action == "trade" then
    local spare = (have.wood or 0) + (have.stone or 0) + math.max(0, (have.food or 0) - workers)
    v = v + math.min(spare, 6) * 0.3
  end
  if d.first then v = v + 0.5 end
  return v
end

return {
  steward = {
    about = "places where the goods or the buildings it can pay for are worth most, keeps its workers fed, pays gold rather than going hungry",
    answer = function(view, q)
      local me = q.seat
      if q.tag == "place" then
        local best, value
        for _, o in ipairs(q.options) do
          local v = place_value(view, me, o.data)
          if not value or v > value then best, value = o.id, v end
        end
        return best
      elseif q.tag == "build" then
        local best, value
        for _, o in ipairs(q.options) do
          if o.data then
            local v = building_value(view, o.data.id)
            if not value or v > value then best, value = o.id, v end
          end
        end
        return best
      elseif q.tag == "feed" then
        return { gold = q.max }              -- a gold is worth less than 2 points
      elseif q.tag == "sell" then
        -- sell wood and stone beyond what the dearest building in the market asks
        local have, back, left = goods(view, me), {}, q.max
        for _, o in ipairs(q.options) do
          local keep = o.key == "food" and (view.seats[me].props.workers or 2) or 3
          local n = math.max(0, math.min(o.max, (have[o.key] or 0) - keep, left))
          back[o.key], left = n, left - n
        end
        -- in pairs (q.step 2): an odd one left out, of the last kind sold
        local step, total = q.step or 1, q.max - left
        for i = #q.options, 1, -1 do
          local k = q.options[i].key
          if total % step == 0 then break end
          local less = math.min(back[k], total % step)
          back[k], total = back[k] - less, total - less
        end
        return back
      end
    end,
  },
}
