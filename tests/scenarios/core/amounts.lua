-- Questions of quantities (decide.amounts) and option data, on the test pack
-- tests/packs/amounts (Hoard): each turn the active seat picks a mine, each option
-- carrying { colour, gain } as data; a seat over 5 gems returns the excess as a count
-- per colour it holds. Setup chunks set the gems (seat properties white, red, blue).

local HOARD = "tests/packs/amounts"

scenario "a seat over the limit is asked a count per colour it holds, with each colour's bounds and the total" {
  game = HOARD, players = 2,
  setup = [[ seat.set(1, "white", 3) seat.set(1, "red", 1) ]],
  steps = {
    "1: Open Pit (4 white)",
    { decision = { seat = 1, kind = "amounts", prompt = "return 3 gems", min = 3, max = 3,
                   options = { "white", "red" }, bounds = { white = { 0, 7 }, red = { 0, 1 } } } },
    { seen = { seat = 2, excludes = { "return 3 gems" } } },
    "1: white 2 red 1",
    { check = [[ return seat.get(1, "white") == 5 and seat.get(1, "red") == 0 ]] },
    { log = { seat = 2, includes = { "seat 1 returns 2 white", "seat 1 returns 1 red" } } },
  },
}

scenario "an answer of quantities reads as '2 white', '1 red' and the same name twice adding up" {
  game = HOARD, players = 2,
  setup = [[ seat.set(1, "white", 3) seat.set(1, "red", 1) ]],
  steps = {
    "1: Open Pit (4 white)",
    "1: 1 white, red, White",
    { check = [[ return seat.get(1, "white") == 5 and seat.get(1, "red") == 0 ]] },
  },
}

scenario "an answer of quantities given as counts, or as a list of names one per unit" {
  game = HOARD, players = 2,
  setup = [[ seat.set(1, "white", 3) seat.set(1, "red", 1) seat.set(2, "blue", 4) seat.set(2, "red", 1) ]],
  steps = {
    "1: Open Pit (4 white)",
    { seat = 1, answer = { white = 3 } },
    { check = [[ return seat.get(1, "white") == 4 and seat.get(1, "red") == 1 ]] },
    "2: Deep Shaft (2 blue)",
    { seat = 2, answer = { "blue", "blue" } },
    { check = [[ return seat.get(2, "blue") == 4 and seat.get(2, "red") == 1 ]] },
  },
}

scenario "auto: a seat holding one colour is not asked which to return" {
  game = HOARD, players = 2,
  setup = [[ seat.set(1, "white", 4) ]],
  steps = {
    "1: Quarry (2 white)",
    { decision = { seat = 2, prompt = "choose a mine" } },
    { check = [[ return seat.get(1, "white") == 5 ]] },
  },
}

scenario "options carry the designer's data: the mines' colour and yield" {
  game = HOARD, players = 2,
  steps = {
    { decision = { seat = 1, kind = "choose", data = {
      ["Quarry (2 white)"] = { colour = "white", gain = 2 },
      ["Deep Shaft (2 blue)"] = { gain = 2 },
    } } },
    { seen = { seat = 1, includes = { [["data":{"colour":"blue","gain":2}]] } } },
    { seen = { seat = 2, excludes = { "colour", "gain" } } },
  },
}

scenario "the miser bot reads the options' data: it takes the Deep Shaft and returns white first" {
  game = HOARD, players = 2,
  setup = [[ seat.set(1, "white", 2) seat.set(1, "blue", 2) ]],
  steps = {
    { bot = 2, as = "1=miser" },
    { check = [[ return seat.get(1, "blue") == 4 and seat.get(1, "white") == 1 ]] },
  },
}

scenario "decide.amounts: min and max in all, an item's least, its label and data" {
  game = HOARD, players = 1,
  setup = [[ game.set("ask", "range") ]],
  steps = {
    { decision = { seat = 1, kind = "amounts", prompt = "take gems", min = 1, max = 3,
                   options = { "white", "red gem", "blue" },
                   bounds = { white = { 0, 2 }, red = { 1, 2 }, blue = { 0, 0 } },
                   data = { red = { worth = 2 } } } },
    "1: red 2 white",
  },
  expect = { over = 1, checks = { [[ return game.get("got") == "white 1 red 2 blue 0" ]] } },
}

scenario "decide.amounts refuses bad calls, naming the unknown option or field" {
  game = HOARD, players = 1,
  setup = [[ game.set("ask", "errors") ]],
  expect = { over = 1, checks = {
    [[ return game.get("got") == "auto white 1 red 2, none table 0" ]],
    [[ local want = {
         "decide.amounts: unknown option 'totl' (options: total, min, max, step, prompt, tag, auto)",
         "decide.amounts: item 1 has an unknown field 'mx' (fields: id, label, min, max, data)",
         "decide.amounts: items 1 and 2 have the same id 'white'",
         "decide.amounts: item 1's id must be a name of letters, digits, '_', '-' or '.' (not only digits, at most 60), as the result's key: { id = \"white\", max = 2 }",
         "decide.amounts: no answer fits: the items take 0 to 1 in all, the question 2 to 2 (check the counts before asking)",
         "decide.amounts: item 1's min 3 is above its max 2",
         "decide.amounts: item 1 must be a table { id = ..., label = ..., max = ... }, not string",
         "decide.amounts: give total, or min and max, not both",
         "decide.amounts: seat 3 is not in 1..1",
         "decide.amounts: opts's step is 0, not in 1..100",
         "decide.amounts: opts's step must be an integer, not number",
         "decide.amounts: total 3 is not a multiple of step 2",
         "decide.amounts: no multiple of step 2 lies between min 3 and max 3",
         "decide.amounts: no multiple of step 2 lies between min 1 and the items' most in all, 1",
         "decide.amounts: no answer fits: the items take 1 to 1 in all, and none of the multiples of step 2 from 0 to 4 (check the counts before asking)",
         "decide.choose: option 1's data has a function (data holds texts, integers, booleans and tables of them)",
         "decide.choose: option 1's data has a number that is not an integer (data holds texts, integers, booleans and tables of them)",
         "decide.choose: option 1's data has a table that is both a list and a record (data holds texts, integers, booleans and tables of them)",
         "decide.choose: option 1's data is a number, not a table (data holds texts, integers, booleans and tables of them)",
       }
       -- each error in order, one per line (after the file and line of the call)
       local errors, at = game.get("errors"), 0
       for i, w in ipairs(want) do
         local from, to = errors:find(w, at + 1, true)
         if not from then error("error " .. i .. " missing: " .. w) end
         at = to
       end
       return at == #errors ]],
  } },
}

scenario "decide.amounts with step: the total in pairs, an even one taken, an odd one refused" {
  game = HOARD, players = 1,
  setup = [[ game.set("ask", "pairs") ]],
  steps = {
    -- min 1, max 5 in twos: the legal totals are 2 and 4
    { decision = { seat = 1, kind = "amounts", prompt = "trade gems in pairs", min = 2, max = 4, step = 2,
                   bounds = { white = { 0, 3 }, red = { 0, 2 } } } },
    { seen = { seat = 1, includes = { [["step":2]] } } },
    { seat = 1, answer = "white 2 red 1", refused = "the total must be a multiple of 2 (3 given)" },
    { seat = 1, answer = { white = 3 }, refused = "the total must be a multiple of 2 (3 given)" },
    { seat = 1, answer = "white 3 red 2", refused = "2 to 4 in all, not 5" },
    { seat = 1, answer = { white = 1, red = 1 } },
  },
  expect = { over = 1, checks = { [[ return game.get("got") == "white 1 red 1" ]] } },
}
