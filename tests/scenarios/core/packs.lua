-- Expansions: a pack that depends on another replaces, removes and adds cards, merges
-- rules and options (tests/packs/windows-expansion over tests/packs/windows). Also the
-- nested-window rule: damage created inside a window waits until that window closes.

scenario "an expansion replaces, removes and adds cards" {
  game = "tests/packs/windows-expansion", players = 2,
  setup = [[ card.new("a", zone.get("hand", 1), 1) card.new("burn", zone.get("hand", 2), 2) ]],
  steps = {
    { decision = { seat = 1, options = { "pass", "play Alpha Prime" } } },
    { check = [[ return not pcall(card.new, "d", zone.get("hand", 1), 1) ]] },
    { check = [[ return game.def("a").name == "Alpha Prime" and game.def("burn").data.n == 5 ]] },
    { check = [[ return #game.defs("spell") == 11 ]] }, -- a b c e f g seer negate bolt dud (d removed) + burn
  },
}

scenario "damage scheduled inside a window waits until the window closes" {
  game = "tests/packs/windows-expansion", players = 2, options = { style = "stack" },
  setup = [[ card.new("burn", zone.get("hand", 1), 1) card.new("b", zone.get("hand", 2), 2) ]],
  steps = {
    "1: pass", "2: play beta", "1: play burn",
    -- nobody has anything left: Burn (on top) resolves and schedules its damage, Beta
    -- resolves, the window closes, and only then the damage comes (not between them)
  },
  expect = { checks = { [[ local o = game.get("order") return #o == 3 and o[1] == 5 and o[2] == 2 and o[3] == 99 ]] } },
}

scenario "an expansion's option and rules are merged over the base game's" {
  game = "tests/packs/windows-expansion", players = 2, options = { burn_damage = 7, style = "immediate" },
  setup = [[ card.new("burn", zone.get("hand", 1), 1) ]],
  steps = { "1: play burn" },
  expect = {
    checks = {
      [[ local o = game.get("order") return o[1] == 5 and o[2] == 7 ]],
      [[ return game.turn() == 3 and game.over() ]],  -- the expansion's cleanup ends it on turn 3
    },
  },
}
