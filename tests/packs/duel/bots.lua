-- Bots for Duel. A bot sees its seat's view: the table (each card with its `at` site and
-- `power_mod`), its own hand, how many cards each pile holds; def(id).data gives a
-- card's cost, power, forfeit and destiny.

local function zone_named(view, name, owner)
  for _, z in ipairs(view.zones) do
    if z.name == name and z.owner == owner then return z end
  end
end

-- the power seat s shows at site n (cards on the table, without destiny)
local function power_at(view, s, n)
  local p = 0
  for _, c in ipairs(zone_named(view, "table").cards) do
    if c.kind == "character" and c.controller == s and c.props.at == n then
      p = p + math.max(0, def(c.id).data.power + (c.props.power_mod or 0))
    end
  end
  return p
end

local function site_n(label)
  for i, name in ipairs({ "Cantina", "Death Star Corridor", "Echo Base" }) do
    if name == label then return i end
  end
end

local function has(q, label)
  for _, o in ipairs(q.options) do
    if o.label == label then return label end
  end
end

return {
  commander = {
    about = "deploys its strongest affordable card, battles only where it is at least as strong, counters every opposing Interrupt, forfeits as little as it must",
    answer = function(view, q)
      local me = q.seat
      if q.kind == "play" then
        -- a counter first, then a battle Interrupt, then the costliest card to deploy
        for _, want in ipairs({ "play Imperial Counter", "play Sense", "play Trooper Volley", "play Heroic Stand" }) do
          if has(q, want) then return want end
        end
        local best, best_cost
        for _, o in ipairs(q.options) do
          for _, c in ipairs(zone_named(view, "hand", me).cards) do
            if o.label == "play " .. (c.name or "") and (not best_cost or def(c.id).data.cost > best_cost) then
              best, best_cost = o.label, def(c.id).data.cost
            end
          end
        end
        return best or "pass"
      elseif q.tag == "battle" then
        for _, o in ipairs(q.options) do
          local n = site_n(o.label)
          if n and power_at(view, me, n) >= power_at(view, 3 - me, n) then return o.label end
        end
        return "no battle"
      elseif q.tag == "site" then
        -- the site where the other side has the most icons: the best Force drain
        return has(q, me == 1 and "Echo Base" or "Death Star Corridor") or q.options[1].label
      elseif q.tag == "target" then
        return q.options[1].label
      elseif q.tag == "move" then
        return "no move"
      elseif q.tag == "draw" then
        -- keep Force to deploy with: draw only from a large force pile
        return zone_named(view, "force", me).count > 4 and "1" or "0"
      elseif q.tag == "forfeit" then
        local damage = tonumber(q.prompt:match("cover (%d+) battle"))
        local picks, covered = {}, 0
        -- the cheapest characters first, until the damage is covered
        local chars = {}
        for _, o in ipairs(q.options) do
          for _, c in ipairs(zone_named(view, "table").cards) do
            if c.name == o.label and c.controller == me then chars[#chars + 1] = { label = o.label, f = def(c.id).data.forfeit } break end
          end
        end
        table.sort(chars, function(a, b) return a.f < b.f end)
        for _, c in ipairs(chars) do
          if covered >= damage then break end
          picks[#picks + 1] = c.label
          covered = covered + c.f
        end
        return picks
      end
    end,
  },
}
