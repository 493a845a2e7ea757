-- A zone's properties (zone.set, zone.add, zone.prop): state like a card's, seen by every
-- seat (a key beginning "_" by the zone's owner alone), hidden in a face-down board space,
-- logged with the zone's label, and reported by the `set` event with ctx.event.zone.

scenario "zone.set, zone.add and zone.prop keep a zone's properties" {
  game = "tests/packs/listen", players = 2,
  setup = [[
    zone.set(zone.get("table"), "searched", true)
    zone.add(zone.get("pile", 2), "burnt", 2)
    zone.add(zone.get("pile", 2), "burnt", 1)
  ]],
  steps = {
    { check = [[ return zone.prop(zone.get("table"), "searched") == true ]] },
    { check = [[ return zone.prop(zone.get("pile", 2), "burnt") == 3 ]] },
    { check = [[ return zone.prop(zone.get("pile", 1), "burnt") == nil ]] },
    -- the log says it, naming the zone (and whose it is)
    { log = { seat = 1, includes = { "table: searched = true", "pile of seat 2: burnt = 3" } } },
    -- every seat's view has them
    { seen = { seat = 1, includes = { '"searched":true', '"burnt":3' } } },
    -- until: gone at the end of the turn
    { lua = [[ zone.set(zone.get("table"), "lit", 1, "turn") ]] },
    { check = [[ return zone.prop(zone.get("table"), "lit") == 1 ]] },
    "1: stay",
    { check = [[ return zone.prop(zone.get("table"), "lit") == nil ]] },
  },
}

scenario "a zone's secret key is its owner's; a game zone's no seat's" {
  game = "tests/packs/listen", players = 2,
  setup = [[
    zone.set(zone.get("pile", 1), "_stash", "amber")
    zone.set(zone.get("table"), "_code", 42)
  ]],
  expect = {
    checks = { [[ return zone.prop(zone.get("pile", 1), "_stash") == "amber" ]] },
    seen = {
      { seat = 1, includes = { "amber" }, excludes = { "_code" } },
      { seat = 2, excludes = { "amber", "_stash", "_code" } },
    },
  },
}

scenario "a zone's properties in a face-down board space are hidden until it is revealed" {
  game = "tests/packs/listen", players = 2,
  setup = [[
    board.build({ name = "ship", spaces = { { name = "hall" }, { name = "nest" } }, edges = { { "hall", "nest" } },
                  regions = { { name = "nest", spaces = { "nest" }, face_down = true } } })
    zone.set(zone.get("nest"), "eggs", 3)
    zone.set(zone.get("hall"), "lit", true)
  ]],
  steps = {
    { seen = { seat = 1, includes = { '"lit":true' }, excludes = { "eggs" } } },
    { log = { seat = 2, includes = { "hall: lit = true" }, excludes = { "eggs" } } },
    { lua = [[ board.reveal(board.region(board.get("ship"), "nest")) ]] },
    { seen = { seat = 2, includes = { '"eggs":3' } } },
  },
}

scenario "the set event of a zone's property gives ctx.event.zone" {
  game = "tests/packs/listen", players = 2,
  setup = [[ effect.on("set", "zwatch", { rules = true }) ]],
  steps = {
    { lua = [[ zone.set(zone.get("table"), "searched", true) ]] },
    { lua = [[ zone.add(zone.get("pile", 2), "burnt", 1) ]] },
    "1: stay",   -- (the triggers of a lua step wait until the game goes on)
  },
  expect = { checks = { [[ return game.get("trail") == " zone:table.searched zone:pile.burnt" ]] } },
}

scenario "zone.set and zone.prop refuse what is not a zone, or a bad key" {
  game = "tests/packs/listen", players = 2,
  expect = { checks = {
    [[ local ok, e = pcall(zone.set, 999, "x", 1) return not ok and e:find("zone.set: 999 is not a zone", 1, true) ~= nil ]],
    [[ local ok, e = pcall(zone.prop, zone.get("table"), 5) return not ok and e:find("zone.prop", 1, true) ~= nil ]],
    [[ local ok, e = pcall(zone.add, zone.get("table"), "n", "x") return not ok and e:find("zone.add: the amount to add must be a whole number, not string", 1, true) ~= nil ]],
    [[ local ok, e = pcall(seat.add, 1, "n", 1.5) return not ok and e:find("seat.add: the amount to add must be a whole number, not a fraction", 1, true) ~= nil ]],
  } },
}
