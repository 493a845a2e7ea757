-- How an answer names options whose labels contain commas, on the test pack
-- tests/packs/labels: seat 1 picks one or two of "north", "east", "north, then east"
-- and "south, west"; the game keeps the route numbers picked in "route".

local function route(...)
  local want = { ... }
  local list = {}
  for i, n in ipairs(want) do list[i] = "r[" .. i .. "] == " .. n end
  return "local r = game.get('route') return #r == " .. #want ..
         (#want > 0 and " and " .. table.concat(list, " and ") or "")
end

scenario "a whole label with a comma in it is one pick" {
  game = "tests/packs/labels", players = 1,
  steps = { "1: north, then east" },
  expect = { over = "walker", checks = { route(3) } },
}

scenario "a whole label is one pick whatever its letter case and blanks" {
  game = "tests/packs/labels", players = 1,
  steps = { "1: NORTH,then   East " },
  expect = { over = "walker", checks = { route(3) } },
}

scenario "commas that are not inside one label separate picks" {
  game = "tests/packs/labels", players = 1,
  steps = { "1: north, east" },
  expect = { over = "walker", checks = { route(1, 2) } },
}

scenario "a label with a comma and another pick, in either order" {
  game = "tests/packs/labels", players = 1,
  steps = { "1: south, west, north" },
  expect = { over = "walker", checks = { route(4, 1) } },
}

scenario "two labels that both contain commas" {
  game = "tests/packs/labels", players = 1,
  steps = { "1: north, then east, south, west" },
  expect = { over = "walker", checks = { route(3, 4) } },
}
