-- The rules listening to events, on the test pack tests/packs/listen: its rules.lua's
-- `on = { destroy = "scored", alarm = { "first", "second" } }`, and rules functions a
-- step registers with effect.on(kind, handler, { rules = true }). Every handler notes in
-- the game's text "trail" what it ran on, and " card" or " seat" if its ctx had one.
-- The triggers of what a `lua` step does wait, as a card's do, until the game goes on:
-- the answer after it.

defaults { game = "tests/packs/listen", players = 2 }

local function trail(want)
  return { check = "return game.get('trail') == '" .. want .. "'" }
end

scenario "a static listener runs after the action that destroyed the card, with no card nor seat" {
  setup = [[ card.new("thing", zone.get("pile", 2), 2) ]],
  steps = {
    -- inside the action nothing has run yet; right after it, the handler has
    { lua = [[ card.destroy(zone.at(zone.get("pile", 2)))
               game.set("inside", game.get("trail") .. "|" .. seat.get(2, "score")) ]] },
    { check = [[ return game.get("inside") == "|0" ]] },
    "1: go",
    trail(" scored:thing@2"),
    { check = [[ return seat.get(2, "score") == 1 and seat.get(1, "score") == 0 ]] },
  },
}

scenario "the rules' triggers go with the first seat in the window's order, the active seat's, before the next seats'" {
  setup = [[ local b1 = card.new("bell", zone.get("pile", 1), 1)
             local b2 = card.new("bell", zone.get("pile", 2), 2)
             effect.on("alarm", "ring", { card = b1 }); effect.on("alarm", "ring", { card = b2 }) ]],
  steps = {
    { lua = [[ event.emit("alarm") ]] },
    "1: go",
    trail(" first second ring@1 ring@2"),
    -- seat 2 is active: its trigger goes with the rules', which were queued first
    { lua = [[ game.set("trail", ""); event.emit("alarm") ]] },
    "2: go",
    trail(" first second ring@2 ring@1"),
  },
}

scenario "effect.on{rules = true}: a rules function listens until the end of the turn, with its params" {
  steps = {
    { lua = [[ game.set("id", effect.on("alarm", "watch", { rules = true, ["until"] = "turn", params = { 7 } })) ]] },
    { lua = [[ event.emit("alarm") ]] },
    "1: go",
    trail(" first second watch:alarm:7"),
    -- the turn is over: the effect ended with it
    { lua = [[ game.set("trail", ""); event.emit("alarm") ]] },
    "2: go",
    trail(" first second"),
  },
}

scenario "effect.remove ends a rules effect; a once rules effect fires once; the effect event says rules" {
  steps = {
    { lua = [[ local id = effect.on("alarm", "watch", { rules = true })
               game.set("removed", effect.remove(id))
               effect.on("alarm", "watch", { rules = true, once = true })
               effect.on("effect", "watch", { rules = true, params = { 1 } }) ]] },
    { check = [[ return game.get("removed") == true ]] },
    { lua = [[ game.set("trail", ""); event.emit("alarm"); event.emit("alarm") ]] },
    "1: go",
    -- the listener on effect heard its own start, then, after the first alarm's
    -- triggers, the end of the once effect as it fired; the second alarm is the rules'
    trail(" watch:effect:1 first second watch:alarm watch:effect:1 first second"),
  },
}

scenario "effect.on{rules = true} refuses what the rules cannot do" {
  steps = {
    { lua = [[
      local function why(...) local ok, e = pcall(effect.on, ...); return ok and "ok" or e end
      game.set("e1", why("alarm", "nope", { rules = true }))
      game.set("e2", why("alarm", "watch", { rules = true, ["until"] = "in_play" }))
      local c = card.new("bell", zone.get("pile", 1), 1)
      game.set("e3", why("alarm", "watch", { rules = true, card = c }))
      game.set("e4", why("alarm", "watch")) ]] },
    { check = [[ return game.get("e1"):find("the rules have no function 'nope'", 1, true) ~= nil ]] },
    { check = [[ return game.get("e2"):find("cannot last 'in_play'", 1, true) ~= nil ]] },
    { check = [[ return game.get("e3"):find("card or rules = true, not both", 1, true) ~= nil ]] },
    { check = [[ return game.get("e4"):find("rules = true for a function of the rules", 1, true) ~= nil ]] },
  },
}

scenario "a failing rules handler is undone alone and named with its rules.lua line" {
  steps = {
    { lua = [[ effect.on("alarm", "boom", { rules = true }) ]] },
    { lua = [[ game.set("trail", ""); event.emit("alarm") ]] },
    "1: go",
    -- first and second ran; boom's note was undone with it
    trail(" first second"),
  },
  expect = { errors = 1, log = { "rules.lua:50: rules (boom): the alarm broke" } },
}

scenario "the rules' triggers wait in a stack window as items of no card, listed as the rules', and cannot be canceled" {
  -- seat 1 plays its Siren in the react window (a stack); as it resolves it sounds the
  -- alarm, whose two rules triggers wait above it while seat 2, holding a Siren too, is
  -- asked: window.items lists them with rules = true and no card, seat 2's view shows
  -- them, window.cancel refuses them
  setup = [[ card.new("siren", zone.get("pile", 1), 1) card.new("siren", zone.get("pile", 2), 2) ]],
  steps = {
    "1: go",
    "1: play Siren",
    "2: pass",
    { check = [[ local it = window.items()
                 return #it == 2 and it[1].rules == true and it[1].card == nil and it[2].rules == true
                   and it[1].kind == "trigger" and it[1].fn == "second" and it[2].fn == "first" ]] },
    { seen = { seat = 2, includes = { '"rules":true' } } },
    { lua = [[ local ok, why = pcall(window.cancel, 1)
               assert(not ok and why:find("item 1 is a trigger of the rules, which cannot be canceled"), why) ]] },
    { decision = { seat = 2, includes = { "play Siren" } } },
    "2: pass",
    { check = [[ return #window.items() == 1 ]] },
    "2: pass",
  },
  -- in a stack the trigger queued last, second, resolves first
  expect = { checks = { [[ return game.get("trail") == " second first" ]] } },
}
