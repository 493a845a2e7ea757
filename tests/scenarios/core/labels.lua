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

-- decide.choose itself (docs/scripting-api.md): how each kind of option is labelled,
-- and a question with nothing to choose from
scenario "decide.choose labels an integer as itself, other values as option <i>, a card the seat cannot see as hidden card <i>" {
  game = "tests/packs/labels", players = 1,
  setup = [[ game.set("ask", "mixed") ]],
  steps = {
    { decision = { seat = 1, prompt = "pick anything", options = { "7", "option 2", "option 3", "labelled", "hidden card 5" } } },
    "1: hidden card 5",
  },
  expect = { over = "walker", checks = { [[ return game.get("got") == "the stone" ]] } },
}

scenario "decide.choose: an option table may name its card; the table comes back, a bad card is an error" {
  game = "tests/packs/labels", players = 1,
  setup = [[ game.set("ask", "about") ]],
  steps = {
    { decision = { seat = 1, prompt = "the stone", options = { "take the Stone", "leave it" } } },
    "1: take the Stone",
  },
  expect = { over = "walker", checks = {
    [[ return game.get("got") == "take the Stone" ]],
    [[ return game.get("errors") == "decide.choose: option 1 ('a'): its 'card' is not a live card handle" ]],
  } },
}

scenario "decide.choose with nothing to choose from: nil or an empty list when min = 0, else an error" {
  game = "tests/packs/labels", players = 1,
  setup = [[ game.set("ask", "empty") ]],
  expect = {
    over = "walker",
    checks = {
      [[ return game.get("got") == "nil and {}" ]],
      [[ return game.get("errors") == "decide.choose: 0 option(s) but at least 1 must be chosen (check the list before "
         .. "asking, or give min = 0) / decide.choose: need 0 <= min <= max and max >= 1 (got min 2, max 1)" ]],
    },
  },
}
