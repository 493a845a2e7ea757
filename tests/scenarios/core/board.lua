-- Boards (board.*, docs/scripting-api.md) on the test pack tests/packs/frame: a 5x3 grid
-- "maze" (a1..e3) with a wall a1|b1 and a face-down 2x2 room over c1 d1 c2 d2 holding a
-- Thing; a graph "ship" (hall - lab - nest, a door lab|nest). Step b asks the active
-- seat "go" or "stay"; the pieces are cards moved with card.move.

defaults { game = "tests/packs/frame", players = 2,
  helpers = [[
    function S(n) return zone.get(n) end
    function names(l) local t = {} for _, z in ipairs(l or {}) do t[#t + 1] = zone.name(z) end
      return table.concat(t, " ") end
    function build()
      local b = board.new("maze", { grid = true })
      for y = 0, 2 do for x = 0, 4 do board.add_space(b, string.char(97 + x) .. (y + 1), { x = x, y = y }) end end
      board.set_edge(S("a1"), S("b1"), "wall")
      board.set_edge(S("c1"), S("d1"), "door")
      board.add_region(b, "room", { S("c1"), S("d1"), S("c2"), S("d2") }, { face_down = true })
      card.new("thing", S("c1")); card.new("other", S("a1"))
      local g = board.new("ship")
      for _, n in ipairs({ "hall", "lab", "nest" }) do board.add_space(g, n) end
      board.set_edge(S("hall"), S("lab"), "open"); board.set_edge(S("lab"), S("nest"), "door")
    end
  ]] }

scenario "a piece walks the board: neighbours through open edges, a path round a wall" {
  setup = [[ build() ]],
  steps = {
    { check = [[ return names(board.neighbours(S("a1"))) == "a2" ]] },
    { check = [[ return names(board.path(S("a1"), S("b1"))) == "a1 a2 b2 b1" ]] },
    { lua = [[ local p = board.path(S("a1"), S("b1")); card.move(zone.at(S("a1")), p[2]) ]] },
    { check = [[ return zone.count(S("a2")) == 1 and board.distance(S("a2"), S("b1")) == 2 ]] },
    { check = [[ return names(board.neighbours(S("lab"))) == "hall"
                 and names(board.path(S("hall"), S("nest"), { all = true })) == "hall lab nest" ]] },
  },
}

scenario "a room face down hides its piece from both seats until revealed; turned, its door turns too" {
  setup = [[ build() ]],
  steps = {
    { seen = { seat = 1, excludes = { "Thing" } } },
    { seen = { seat = 2, excludes = { "Thing" } } },
    { seen = { seat = 2, includes = { "Other" } } },
    -- a piece moving inside the room face down is hidden: its move names no card (one
    -- that steps in from a space in sight is named: every seat saw it go in)
    { lua = [[ card.move(zone.at(S("c1")), S("c2")) ]] },
    { seen = { seat = 1, excludes = { "Thing" } } },
    { log = { seat = 2, includes = { "a card: c1 -> c2" } } },
    { lua = [[ board.reveal(board.region(board.get("maze"), "room")) ]] },
    { seen = { seat = 2, includes = { "Thing" } } },
    { log = { seat = 1, includes = { "region room is turned face up" } } },
    { lua = [[ board.rotate(board.region(board.get("maze"), "room")) ]] },
    -- c1 went to (3,0), d1 to (3,1): the door now lies between them north-south
    { check = [[ local x, y = board.pos(S("c1")); return x == 3 and y == 0
                 and board.edge(S("c1"), S("d1")) == "door" and zone.count(S("c2")) == 1 ]] },
    { check = [[ return names(board.line(S("a2"), "east")) == "b2 d2 d1 e2" ]] },
    "1: go",
  },
  expect = { log = { "region room turns 1 quarter clockwise" } },
}

scenario "a bad call to the board is an error naming it, and changes nothing" {
  setup = [[ build() ]],
  steps = {
    { lua = [[ local ok, err = pcall(board.rotate, board.region(1, "room"), 9999); game.set("e1", err)
               ok, err = pcall(board.set_edge, S("a1"), S("c1"), "wall"); game.set("e2", err)
               ok, err = pcall(board.line, S("hall"), "east"); game.set("e3", err) ]] },
    { check = [[ return game.get("e1"):find("board.rotate: 9999 quarter turns: at most 1000 either way", 1, true)
                 and game.get("e2"):find("board.set_edge: spaces 'a1' and 'c1' are not side by side on the grid", 1, true)
                 and game.get("e3"):find("board 'ship' is no grid", 1, true) ~= nil ]] },
    { check = [[ return board.edge(S("a1"), S("c1")) == nil and board.rotation(1) == 0 ]] },
  },
}

scenario "board.pieces lists the cards on a board's spaces; a piece there says whose it is" {
  setup = [[ build(); card.new("other", S("b2"), 2); card.new("thing", S("d1"), 1); card.new("other", S("lab")) ]],
  steps = {
    -- space by space (a1 .. e3 as added), the maze's alone; the room's pieces too
    { check = [[ local l = board.pieces(board.get("maze"))
                 local t = {}
                 for _, c in ipairs(l) do t[#t + 1] = zone.name(card.zone(c)) .. "=" .. card.id(c) end
                 return table.concat(t, " ") == "a1=other c1=thing d1=thing b2=other"
                   and #board.pieces(board.get("ship")) == 1 ]] },
    { check = [[ return not pcall(board.pieces, 9) ]] },
    -- b2's piece is seat 2's: every seat's view says so; a piece of nobody's says nothing
    { seen = { seat = 1, zone = "b2", includes = { '"owner":2' } } },
    { seen = { seat = 1, zone = "a1", excludes = { '"owner"' } } },
    -- the room face down hides its pieces, their owners with them
    { seen = { seat = 1, excludes = { '"kind":"thing","owner":1' } } },
    { lua = [[ board.reveal(board.region(board.get("maze"), "room")) ]] },
    { seen = { seat = 2, zone = "d1", includes = { '"kind":"thing","owner":1' } } },
  },
}

scenario "on a grid, a door opened from the side that does not carry it opens the passage" {
  setup = [[
    local b = board.new("keep", { grid = true, passable = { "open", "door open" } })
    for x = 0, 2 do board.add_space(b, "k" .. x, { x = x, y = 0 }) end
    board.set_edge(S("k1"), S("k0"), "door")          -- the door is k1's side
    board.set_edge(S("k1"), S("k2"), "wall")          -- a wall on k1's side
  ]],
  steps = {
    { check = [[ return board.path(S("k0"), S("k1")) == nil ]] },
    -- opened from k0: the passage lets through, k1's door side and all
    { lua = [[ board.set_edge(S("k0"), S("k1"), "door open") ]] },
    { check = [[ return names(board.path(S("k0"), S("k1"))) == "k0 k1" and board.edge(S("k0"), S("k1")) == "door open" ]] },
    -- closed again from k1's side: it stops them again
    { lua = [[ board.set_edge(S("k1"), S("k0"), "door") ]] },
    { check = [[ return board.path(S("k0"), S("k1")) == nil ]] },
    -- a state that does not let through, set from k2, keeps the pair shut
    { lua = [[ board.set_edge(S("k2"), S("k1"), "rubble") ]] },
    { check = [[ return board.path(S("k1"), S("k2")) == nil ]] },
  },
}
