-- Bots for Gems. `greedy` buys the card worth the most points it can pay for; else it
-- works towards the market card it is closest to affording (points weigh in), taking
-- the gems that card still needs; it returns the gems that card needs least. It reads
-- the gems each seat holds from the view's counter supply (seats[s].supply.gems).

local COLOURS = { "white", "blue", "green", "red", "black" }

local function zones(view, name, owner)
  for _, z in ipairs(view.zones) do
    if z.name == name and z.owner == owner then return z end
  end
end

-- the cards in view that a seat could aim at: the market rows and its reserve
local function candidates(view, me)
  local out = {}
  for t = 1, 3 do
    for _, c in ipairs(zones(view, "market" .. t).cards) do out[#out + 1] = c end
  end
  for _, c in ipairs(zones(view, "reserved", me).cards) do
    if c.id then out[#out + 1] = c end
  end
  return out
end

-- what seat `me` still lacks of each colour for card c (after discounts and gems), and
-- the total less its gold
local function shortfall(view, me, c)
  local p, gems, need, total = view.seats[me].props, view.seats[me].supply.gems, {}, 0
  for col, n in pairs(def(c.id).data.cost) do
    local k = math.max(0, n - (p["cards_" .. col] or 0) - gems[col])
    need[col] = k
    total = total + k
  end
  return need, math.max(0, total - gems.gold)
end

-- the card to work towards: the fewest gems missing per point (plus one)
local function target(view, me)
  local best, best_score
  for _, c in ipairs(candidates(view, me)) do
    local _, miss = shortfall(view, me, c)
    local score = miss - 2 * def(c.id).data.points
    if not best or score < best_score then best, best_score = c, score end
  end
  return best
end

local function has(q, label)
  for _, o in ipairs(q.options) do
    if o.label == label then return true end
  end
end

return {
  greedy = {
    about = "buys the most points it can pay for, else takes the gems of the card it is closest to",
    answer = function(view, q)
      local me = q.seat
      if q.tag == "action" then
        -- the affordable card worth most (the first such option among equals)
        local best, best_pts
        for _, o in ipairs(q.options) do
          local name = o.label:match("^buy (.*)$")
          if name then
            name = name:gsub(" %(reserved%)$", "")
            for _, c in ipairs(candidates(view, me)) do
              if c.name == name then
                local pts = def(c.id).data.points
                if not best or pts > best_pts then best, best_pts = o.label, pts end
              end
            end
          end
        end
        if best then return best end
        local t = target(view, me)
        if t then
          local need = shortfall(view, me, t)
          for _, col in ipairs(COLOURS) do
            if (need[col] or 0) >= 2 and has(q, "take 2 " .. col) then return "take 2 " .. col end
          end
        end
        if has(q, "take different gems") then return "take different gems" end
        return nil
      elseif q.tag == "gems" then
        local t, picks, left = target(view, me), {}, {}
        local need = t and shortfall(view, me, t) or {}
        for _, o in ipairs(q.options) do
          if (need[o.label] or 0) > 0 and #picks < q.max then picks[#picks + 1] = o.label
          else left[#left + 1] = o.label end
        end
        for _, l in ipairs(left) do
          if #picks < q.max then picks[#picks + 1] = l end
        end
        return picks
      elseif q.tag == "return" then
        -- a question of quantities (decide.amounts): gives back what the target needs
        -- least, the colours it needs none of first, the most held first, gold last
        local t = target(view, me)
        local need = t and shortfall(view, me, t) or {}
        local p, order = view.seats[me].supply.gems, {}
        for _, o in ipairs(q.options) do order[#order + 1] = o end
        local function rank(o)
          return o.key == "gold" and 2 or ((need[o.key] or 0) > 0 and 1 or 0)
        end
        table.sort(order, function(a, b)
          if rank(a) ~= rank(b) then return rank(a) < rank(b) end
          if (p[a.key] or 0) ~= (p[b.key] or 0) then return (p[a.key] or 0) > (p[b.key] or 0) end
          return a.key < b.key
        end)
        local counts, left = {}, q.min
        for _, o in ipairs(order) do
          local n = math.min(o.max, left)
          if n > 0 then counts[o.key], left = n, left - n end
        end
        return counts
      end
    end,
  },
}
