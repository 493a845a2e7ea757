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
  -- the card definitions it has, as def and defs (the scripts' game.def and game.defs)
  defs = function(view, q)
    assert(def("spark1").name == "Spark I" and def("spark2").kind == "spark")
    assert(#defs("spark") == 4 and #defs("nothing") == 0)
    error("read " .. def("spark4").text)
  end,
  -- print goes to standard error, never to the game's log
  print = function(view, q) print("hello", 1, true, nil, {}) end,
  chatty = function(view, q) for i = 1, 10000 do print(string.rep("x", 100)) end end,
  -- log = true: view.log holds the seat's log lines, and nothing the seat may not see
  logreader = {
    log = true,
    answer = function(view, q)
      assert(type(view.log) == "table" and #view.log > 0, "no view.log")
      local turns = 0
      for _, line in ipairs(view.log) do
        if line:find("^%-%- turn") then turns = turns + 1 end
        local who, seat = line:match("^(Spark [IV]+): deck of seat (%d) %-> hand")
        if who and tonumber(seat) ~= q.seat then error("seat " .. q.seat .. " read " .. line) end
      end
      assert(turns > 0, "no turn lines in view.log")
    end,
  },
  nolog = function(view, q) assert(view.log == nil, "view.log without log = true") end,
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
  -- math.random's contract, as the scripts': errors name what is wrong
  mathcheck = function(view, q)
    local x = math.random()
    assert(x >= 0 and x < 1, "math.random() out of [0, 1)")
    assert(math.random(3, 3) == 3 and math.random(1) == 1, "a one-value interval")
    local ok, err = pcall(math.random, 5, 4)
    assert(not ok and err:find("interval is empty"), "an empty interval is refused")
    ok, err = pcall(math.random, 0, 1 << 40)
    assert(not ok and err:find("interval too large"), "a huge interval is refused")
    assert(math.randomseed == nil, "no randomseed")
  end,
  -- a label in other letter case names the option too
  lower = function(view, q)
    if q.tag == "play" then return string.lower(q.options[1].label) end
  end,
  -- returns the option's table itself, not its id or label
  optiontable = function(view, q) return q.options[1] end,
  -- raises a value that is no message: the error still says where
  raise_table = function(view, q) error({ why = "no reason" }) end,
  -- an id as a float: 3.0 names option 3 as t[3.0] is t[3]; 3.5 names none, and says so
  whole_float = function(view, q) return q.options[1].id / 1 end,
  point_five = function(view, q) return q.options[1].id + 0.5 end,
}
