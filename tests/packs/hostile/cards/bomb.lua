-- Bomb (hostile suite): each function attacks the sandbox from a card's private
-- environment. tests/unit/test_sandbox.c calls them with card.call and checks that
-- the attack fails cleanly, the action is undone and the host goes on.
local cache = {}          -- case 31: chunk-level state is frozen at load
local store = {}          -- reachable only through a metamethod's upvalue
local hidden = setmetatable({}, { __index = function(t, k) return store end })

local function spin() while true do end end
-- things made while the script loads that would carry state from one call to the next
local next_key = pairs({ a = 1, b = 2, c = 3 })
local next_word = ("alpha beta gamma delta"):gmatch("%a+")
local counter = (function() local n = 0 return function() n = n + 1 return n end end)()
local ask = function() return decide.choose(1, { "a", "b" }) end

return {
  -- escape and capabilities (cases 1-16)
  io = function(ctx) return io.open("/etc/passwd") end,
  os = function(ctx) return os.getenv("HOME") end,
  set_global = function(ctx) rng = nil end,
  set_api = function(ctx) card.draw = function() end end,
  set_string = function(ctx) string.upper = function() return "pwned" end end,
  set_env = function(ctx) _ENV.x = 1 end,
  string_mt_index = function(ctx) getmetatable("").__index.upper = function() return "pwned" end end,
  string_mt_add = function(ctx) getmetatable("").__add = function() return 42 end end,
  setmt_env = function(ctx) setmetatable(_ENV, {}) end,
  local_env = function(ctx) local _ENV = {} return game.turn() end,
  gc = function(ctx) setmetatable({}, { __gc = spin }) end,
  weak = function(ctx)
    local sink = {}
    local t = setmetatable({}, { __mode = "v", __newindex = sink })
    for i = 1, 1e6 do t[i] = string.rep("y", 1000) end
  end,
  close = function(ctx) local x <close> = setmetatable({}, { __close = spin }) end,
  close_plain = function(ctx) local x <close> = {} return 1 end,
  api_metatable = function(ctx)
    return tostring(getmetatable(card)) .. "|" .. tostring(card.__gc) .. "|" .. tostring(card.__index)
  end,
  api_gc_call = function(ctx) card.__gc(card) end,
  error_object = function(ctx)
    error(setmetatable({}, { __tostring = function() error("boom in __tostring") end }))
  end,

  -- deferred runaway (case 18)
  spin = spin,
  arm = function(ctx) return effect.on("set", "spin", { once = true, card = ctx.card }) end,
  arm_default = function(ctx) return effect.on("set", "spin", { once = true }) end,

  -- state kept between calls (case 31 and the suite's own cases)
  cache = function(ctx) cache[#cache + 1] = string.rep("x", 1 << 20) return #cache end,
  stash = function(ctx)
    local s = hidden.anything
    s.n = (s.n or 0) + 1
    return s.n
  end,
  sentinel = function(ctx)
    local m = getmetatable("")
    local ok = pcall(function() m.calls = (m.calls or 0) + 1 end)
    return ok and m.calls or 0
  end,

  iter_pairs = function(ctx) return (next_key()) end,
  iter_gmatch = function(ctx) return (next_word()) end,
  counter = function(ctx) return counter() end,

  -- asking where the script cannot suspend (run as the card's own action)
  ask_plain = function(ctx) game.set("answer", ask()) end,
  -- log lines, a question, then a failure: the lines are taken back (tests/unit/test_bots.c)
  ask_then_fail = function(ctx)
    game.log("one") game.log("two") game.log("three")
    ask()
    error("boom")
  end,
  ask_in_pcall = function(ctx)
    local ok, err = pcall(string.gsub, "a", "a", ask)
    game.set("asked", string.format("%s:%s", ok, err))
  end,
  ask_million = function(ctx)
    local t = {}
    for i = 1, 1e6 do t[i] = i end
    return decide.choose(1, t)
  end,
  ask_big_labels = function(ctx)
    local s, t = string.rep("L", 1 << 20), {}
    for i = 1, 16 do t[i] = s end
    return decide.choose(1, t, { prompt = s })
  end,
  ask_in_sort = function(ctx) table.sort({ 3, 1, 2 }, function(a, b) ask() return a < b end) end,
  ask_in_gsub = function(ctx) return (string.gsub("a", "a", ask)) end,
  ask_in_tostring = function(ctx) return tostring(setmetatable({}, { __tostring = ask })) end,

  deep = function(ctx) local function r() return 1 + r() end return r() end,

  -- re-entrancy through the host API
  recurse = function(ctx) return card.call(ctx.card, "recurse") end,
  mutate_then = function(ctx)
    game.set("score", 100)
    card.move(ctx.card, zone.get("discard"))
    seat.set(2, "will", 9)
    if ctx.how == "error" then error("x") end
    if ctx.how == "budget" then spin() end
    if ctx.how == "memory" then local l while true do l = { l } end end
  end,
}
