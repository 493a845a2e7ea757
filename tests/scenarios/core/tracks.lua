-- Tracks: one for the game, or one per seat (track.new's `seats = true`): each seat's
-- position is that seat's property, the bounds, marks and goal are shared, and a call
-- names the seat exactly when it must, and the `track` event a handler hears has the seat.

defaults { game = "tests/packs/windows", players = 2, options = { style = "immediate" } }

scenario "a track per seat keeps a position for each seat" {
  setup = [[
    track.new("vp", { seats = true, goal = 10, max = 12, marks = { bonus = { 3 } } })
    track.move("vp", 3, 1) track.set("vp", 15, 2)
    game.set("got", { track.get("vp", 1), track.get("vp", 2), seat.get(1, "vp"), seat.get(2, "vp"),
                      track.marked("vp", "bonus", nil, 1) and 1 or 0, track.marked("vp", "bonus", nil, 2) and 1 or 0,
                      track.goal("vp") })
  ]],
  expect = {
    checks = { [[ local t = game.get("got")
      return t[1] == 3 and t[2] == 12 and t[3] == 3 and t[4] == 12 and t[5] == 1 and t[6] == 0 and t[7] == 10 ]] },
    -- the position is logged as the seat's property
    log = { "seat 2 vp = 12" },
  },
}

scenario "a track per seat needs the seat; a track of the game takes none" {
  setup = [[ track.new("vp", { seats = true, goal = 10 }) track.new("rescue", { goal = 5 }) ]],
  steps = {
    { check = [[ local ok, err = pcall(track.get, "vp")
      return not ok and err:find("track.get: track 'vp' is a track per seat: give the seat", 1, true) ~= nil ]] },
    { check = [[ local ok, err = pcall(track.get, "rescue", 1)
      return not ok and err:find("track 'rescue' is one track for the game: give no seat", 1, true) ~= nil ]] },
    { check = [[ local ok, err = pcall(track.get, "vp", 3)
      return not ok and err:find("seat 3", 1, true) ~= nil ]] },
    { check = [[ return track.get("rescue") == 0 and track.get("vp", 2) == 0 ]] },
  },
}

scenario "a handler hears the track event of a track per seat with its seat" {
  setup = [[
    card.call(card.new("scorer", zone.get("hand", 1), 1), "arm")
    track.new("vp", { seats = true, goal = 4 }) track.new("rescue", { goal = 2 })
    track.move("vp", 2, 1) track.move("vp", 5, 2) track.move("rescue", 2)
  ]],
  expect = { checks = { [[ local t = game.get("heard")
    return #t == 2 and t[1] == 502 and t[2] == 200 and game.get("tracks") == "vp,rescue," ]] } },
}
