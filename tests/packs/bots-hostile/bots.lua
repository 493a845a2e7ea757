-- Bots that misbehave, one way each (tests/cli.sh runs them over the tutorial game).

-- the names of the cards of zones named `zname`, owned by seats for which want(owner) holds
local function names_in(view, zname, want)
  local found = {}
  for _, z in ipairs(view.zones) do
    if z.name == zname and want(z.owner) then
      for _, c in ipairs(z.cards) do
        if c.name then found[#found + 1] = c.name end
      end
    end
  end
  return found
end

return {
  -- reads every other seat's hand and deck: it must see no card there
  peek = function(view, q)
    local seen = names_in(view, "hand", function(o) return o ~= q.seat end)
    for _, n in ipairs(names_in(view, "deck", function() return true end)) do seen[#seen + 1] = n end
    if #seen > 0 then error("seat " .. q.seat .. " saw " .. table.concat(seen, ", ")) end
  end,
  -- the control: its own hand it does see (so peek's silence means something)
  own = function(view, q)
    if q.tag == "play" and #names_in(view, "hand", function(o) return o == q.seat end) == 0 then
      error("seat " .. q.seat .. " saw no card of its own hand")
    end
  end,
  api = function(view, q) return game.get("points") end,
  print = function(view, q) print("hello") end,
  loop = function(view, q) while true do end end,
  swallow = function(view, q)
    while true do pcall(function() while true do end end) end
  end,
  wrong = function(view, q) return 99 end,
  nolabel = function(view, q) return "Spark XIV" end,
  twice = function(view, q) return { q.options[1].id, q.options[1].id } end,
  many = function(view, q)
    if #q.options > 1 and q.max == 1 then return { q.options[1].id, q.options[2].id } end
  end,
  libwrite = function(view, q) string.upper = nil end,
  idle = { about = "leaves every question to the random bot", answer = function() return nil end },
  -- picks with math.random: the bot's own stream, never the game's
  dice = function(view, q) return q.options[math.random(#q.options)].id end,
  -- a label in other letter case names the option too
  lower = function(view, q)
    if q.tag == "play" then return string.lower(q.options[1].label) end
  end,
}
