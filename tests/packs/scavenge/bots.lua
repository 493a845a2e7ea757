-- Bots for Scavenge. `greedy` hires the strongest mercenary it can pay for, digs with
-- what is left, keeps the best tool, commits every fighter but its Snipers and Medics,
-- and plays those after the reveal: the Sniper on the strongest card it sees.

local KINDS = { "person", "mercenary", "junk", "contested" }
local HIRE_RANK = { thug = 5, sniper = 4, hunter = 3, medic = 2, scout = 1 }

-- the card definition named `name` (labels name cards by their names)
local function by_name(name)
  for _, k in ipairs(KINDS) do
    for _, id in ipairs(defs(k)) do
      if def(id).name == name then return def(id) end
    end
  end
end

local function value(d, key) return d and d.data[key] or 0 end
local function worth(d) return 2 * value(d, "fight") + value(d, "food") + value(d, "medicine") end

-- the option of q whose score is highest (the first among equals), nil for none
local function best(q, score)
  local pick, top
  for _, o in ipairs(q.options) do
    local v = score(o.label)
    if v and (not top or v > top) then pick, top = o.label, v end
  end
  return pick
end

return {
  greedy = {
    about = "hires the strongest mercenary it can pay for, digs, commits its fighters, snipes the strongest card in view",
    answer = function(view, q)
      if q.kind == "play" then
        return best(q, function(l)
          if l:find("Sniper", 1, true) then return 2 end
          if l:find("Medic", 1, true) then return 1 end
        end)
      elseif q.tag == "action" then
        return best(q, function(l)
          local name = l:match("^hire (%a+)")
          if name then
            for id, r in pairs(HIRE_RANK) do
              if def(id).name == name then return 10 + r end
            end
          end
          if l:sub(1, 4) == "dig " then return 1 end
          return 0
        end)
      elseif q.tag == "keep" or q.tag == "heal" then
        return best(q, function(l) return worth(by_name(l)) end)
      elseif q.tag == "pay" then
        return best(q, function(l) return -value(by_name(l), "fight") end)
      elseif q.tag == "snipe" then
        -- "Thug of seat 2": the name is what comes before " of seat " (the sandbox
        -- allows one quantifier a pattern, so no "^(.-) of seat %d+$")
        return best(q, function(l) return value(by_name(l:sub(1, (l:find(" of seat ", 1, true) or 0) - 1)), "fight") end)
      elseif q.tag == "commit" then
        local picks = {}
        for _, o in ipairs(q.options) do
          local d = by_name(o.label)
          if value(d, "fight") > 0 and d.id ~= "sniper" and d.id ~= "medic" then picks[#picks + 1] = o.label end
        end
        return picks
      end
    end,
  },
}
