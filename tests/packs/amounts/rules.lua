-- Hoard: a test pack for decide.amounts (return gems over a limit, as a count per
-- colour) and for option data (each mine offered carries its colour and yield as
-- `data`, which the pack's bots read instead of parsing labels). Gems are seat
-- properties white, red and blue; a seat may hold LIMIT in all.
local LIMIT = 5
local COLOURS = { "white", "red", "blue" }
local WORTH = { white = 1, red = 2, blue = 3 }
local MINES = {
  { label = "Quarry (2 white)", data = { colour = "white", gain = 2 } },
  { label = "Ruby Mine (1 red)", data = { colour = "red", gain = 1 } },
  { label = "Deep Shaft (2 blue)", data = { colour = "blue", gain = 2 } },
  { label = "Open Pit (4 white)", data = { colour = "white", gain = 4 } },
}

local function held(s)
  local n = 0
  for _, c in ipairs(COLOURS) do n = n + (seat.get(s, c) or 0) end
  return n
end

-- Seat s returns what it holds over the limit: a count per colour it holds.
local function return_excess(s)
  local over = held(s) - LIMIT
  if over <= 0 then return end
  local items = {}
  for _, c in ipairs(COLOURS) do
    local have = seat.get(s, c) or 0
    if have > 0 then items[#items + 1] = { id = c, max = have } end
  end
  local back = decide.amounts(s, items, { total = over, prompt = "return " .. over .. (over == 1 and " gem" or " gems"), tag = "return", auto = true })
  for _, c in ipairs(COLOURS) do
    if (back[c] or 0) > 0 then
      seat.add(s, c, -back[c])
      game.log("seat " .. s .. " returns " .. back[c] .. " " .. c)
    end
  end
end

-- Questions for the scenarios of decide.amounts itself (a setup chunk sets the game's
-- "ask"): each keeps what it got in the game's "got" and ends the game.
local ASKED = {
  -- between 1 and 3 in all, an item with a least, a label and data
  range = function()
    local got = decide.amounts(1, {
      { id = "white", max = 2 },
      { id = "red", label = "red gem", min = 1, max = 2, data = { worth = 2 } },
      { id = "blue", max = 0 },
    }, { min = 1, max = 3, prompt = "take gems" })
    game.set("got", "white " .. got.white .. " red " .. got.red .. " blue " .. got.blue)
    game.win(1, "took")
  end,
  -- in pairs ("2 gems for 1 gold"): the total a multiple of 2, between 1 and 5 given,
  -- so 2 or 4
  pairs = function()
    local got = decide.amounts(1, { { id = "white", max = 3 }, { id = "red", max = 2 } },
                               { min = 1, max = 5, step = 2, prompt = "trade gems in pairs", tag = "pairs" })
    game.set("got", "white " .. got.white .. " red " .. got.red)
    game.win(1, "traded")
  end,
  -- two questions in one action: a clone or a load at the second rebuilds the action,
  -- the first answered from the log
  twice = function()
    local a = decide.amounts(1, { { id = "white", max = 2 }, { id = "red", max = 2 } }, { total = 2, prompt = "take 2" })
    local b = decide.choose(1, { "keep", "double" }, { prompt = "keep or double" })
    game.set("got", "white " .. a.white .. " red " .. a.red .. " " .. b)
    game.win(1, "took")
  end,
  -- bad calls: each error's text is kept in "errors", one per line
  errors = function()
    local bad = {
      function() decide.amounts(1, { { id = "white" } }, { totl = 2 }) end,
      function() decide.amounts(1, { { id = "white", mx = 2 } }, { total = 1 }) end,
      function() decide.amounts(1, { { id = "white" }, { id = "white" } }, { total = 1 }) end,
      function() decide.amounts(1, { { id = "2" } }, { total = 1 }) end,
      function() decide.amounts(1, { { id = "white", max = 1 } }, { total = 2 }) end,
      function() decide.amounts(1, { { id = "white", min = 3, max = 2 } }) end,
      function() decide.amounts(1, { "white" }, { total = 1 }) end,
      function() decide.amounts(1, { { id = "white" } }, { total = 1, min = 1 }) end,
      function() decide.amounts(3, { { id = "white" } }, { total = 1 }) end,
      function() decide.amounts(1, { { id = "white" } }, { total = 2, step = 0 }) end,
      function() decide.amounts(1, { { id = "white" } }, { total = 2, step = 1.5 }) end,
      function() decide.amounts(1, { { id = "white" } }, { total = 3, step = 2 }) end,
      function() decide.amounts(1, { { id = "white" } }, { min = 3, max = 3, step = 2 }) end,
      function() decide.amounts(1, { { id = "white", max = 1 } }, { min = 1, step = 2 }) end,
      function() decide.amounts(1, { { id = "white", min = 1, max = 1 } }, { max = 4, step = 2 }) end,
      function() decide.choose(1, { { label = "a", data = { f = function() end } } }) end,
      function() decide.choose(1, { { label = "a", data = { x = 1.5 } } }) end,
      function() decide.choose(1, { { label = "a", data = { 1, y = 2 } } }) end,
      function() decide.choose(1, { { label = "a", data = 3 } }) end,
    }
    local lines = {}
    for i, f in ipairs(bad) do
      local ok, e = pcall(f)
      lines[i] = ok and "no error" or e
    end
    game.set("errors", table.concat(lines, "\n"))
    -- auto: one possible answer (everything at its most) is not asked
    local all = decide.amounts(1, { { id = "white", max = 1 }, { id = "red", max = 2 } }, { total = 3, auto = true })
    -- no items: nothing to ask
    local none = decide.amounts(1, {}, { min = 0 })
    game.set("got", "auto white " .. all.white .. " red " .. all.red .. ", none " .. type(none) .. " " .. #none)
    game.win(1, "errors kept")
  end,
}

return {
  turn = { "mine", "limit" },
  rotate_active = true,

  setup = function(ctx)
    for s = 1, seat.count() do
      for _, c in ipairs(COLOURS) do seat.set(s, c, 0) end
    end
  end,

  steps = {
    mine = { enter = function(ctx)
      if game.get("ask") then return ASKED[game.get("ask")]() end
      local s = game.active()
      local m = decide.choose(s, MINES, { prompt = "choose a mine", tag = "mine" })
      seat.add(s, m.data.colour, m.data.gain)
    end },
    limit = { enter = function(ctx)
      return_excess(game.active())
      if game.turn() >= 6 then
        local best, score, tie = nil, -1, false
        for s = 1, seat.count() do
          local v = 0
          for _, c in ipairs(COLOURS) do v = v + WORTH[c] * (seat.get(s, c) or 0) end
          if v > score then best, score, tie = s, v, false elseif v == score then tie = true end
        end
        if tie then game.draw("equal hoards") else game.win(best, "the richest hoard") end
      end
    end },
  },
}
