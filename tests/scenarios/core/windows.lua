-- The play-or-pass window in its three resolution styles, trigger ordering, durations
-- and the loop guard, on the test pack tests/packs/windows (docs/architecture.md).
-- Seat 1 holds Alpha (1) and Gamma (3); seat 2 holds Beta (2) and Delta (4).

local deal = [[
  local h1, h2 = zone.get("hand", 1), zone.get("hand", 2)
  card.new("a", h1, 1) card.new("c", h1, 1)
  card.new("b", h2, 2) card.new("d", h2, 2)
]]

scenario "immediate: cards resolve at once, in the order played" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal,
  steps = {
    "1: play alpha", "2: play beta", "1: play gamma",
    "2: pass",                 -- seat 1 has nothing left to play: it passes by itself
    { decision = { seat = 2 } }, -- the window closed; next turn's window offers Delta
  },
  expect = { checks = { [[ local o = game.get("order") return #o == 3 and o[1] == 1 and o[2] == 2 and o[3] == 3 ]] } },
}

scenario "immediate: a play whose resolution fails is undone, and the seat is asked again without that card" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal .. [[ card.new("g", zone.get("hand", 1), 1) ]],
  steps = {
    { decision = { seat = 1, options = { "pass", "play Alpha", "play Gamma", "play Fizzle" } } },
    "1: play fizzle",                    -- its resolution fails: the play is undone
    { check = [[ local f = zone.cards(zone.get("hand", 1)) return #game.get("order") == 0
                 and #f == 3 and zone.count(zone.get("stack")) == 0
                 and zone.count(zone.get("graveyard", 1)) == 0 ]] },
    { decision = { seat = 1, options = { "pass", "play Alpha", "play Gamma" } } },
    "1: play alpha", "2: play beta", "1: play gamma",
    "2: pass",                           -- seat 1 has nothing it may play: it passes by itself
    -- the window closed; the next turn's window offers Fizzle again
    { decision = { seat = 1, options = { "pass", "play Fizzle" } } },
  },
  expect = { errors = 1, log = { "seat 1's play failed on a script error and was undone" },
             checks = { [[ local o = game.get("order") return #o == 3 and o[1] == 1 and o[2] == 2 and o[3] == 3 ]] } },
}

scenario "stack: a resolution that fails is undone, and the play stands" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal .. [[ card.new("g", zone.get("hand", 1), 1) ]],
  steps = {
    "1: play fizzle", "2: pass", "1: pass",   -- Fizzle's resolution fails
    { check = [[ return #game.get("order") == 0 and zone.count(zone.get("hand", 1)) == 2 ]] },
  },
  expect = { errors = 1, log = { "seat 1 plays Fizzle", "script error (action undone)" } },
}

scenario "stack: last in resolves first, priority returns after each resolution" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal,
  steps = {
    "1: play alpha", "2: play beta", "1: pass", "2: pass",    -- Beta resolves
    { check = [[ local o = game.get("order") return #o == 1 and o[1] == 2 ]] },
    "1: play gamma", "2: pass",          -- seat 1 (empty hand) passes by itself: Gamma resolves
    "2: pass",                           -- Alpha resolves
    "2: pass",                           -- empty stack: the window closes
  },
  expect = { checks = { [[ local o = game.get("order") return #o == 3 and o[1] == 2 and o[2] == 3 and o[3] == 1 ]] } },
}

scenario "chain: built, then resolved backwards when everyone passes" {
  game = "tests/packs/windows", players = 2, options = { style = "chain" },
  setup = deal,
  steps = {
    "1: play alpha", "2: play beta", "1: pass", "2: pass",
    { check = [[ local o = game.get("order") return #o == 2 and o[1] == 2 and o[2] == 1 ]] },
    "1: pass", "2: pass",                -- a new chain could start; nobody does: it closes
    { check = [[ return game.turn() == 2 ]] },
  },
}

scenario "triggers are collected by the window and ordered by seat" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal .. [[
    local w = card.new("watcher", zone.get("field", 1), 1)
    local e = card.new("echo", zone.get("field", 2), 2)
    card.call(w, "arm") card.call(e, "arm")
  ]],
  steps = { "1: play alpha" },
  expect = { checks = { [[ local o = game.get("order") return #o == 3 and o[1] == 1 and o[2] == 101 and o[3] == 201 ]] } },
}

-- In a stack or chain window a trigger goes onto the window's items like a played card:
-- the seats may answer it before it resolves, and it resolves in its place (in an
-- immediate window it would resolve at once, before anything else is played).
scenario "stack: a trigger goes onto the stack, and a card played over it resolves first" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal .. [[ card.call(card.new("watcher", zone.get("field", 1), 1), "arm") ]],
  steps = {
    "1: play alpha", "2: play beta", "1: pass", "2: pass",  -- Beta resolves: Watcher's 102 goes on the stack
    { check = [[ local o = game.get("order") return #o == 1 and o[1] == 2 ]] },
    "1: play gamma", "2: pass",          -- over it; seat 1 (empty hand) passes by itself: Gamma resolves
    "2: pass", "2: pass",                -- Watcher's 103, then its 102
    { check = [[ local o = game.get("order") return #o == 4 and o[2] == 3 and o[3] == 103 and o[4] == 102 ]] },
    "2: pass", "2: pass",                -- Alpha, then Watcher's 101 over what is left
  },
  expect = { checks = { [[ local o = game.get("order") return #o == 6 and o[5] == 1 and o[6] == 101 ]] } },
}

scenario "chain: triggers of a resolved chain start a new chain, which seats may add to" {
  game = "tests/packs/windows", players = 2, options = { style = "chain" },
  setup = deal .. [[ card.call(card.new("watcher", zone.get("field", 1), 1), "arm") ]],
  steps = {
    "1: play alpha", "2: play beta", "1: pass", "2: pass",  -- Beta, then Alpha resolve
    { check = [[ local o = game.get("order") return #o == 2 and o[1] == 2 and o[2] == 1 ]] },
    -- Watcher's two triggers (102, then 101) make the new chain; Gamma joins it last
    "1: play gamma", "2: pass",          -- seat 1 passes by itself: the chain resolves backwards
    { check = [[ local o = game.get("order") return #o == 5 and o[3] == 3 and o[4] == 101 and o[5] == 102 ]] },
    "2: pass",                           -- Gamma's trigger, a chain of its own
  },
  expect = { checks = { [[ local o = game.get("order") return #o == 6 and o[6] == 103 ]] } },
}

-- window.items: what waits in the innermost open window, the next to resolve first.
local function items_text() return [[
  local t = ""
  for _, it in ipairs(window.items()) do
    t = t .. " " .. card.name(it.card) .. "/" .. (it.seat or "-") .. "/" .. it.fn .. "/" .. it.kind
  end
  return t ]] end

scenario "window.items: a stack's waiting items, the top (next to resolve) first" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal,
  steps = {
    { check = [[ return #window.items() == 0 ]] },  -- open, nothing played yet
    "1: play alpha", "2: play beta",
    { check = "local function f() " .. items_text() .. " end return f() == ' Beta/2/play/played Alpha/1/play/played'" },
    { check = [[ local it = window.items()[1] return card.is(it.card, "b") and it.seat == 2 ]] },
    "1: pass", "2: pass",                -- Beta resolves: Alpha is left
    { check = "local function f() " .. items_text() .. " end return f() == ' Alpha/1/play/played'" },
  },
}

scenario "window.items: a trigger waits as an item of kind trigger, under its handler's name" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal .. [[ card.call(card.new("watcher", zone.get("field", 1), 1), "arm") ]],
  steps = {
    "1: play alpha", "2: play beta", "1: pass", "2: pass",  -- Beta resolves: Watcher's trigger on top
    { check = "local function f() " .. items_text() .. " end return f() == ' Watcher/1/noted/trigger Alpha/1/play/played'" },
  },
}

scenario "window.items: a chain resolving shows the links still to come, one fewer at each" {
  game = "tests/packs/windows", players = 2, options = { style = "chain" },
  setup = deal .. [[ card.new("seer", zone.get("hand", 2), 2) ]],
  steps = {
    "1: play alpha", "2: play beta", "1: play gamma", "2: play seer",
    "2: pass",                           -- (seat 1, its hand empty, passed by itself): Seer first
    { check = [[ return game.get("waiting") == " Gamma/1/play/played Beta/2/play/played Alpha/1/play/played" ]] },
    { check = [[ local o = game.get("order") return #o == 4 and o[1] == 8 and o[2] == 3 and o[3] == 2 and o[4] == 1 ]] },
  },
}

scenario "window.items: none when no window is open; an argument is an error" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = [[ game.set("none", #window.items() == 0) ]],
  steps = {
    { check = [[ local ok, err = pcall(window.items, 1)
                 return not ok and err:find("window.items: takes no argument", 1, true) ~= nil ]] },
  },
  expect = { checks = { [[ return game.get("none") == true ]] } },
}

-- What a seat is shown of the items: the card as it sees the card itself. Watcher,
-- armed until the end of the turn, triggers from seat 2's hand: seat 1 sees that seat 2
-- has a trigger waiting, not which card it is nor its handler.
scenario "the view shows a waiting item's card only to the seats that see the card" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal .. [[ card.call(card.new("watcher", zone.get("hand", 2), 2), "arm", { params = { 1 } }) ]],
  steps = {
    "1: play alpha", "2: play beta", "1: pass", "2: pass",  -- Beta resolves: seat 2's Watcher triggers
    { check = "local function f() " .. items_text() .. " end return f() == ' Watcher/2/noted/trigger Alpha/1/play/played'" },
    { seen = { seat = 1, includes = { "trigger", "Alpha" }, excludes = { "Watcher", "noted" } } },
    { seen = { seat = 2, includes = { "Watcher", "noted" } } },
  },
}

scenario "a play event tells its handler the card, the seat that played it and the window" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal .. [[ card.call(card.new("herald", zone.get("field", 1), 1), "arm") ]],
  steps = { "1: play alpha", "2: play beta" },
  expect = { checks = { [[ return game.get("plays") == " Alpha/1/immediate Beta/2/immediate" ]] } },
}

scenario "a controller with several triggers orders them in one decision" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate", trigger_order = "choose" },
  setup = deal .. [[
    local w = card.new("watcher", zone.get("field", 1), 1)
    local e = card.new("echo", zone.get("field", 1), 1)
    card.call(w, "arm") card.call(e, "arm")
  ]],
  steps = {
    "1: play alpha",
    { decision = { seat = 1, options = { "Watcher: noted", "Echo: noted" } } },
    { seat = 1, answer = { "echo", "watcher" } },
  },
  expect = { checks = { [[ local o = game.get("order") return #o == 3 and o[2] == 201 and o[3] == 101 ]] } },
}

-- 40 Watchers (101 each) and 30 Echoes (201 each): seat 1 puts the Echoes first. A seat
-- with more than 64 triggers was asked to order them and every answer was refused.
local echoes_first = {}
for i = 41, 70 do echoes_first[#echoes_first + 1] = "#" .. i end
for i = 1, 40 do echoes_first[#echoes_first + 1] = "#" .. i end

scenario "a controller orders 70 triggers in one decision" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate", trigger_order = "choose" },
  setup = deal .. [[
    for i = 1, 40 do card.call(card.new("watcher", zone.get("field", 1), 1), "arm") end
    for i = 1, 30 do card.call(card.new("echo", zone.get("field", 1), 1), "arm") end
  ]],
  steps = {
    "1: play alpha",
    { decision = { seat = 1, min = 70, max = 70 } },
    { seat = 1, answer = echoes_first },
  },
  expect = { checks = { [[
    local o = game.get("order")
    assert(#o == 71 and o[1] == 1)
    for i = 2, 31 do assert(o[i] == 201) end
    for i = 32, 71 do assert(o[i] == 101) end ]] } },
}

scenario "an effect lasting until end of turn stops triggering next turn" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal .. [[
    local w = card.new("watcher", zone.get("field", 1), 1)
    card.call(w, "arm", { params = { 1 } })
  ]],
  steps = {
    { lua = [[ event.emit("resolved", { a = 7 }) ]] },
    { check = [[ local o = game.get("order") return #o == 1 and o[1] == 107 ]] },
    "1: pass", "2: pass",                      -- turn 1's window closes, turn 2 begins
    { lua = [[ event.emit("resolved", { a = 8 }) ]] },
    { check = [[ return #game.get("order") == 1 and game.turn() == 2 ]] },
  },
}

scenario "game.schedule's params reach the scheduled call as ctx.params" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal .. [[
    local w = card.new("watcher", zone.get("field", 1), 1)
    game.schedule("arm", { card = w, params = { 1 } })  -- params { 1 }: until end of turn
  ]],
  steps = {
    { lua = [[ event.emit("resolved", { a = 7 }) ]] },
    { check = [[ local o = game.get("order") return #o == 1 and o[1] == 107 ]] },
    "1: pass", "2: pass",
    { lua = [[ event.emit("resolved", { a = 8 }) ]] },
    { check = [[ return #game.get("order") == 1 and game.turn() == 2 ]] },
  },
}

scenario "an effect while in play ends when its card leaves play" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal .. [[
    local w = card.new("watcher", zone.get("field", 1), 1)
    card.call(w, "arm")
    card.move(w, zone.get("graveyard", 1))
  ]],
  steps = {
    { lua = [[ event.emit("resolved", { a = 9 }) ]] },
    { check = [[ return #game.get("order") == 0 ]] },
  },
}

scenario "a chain of effects triggering each other forever is undone as a whole" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal .. [[ card.call(card.new("loop", zone.get("field", 1), 1), "arm")
                     game.set("before", 1) ]],
  steps = {
    { lua = [[ event.emit("ping") ]] },
    -- the loop guard (max_chain_actions = 100) undid the chain; the game goes on
    { decision = { seat = 1, includes = { "pass" } } },
    { check = [[ return game.get("before") == 1 ]] },
  },
  expect = { errors = 1, log = { "the whole chain was undone" } },
}

scenario "a rules loop that is not a chain ends the game with a clear message" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal,
  steps = { { lua = [[ for i = 1, 600 do game.schedule("noop_step") end ]] } },
  expect = { stopped = "more than 500 actions in turn" },
}

scenario "the loop guard stops windows opened inside each other past max_chain" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal .. [[ card.call(card.new("nest", zone.get("field", 1), 1), "arm") ]],
  steps = { { lua = [[ event.emit("nest") ]] } },
  -- the main step's window and 7 nested ones are open when the 8th Nest opens a 9th
  expect = { stopped = "loop guard: more than 8 windows open inside each other",
             checks = { [[ return game.get("depth") == 8 ]] } },
}

scenario "the loop guard stops a chain longer than the game allows" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = [[
    for s = 1, 2 do for i = 1, 5 do card.new("a", zone.get("hand", s), s) end end
  ]],
  steps = {
    "1: play", "2: play", "1: play", "2: play", "1: play", "2: play", "1: play", "2: play",
    { answer = "play" },  -- the 9th item on a stack limited to 8
  },
  expect = { stopped = "chain longer than 8" },
}

-- play_in (a card file field) names the windows that may offer a card at all; the
-- others never call its can_play. Epsilon: stack and chain windows; Zeta: none.
local deal_play_in = [[
  local h1 = zone.get("hand", 1)
  card.new("a", h1, 1) card.new("e", h1, 1) card.new("f", h1, 1)
]]

scenario "play_in: a card is offered only in the windows its card file names" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal_play_in,
  steps = {
    { decision = { seat = 1, options = { "pass", "play Alpha" } } },
  },
}

scenario "play_in: a window it names offers it as usual" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal_play_in,
  steps = {
    { decision = { seat = 1, options = { "pass", "play Alpha", "play Epsilon" } } },
    "1: play epsilon", "1: pass",           -- seat 2 (nothing to play) passes by itself
    { check = [[ local o = game.get("order") return #o == 1 and o[1] == 5 ]] },
  },
}

scenario "a window asks its own question (window.open's prompt), else the default one" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = deal,
  steps = {
    { decision = { seat = 1, prompt = "play a card or pass" } },
    { lua = [[ window.open("immediate", { prompt = "answer the alarm or pass" }) ]] },
    { decision = { seat = 1, prompt = "answer the alarm or pass", options = { "pass", "play Alpha", "play Gamma" } } },
    "1: play alpha",
    { decision = { seat = 2, prompt = "answer the alarm or pass" } },
    "2: pass", "1: pass",                                    -- the inner window closes
    { decision = { seat = 1, prompt = "play a card or pass" } }, -- the outer one asks again
  },
  expect = { checks = { [[ local o = game.get("order") return #o == 1 and o[1] == 1 ]] } },
}

scenario "window.open refuses a prompt that is not 1 to 100 characters" {
  game = "tests/packs/windows", players = 2,
  setup = deal,
  steps = {
    { check = [[
        local ok, err = pcall(window.open, "immediate", { prompt = "" })
        return not ok and err:find("window.open: the prompt must be 1..100 characters", 1, true) ~= nil ]] },
  },
}

scenario "a read-only query (here a check) may not open a window or schedule a call" {
  game = "tests/packs/windows", players = 2,
  setup = deal,
  steps = {
    { check = [[
        local ok, err = pcall(window.open, "immediate")
        assert(not ok and err:find("window.open: cannot open a window from a read-only query", 1, true), tostring(err))
        ok, err = pcall(game.schedule, "noop_step")
        assert(not ok and err:find("game.schedule: cannot schedule from a read-only query", 1, true), tostring(err)) ]] },
    "1: pass", "2: pass",        -- nothing was left to open or run: turn 1 ends as usual
    { check = [[ return game.turn() == 2 ]] },
  },
}

scenario "card.has tells whether a card's script gives a function" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = [[
    local h = zone.get("hand", 1)
    game.set("has", { card.has(card.new("watcher", h, 1), "arm") and 1 or 0,
                      card.has(card.new("watcher", h, 1), "play") and 1 or 0,
                      card.has(card.new("a", h, 1), "play") and 1 or 0,
                      card.has(card.new("a", h, 1), "") and 1 or 0 })
  ]],
  expect = { checks = { [[ local t = game.get("has") return t[1] == 1 and t[2] == 0 and t[3] == 1 and t[4] == 0 ]] } },
}

-- roles_first (the window kind "roles"): seats of role "dark", then "grey", are offered
-- plays first and their triggers resolve first; the rest follow from the active seat.
local roles = [[
  seat.set_role(2, "grey") seat.set_role(3, "dark")
  game.set("kind", "roles")
  for s = 1, 3 do card.new("a", zone.get("hand", s), s) end
]]

scenario "roles_first: seats of the listed roles are offered plays first, in the list's order" {
  game = "tests/packs/windows", players = 3, setup = roles,
  steps = {
    { decision = { seat = 3 } }, "3: pass",
    { decision = { seat = 2 } }, "2: pass",
    { decision = { seat = 1 } }, "1: pass",   -- everyone passed: the window closes
    { check = [[ return game.turn() == 2 ]] },
    { decision = { seat = 3 } },               -- and the next turn's starts with seat 3 again
  },
}

scenario "roles_first: the triggers of the listed roles' seats resolve first" {
  game = "tests/packs/windows", players = 3,
  setup = roles .. [[
    local w = card.new("watcher", zone.get("field", 1), 1)
    local e = card.new("echo", zone.get("field", 3), 3)
    card.call(w, "arm") card.call(e, "arm")
  ]],
  steps = { "3: pass", "2: play alpha" },    -- Echo (seat 3, dark) before Watcher (seat 1)
  expect = { checks = { [[ local o = game.get("order") return #o == 3 and o[1] == 1 and o[2] == 201 and o[3] == 101 ]] } },
}

-- a window's `play` (rules.windows) names the function a card played in it runs
scenario "a window's play option: a card played there runs that function, not play" {
  game = "tests/packs/windows", players = 2,
  setup = deal .. [[ game.set("kind", "cast") card.new("g", zone.get("hand", 1), 1) ]],
  steps = {
    "1: play alpha", "2: play beta",
    "1: play fizzle", -- Fizzle has no function cast: the play is undone, seat 1 asked again
    { decision = { seat = 1, options = { "pass", "play Gamma" } } },
  },
  expect = {
    errors = 1, log = { "seat 1's play failed on a script error and was undone" },
    checks = { [[ local o = game.get("order") return #o == 2 and o[1] == 11 and o[2] == 12 ]] },
  },
}

scenario "a window declared triggers_only offers nobody a play; its triggers resolve" {
  game = "tests/packs/windows", players = 2,
  setup = deal .. [[
    game.set("kind", "quiet")
    card.call(card.new("watcher", zone.get("field", 1), 1), "arm")
    event.emit("resolved", { a = 9 })
  ]],
  -- no question in the two turns: the game ends (cleanup of turn 2) with every card in hand
  expect = {
    over = 1,
    checks = { [[ local o = game.get("order") return #o == 1 and o[1] == 109 and zone.count(zone.get("hand", 1)) == 2 ]] },
  },
}

scenario "a window passes for an eliminated seat without asking it" {
  game = "tests/packs/windows", players = 3, options = { style = "asked" },
  setup = [[ for s = 1, 3 do card.new("a", zone.get("hand", s), s) end seat.eliminate(2) ]],
  steps = {
    { decision = { seat = 1 } }, "1: pass",
    { decision = { seat = 3 } }, "3: pass",    -- seat 2 is passed by
    { check = [[ return game.turn() == 2 ]] },
  },
}

-- window.cancel: an item taken out of the window never resolves. Negate (9) cancels the
-- next item to resolve as it resolves; Witness notes each cancel event
-- (" <card>/<seat>/<by>/<trigger>").
local witness = [[ card.call(card.new("witness", zone.get("field", 1), 1), "arm") ]]

scenario "window.cancel: a stack's canceled play never resolves; the canceling card moves it" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal .. witness .. [[ card.new("negate", zone.get("hand", 2), 2) ]],
  steps = {
    -- nothing waits: Negate is not offered, and says why
    { decision = { seat = 1, options = { "pass", "play Alpha", "play Gamma" } } },
    "1: play alpha",
    { decision = { seat = 2, options = { "pass", "play Beta", "play Delta", "play Negate" } } },
    "2: play negate", "1: pass", "2: pass",   -- Negate resolves: Alpha is canceled
    { decision = { seat = 2, prompt = "Negate: where does Alpha go?", options = { "graveyard", "hand" } } },
    { check = [[ return #window.items() == 0 and game.get("negated") == " Alpha/played" ]] },
    "2: hand",
    -- Alpha is back in hand; only Witness's trigger (the cancel event) waits
    { check = [[ local a, it = zone.search(zone.get("hand", 1), "a")[1], window.items()
                 return a ~= nil and zone.count(zone.get("stack")) == 0 and #it == 1 and it[1].fn == "heard" ]] },
    "1: pass", "2: pass",                     -- Witness notes the cancel
    "1: pass", "2: pass",                     -- nothing waits: the window closes
    { check = [[ return game.turn() == 2 ]] },
  },
  expect = {
    log = { "Alpha (played by seat 1) is canceled" },
    checks = { [[ local o = game.get("order") return #o == 1 and o[1] == 9 ]],
               [[ return game.get("cancels") == " Alpha/1/2/false" ]] },
  },
}

scenario "window.cancel: a canceled trigger's handler never runs; the items beneath still resolve" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal .. witness .. [[
    card.call(card.new("watcher", zone.get("field", 1), 1), "arm")
    card.new("negate", zone.get("hand", 2), 2)
  ]],
  steps = {
    "1: play alpha", "2: play beta", "1: pass", "2: pass",  -- Beta resolves: Watcher's 102 on top
    { check = [[ return window.items()[1].kind == "trigger" ]] },
    "1: pass", "2: play negate", "1: pass", "2: pass",        -- Negate cancels the trigger
    -- Witness's trigger (the cancel event) over Alpha
    { check = [[ local it = window.items() return #it == 2 and it[1].fn == "heard" and card.is(it[2].card, "a") ]] },
    "1: pass", "2: pass", "1: pass", "2: pass", "1: pass", "2: pass", -- Witness, Alpha, Watcher's 101
  },
  expect = {
    log = { "Watcher's trigger (seat 1's) is canceled" },
    checks = { [[ local o = game.get("order") return #o == 4 and o[1] == 2 and o[2] == 9 and o[3] == 1 and o[4] == 101 ]],
               [[ return game.get("cancels") == " Watcher/1/2/true" and game.get("negated") == " Watcher/trigger" ]] },
  },
}

scenario "window.cancel: a chain resolving skips a link canceled by the link above it" {
  game = "tests/packs/windows", players = 2, options = { style = "chain" },
  setup = deal .. [[ card.new("negate", zone.get("hand", 2), 2) ]],
  steps = {
    "1: play alpha", "2: play beta", "1: play gamma", "2: play negate",
    "2: pass",                           -- (seat 1 passed by itself): Negate resolves first
    "2: graveyard",                      -- Gamma, canceled, to seat 1's graveyard
    { check = [[ return zone.search(zone.get("graveyard", 1), "c")[1] ~= nil ]] },
  },
  expect = { checks = { [[ local o = game.get("order") return #o == 3 and o[1] == 9 and o[2] == 2 and o[3] == 1 ]] } },
}

scenario "window.cancel: by position, from a designer's chunk (no seat cancels: by is absent)" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal .. witness,
  steps = {
    "1: play alpha", "2: play beta",
    { lua = [[ window.cancel(2) ]] },    -- Alpha, under Beta
    -- Witness's trigger (the cancel event) over Beta
    { check = [[ local it = window.items() return #it == 2 and it[1].fn == "heard" and card.is(it[2].card, "b") ]] },
    "1: pass", "2: pass", "1: pass", "2: pass", -- Witness, then Beta resolve; nothing else waits
    { check = [[ local o = game.get("order") return #o == 1 and o[1] == 2 and #window.items() == 0 ]] },
  },
  expect = { checks = { [[ return game.get("cancels") == " Alpha/1/-/false" ]] } },
}

-- each mistake is an error naming window.cancel, and changes nothing
scenario "window.cancel: errors (read-only query, bad argument, no such item, a stale handle); event.emit refuses 'cancel'" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal,
  steps = {
    "1: play alpha", "2: play beta",
    { check = [[ local ok, err = pcall(window.cancel, 1)
                 return not ok and err:find("window.cancel: not in a read-only query", 1, true) ~= nil ]] },
    { lua = [[
      local function err(...) local ok, e = pcall(window.cancel, ...) assert(not ok) return e end
      local top = window.items()[1]
      local e = {
        err(3), err(0), err(1.5), err("beta"), err(), err({}),
        err({ card = top.card, kind = "played", fn = "cast" }),
        err({ card = top.card, kind = "dealt", fn = "play" }),
      }
      game.set("errs", table.concat(e, "\n"))
      -- Beta leaves the stack for the field (in play) and back: its old handle is stale
      local b = card.move(top.card, zone.get("field", 2))
      card.move(b, zone.get("stack"))
      game.set("stale", err(top))
      local ok, emit = pcall(event.emit, "cancel")
      game.set("emit", not ok and emit or "")
    ]] },
    { check = [[ local e = game.get("errs")
      return e:find("no item at position 3 in the innermost open window (2 wait)", 1, true)
        and e:find("no item at position 0", 1, true) and e:find("a position is an integer", 1, true)
        and e:find("not a string", 1, true) and e:find("takes one argument", 1, true)
        and e:find("the entry has no card", 1, true)
        and e:find("Beta's played item 'cast' does not wait in the innermost open window", 1, true)
        and e:find("kind must be 'played' or 'trigger'", 1, true)
        and game.get("stale"):find("window.cancel", 1, true) and game.get("stale"):find("invalid card handle", 1, true)
        and game.get("emit"):find("'cancel' is a built-in event kind", 1, true)
        and #window.items() == 2 ]] },
  },
}

scenario "window.cancel: the log names a canceled card only to the seats that see it" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal .. [[ card.call(card.new("watcher", zone.get("hand", 2), 2), "arm", { params = { 1 } }) ]],
  steps = {
    "1: play alpha", "2: play beta", "1: pass", "2: pass",  -- Beta resolves: seat 2's Watcher (in hand) triggers
    { lua = [[ window.cancel(window.items()[1]) ]] },
    { check = [[ local it = window.items() return #it == 1 and card.is(it[1].card, "a") ]] },
  },
  expect = {
    logs = { { seat = 1, includes = { "a card's trigger (seat 2's) is canceled" }, excludes = { "Watcher" } },
             { seat = 2, includes = { "Watcher's trigger (seat 2's) is canceled" } } },
  },
}

-- on_play: a card's script runs it as the card is played, before the card waits or
-- resolves: here Bolt discards a card (its cost) and chooses a target, kept on the card
-- for its play to read. Seat 1 holds Alpha, Gamma and Bolt; Clerk notes each cost paid
-- (300 + the number of the card discarded): a trigger of on_play.
local bolt_deal = deal .. [[
  card.new("bolt", zone.get("hand", 1), 1)
  card.call(card.new("clerk", zone.get("field", 1), 1), "arm")
]]

scenario "on_play, stack: the cost and target are chosen as Bolt is played; their triggers wait above it" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = bolt_deal,
  steps = {
    "1: play alpha",
    "2: pass",
    "1: play bolt",
    { decision = { seat = 1, prompt = "Bolt: discard a card", options = { "Gamma" } } },
    -- during on_play, Bolt is not yet waiting: window.items shows Alpha only
    { check = [[ return #window.items() == 1 and card.is(window.items()[1].card, "a") ]] },
    "1: gamma",
    { decision = { seat = 1, prompt = "Bolt: target a seat" } },
    "1: seat 2",
    -- Bolt waits, paid (Gamma discarded) and targeted; Clerk's trigger of the discard above it
    { check = "local function f() " .. items_text() .. " end return f() == ' Clerk/1/noted/trigger Bolt/1/play/played Alpha/1/play/played'" },
    { check = [[ return game.get("on_play") == "stack/1/1" and card.get(zone.search(zone.get("stack"), "bolt")[1], "target") == 2
                 and zone.search(zone.get("graveyard", 1), "c")[1] ~= nil and #game.get("order") == 0 ]] },
    "2: pass",                           -- seat 1 (its hand empty) passes by itself: 303
    "2: pass",                           -- Bolt resolves: 22
    "2: pass",                           -- Alpha
  },
  expect = { checks = { [[ local o = game.get("order")
    return table.concat(o, " ") == "303 22 1" and game.get("resolved_in") == "stack" ]] } },
}

scenario "on_play, immediate: Bolt is paid and targeted, then resolves at once; the triggers follow" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = bolt_deal,
  steps = {
    "1: play bolt", "1: alpha", "1: seat 1",
    { check = [[ local o = game.get("order")
      return table.concat(o, " ") == "21 301" and game.get("on_play") == "immediate/1/0"
        and game.get("resolved_in") == "immediate" ]] },
  },
}

scenario "on_play, chain: Bolt joins the chain paid and targeted; the chain resolves backwards" {
  game = "tests/packs/windows", players = 2, options = { style = "chain" },
  setup = bolt_deal,
  steps = {
    "1: play alpha", "2: play beta", "1: play bolt", "1: gamma", "1: seat 2",
    { check = "local function f() " .. items_text() .. " end return f() == ' Clerk/1/noted/trigger Bolt/1/play/played Beta/2/play/played Alpha/1/play/played'" },
    "2: pass",                           -- seat 1's hand is empty: the chain resolves
  },
  expect = { checks = { [[ local o = game.get("order")
    return table.concat(o, " ", 1, 4) == "303 22 2 1" and game.get("on_play") == "chain/1/2" ]] } },
}

-- A script error in on_play refuses the play: the game goes back to the window's
-- question as it was before the answer (the discard, the target and the trigger undone)
-- and the card is not offered again in that window.
for _, style in ipairs({ "immediate", "stack", "chain" }) do
  scenario("on_play, " .. style .. ": an error after its questions refuses the play, everything undone") {
    game = "tests/packs/windows", players = 2, options = { style = style },
    setup = bolt_deal,
    steps = {
      { decision = { seat = 1, options = { "pass", "play Alpha", "play Gamma", "play Bolt" } } },
      "1: play bolt", "1: alpha", "1: nobody",
      { decision = { seat = 1, options = { "pass", "play Alpha", "play Gamma" } } },
      { check = [[ return zone.count(zone.get("hand", 1)) == 3 and zone.count(zone.get("graveyard", 1)) == 0
        and zone.count(zone.get("stack")) == 0 and #window.items() == 0 and #game.get("order") == 0
        and game.get("on_play") == nil and card.get(zone.search(zone.get("hand", 1), "bolt")[1], "target") == nil ]] },
      { seen = { seat = 1, includes = { "seat 1's play of Bolt was undone (Bolt is not offered again in this window)",
                                         "bolt.lua:24", "Bolt needs a target" } } },
      "1: play alpha",
    },
    expect = { errors = 1, log = { "seat 1's play failed on a script error and was undone" } },
  }
end

scenario "on_play: a blown instruction budget refuses the play like an error" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = deal .. [[ card.new("dud", zone.get("hand", 1), 1) ]],
  steps = {
    "1: play dud",
    { decision = { seat = 1, options = { "pass", "play Alpha", "play Gamma" } } },
    { check = [[ return zone.search(zone.get("hand", 1), "dud")[1] ~= nil and #window.items() == 0 ]] },
    { seen = { seat = 1, includes = { "seat 1's play of Dud was undone", "instruction budget" } } },
  },
  expect = { errors = 1, log = { "seat 1's play failed on a script error and was undone" } },
}

-- A designer chunk run while on_play waits at a question lets the state held since the
-- play go (as for a resolution): an error in that on_play then undoes on_play only — the
-- card stays where the play moved it — and the play is refused all the same.
scenario "on_play: after a chunk at its question, an error still refuses the play" {
  game = "tests/packs/windows", players = 2, options = { style = "stack" },
  setup = bolt_deal,
  steps = {
    "1: play bolt", "1: alpha",
    { lua = [[ game.set("chunk", 1) ]] },
    { decision = { seat = 1, prompt = "Bolt: target a seat" } },
    "1: nobody",
    { check = [[ return game.get("chunk") == 1 and #window.items() == 0 and zone.search(zone.get("stack"), "bolt")[1] ~= nil
      and zone.search(zone.get("hand", 1), "a")[1] ~= nil and #game.get("order") == 0 ]] },
  },
  expect = { errors = 1, log = { "script error (action undone)" } },
}

-- In an immediate window the resolution follows on_play at once and is still the play:
-- when it fails, on_play is undone with it (the discard back in hand).
scenario "on_play, immediate: a resolution that fails undoes on_play too" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = bolt_deal .. [[ game.set("break_play", true) ]],
  steps = {
    "1: play bolt", "1: alpha", "1: seat 2",
    { decision = { seat = 1, options = { "pass", "play Alpha", "play Gamma" } } },
    { check = [[ return zone.count(zone.get("hand", 1)) == 3 and zone.count(zone.get("graveyard", 1)) == 0
      and #game.get("order") == 0 and game.get("on_play") == nil ]] },
  },
  expect = { errors = 1, log = { "seat 1's play failed on a script error and was undone" } },
}
