-- Lines: which side of a full line is stronger (rules.lua's header). In each scenario
-- seat 2's side of line 1 is full (completed before the game began) and seat 1 completes
-- its own with the card it plays.

defaults { game = "../", players = 2, seed = 1, helpers_file = "lines.helpers.lua" }

-- a scenario: seat 2 holds `theirs` on line 1, seat 1 holds `mine` there and plays `third`
local function versus(name, theirs, mine, third, winner, why)
  local function ids(list) return '{ "' .. table.concat(list, '", "') .. '" }' end
  scenario(name) {
    setup = "side_of(2, 1, " .. ids(theirs) .. ")\n"
         .. "side_of(1, 1, " .. ids(mine) .. ")\n"
         .. 'hand_of(1, { "' .. third .. '" })\n'
         .. "hand_of(2, {})",
    steps = { "1: " .. third:sub(1, 1):upper() .. third:sub(2, -2) .. " " .. third:sub(-1) .. " on line 1" },
    expect = {
      log = { "seat " .. winner .. " takes line 1 (" .. why .. ")" },
      checks = {
        "return zone.prop(zone.get('line1'), 'taken') == " .. winner,
        "return seat.get(" .. winner .. ", 'lines') == 1",
        "return seat.get(" .. (3 - winner) .. ", 'lines') == 0",
      },
      over = false,
    },
  }
end

versus("three of a kind beats a same-colour run", { "red6", "red7", "red8" },
       { "red1", "green1" }, "blue1", 1, "three of a kind")
versus("a same-colour run beats a run", { "red6", "green7", "blue8" },
       { "blue1", "blue2" }, "blue3", 1, "a colour run")
versus("a run beats a same colour", { "green8", "green6", "green4" },
       { "red1", "green2" }, "blue3", 1, "a run")
versus("a same colour beats a sum", { "red8", "green8", "blue7" },
       { "red1", "red2" }, "red4", 1, "a colour")
versus("a weaker formation loses whatever its sum", { "red1", "red2", "red3" },
       { "green8", "blue8" }, "blue7", 2, "a colour run")
versus("between two sums the higher wins", { "red8", "green8", "blue6" },
       { "red7", "green7" }, "blue5", 2, "the higher sum")
versus("between two equal sides the one completed first wins", { "red8", "green7", "blue5" },
       { "green8", "blue7" }, "red5", 2, "completed first")
versus("a run of 8, 1, 2 is no run", { "red3", "green5", "blue7" },
       { "red8", "green1" }, "blue2", 2, "the higher sum")

scenario "seat 1 completes first and wins the tie when seat 2 completes later" {
  setup = [[
    side_of(1, 1, { "red8", "green7", "blue5" }, 0)
    side_of(2, 1, { "green8", "blue7" })
    hand_of(2, { "red5" })
  ]],
  steps = {
    { bot = 1 },    -- seat 1 plays anywhere: line 1 is full on its side
    { decision = { seat = 2, includes = { "Red 5 on line 1" } } },
    "2: Red 5 on line 1",
  },
  expect = {
    log = { "seat 1 takes line 1 (completed first)" },
    checks = { "return seat.get(1, 'lines') == 1 and seat.get(2, 'lines') == 0" },
  },
}

scenario "a line is not taken while a side has room" {
  setup = [[
    side_of(2, 1, { "red6", "red7", "red8" })
    side_of(1, 1, { "red1" })
    hand_of(1, { "green1" })
  ]],
  steps = { "1: Green 1 on line 1" },
  expect = {
    checks = {
      "return zone.prop(zone.get('line1'), 'taken') == nil",
      "return zone.count(zone.get('line1', 1)) == 2",
      "return seat.get(1, 'lines') == 0 and seat.get(2, 'lines') == 0",
    },
  },
}

scenario "a full side is no longer offered" {
  setup = [[
    side_of(1, 2, { "red6", "red7", "red8" })
    hand_of(1, { "green1", "green2", "green3", "blue1", "blue2" })
  ]],
  steps = {
    { decision = { seat = 1, includes = { "Green 1 on line 1", "Green 1 on line 3" },
                   excludes = { "Green 1 on line 2" } } },
  },
}
