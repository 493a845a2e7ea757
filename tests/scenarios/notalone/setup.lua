-- Digest §1 (setup for 2-7 players), §1.3/§1.4 (the track and its Artemia symbols),
-- §2.4/§2.5, §5 (the game ends at the move that reaches the star), Will loss, Resist,
-- Give Up and the expert option: setup at every player count, every track space of both
-- board sides, wins in Phase 1 and Phase 4, a forced Give Up after a Resist in both
-- Resist styles. Seat 1 is the Creature.

defaults { game = "notalone", options = { board_side = 1 } }

-- §1.3 / §1.5 / edge 1-3: every player count ---------------------------------------
local function setup_check(p, r, a, res)
  return string.format([[
    if game.get("rescue") ~= %d or game.get("assimilation") ~= %d or game.get("marker") then return false end
    for _, id in ipairs({ "swamp", "shelter", "wreck", "source", "artefact" }) do
      if #zone.search(gzone("reserve"), id) ~= %d then return false end
    end
    if zone.count(gzone("reserve")) ~= 5 * %d or zone.count(gzone("artemia")) ~= 10 then return false end
    for i = 1, 10 do if place_of(zone.at(gzone("artemia"), i)) ~= i then return false end end
    for s = 2, %d do
      if not holds(hand(s), { "lair", "jungle", "river", "beach", "rover" }) or seat.get(s, "will") ~= 3
        or zone.count(shand(s)) ~= 1 or seat.role(s) ~= "hunted" or zone.count(discard(s)) ~= 0 then return false end
      for _, c in ipairs(zone.cards(hand(s))) do if card.owner(c) ~= s then return false end end
    end
    if zone.count(gzone("survival_deck")) ~= 15 - (%d - 1) or zone.count(gzone("hunt_deck")) ~= 17 then return false end
    return zone.count(hand(1)) == 3 and seat.role(1) == "creature" and #seat.with_role("hunted") == %d - 1 ]],
    r, a, res, res, p, p, p)
end

local ROWS = { { 2, 13, 7, 1 }, { 3, 14, 8, 2 }, { 4, 15, 9, 2 }, { 5, 16, 10, 3 }, { 6, 17, 11, 3 }, { 7, 18, 12, 3 } }
for _, row in ipairs(ROWS) do
  scenario ("setup: " .. row[1] .. " players") {
    players = row[1], expect = { checks = { setup_check(row[1], row[2], row[3], row[4]) } } }
end

-- §1.4: the Artemia symbol at every Rescue distance, both sides ------------------------
local ALL = { "Lair", "Jungle", "River", "Beach", "Rover", "Swamp", "Shelter", "Wreck", "Source", "Artefact" }
local MARKS = { [1] = { 1, 2, 3, 4, 5, 6 }, [2] = { 1, 3, 5, 7, 9, 11 } }
for side = 1, 2 do
  local set = {}
  for _, r in ipairs(MARKS[side]) do set[r] = true end
  for r = 1, 18 do
    scenario ("track: side " .. side .. ", Rescue " .. r .. (set[r] and ": Artemia token" or ": none")) {
      players = 2, options = { board_side = side },
      setup = "setup_quiet(); game.set('rescue', " .. r .. ")",
      steps = {
        "2: Jungle", "1: Wreck",
        set[r] and { decision = { seat = 1, options = ALL } }
               or { decision = { seat = 1, options = { "pass", "play Tracking" } } },
      } }
  end
end

-- §5: the game ends at the movement that reaches the star ------------------------------
scenario "end: Rescue reaches the star at the end-of-turn advance" {
  players = 2, options = { board_side = 2 },           -- side 2: no Artemia token at R = 2
  setup = [[ setup_quiet(); game.set("rescue", 2) ]],
  steps = { "2: Jungle", "1: Wreck", "1: pass",         -- turn 1: R 2 -> 1
            "2: Lair", "1: Artefact", "1: Beach", "1: pass" },   -- turn 2 (R = 1: Artemia token): R -> 0
  expect = { over = "hunted", log = { "Rescue advances 1 (end of turn): 0 to go" } } }

scenario "end: Amplifier reaches the star in Phase 4, before the end-of-turn advance" {
  players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "amplifier" }); game.set("marker", true); game.set("rescue", 1) ]],
  steps = { "2: Jungle", "1: Wreck", "1: Lair", "2: power", "1: pass", "2: play Amplifier" },
  expect = { over = "hunted", log = { "Rescue advances 1 (Amplifier): 0 to go" } } }

scenario "end: a Give Up at A = 1 wins for the Creature before the next Hunted lays" {
  players = 3,
  setup = [[ setup_quiet(); game.set("assimilation", 1); seat.set(2, "will", 2) ]],
  steps = { { decision = { seat = 2, includes = { "give up" } } }, "2: give up" },
  expect = { over = "creature", checks = { [[ return zone.count(played(3)) == 0 ]] } } }

scenario "end: A = 2, a catch then the broken-Will step reach the star" {
  players = 2,
  setup = [[ setup_quiet(); game.set("assimilation", 2); seat.set(2, "will", 1) ]],
  steps = { "2: Jungle", "1: Jungle" },
  expect = { over = "creature", log = { "a Hunted lost their last Will" } } }

-- Resist and Give Up -----------------------------------------------------------------
scenario "Resist: at 1 Will the Resist forces a Give Up (3 Will, all back, A +1)" {
  players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "lair" }, { "jungle", "river", "beach" }); seat.set(2, "will", 1) ]],
  steps = { "2: resist", -- not asked which cards: the Give Up brings them all back
    { check = [[ return seat.get(2, "will") == 3 and game.get("assimilation") == 6
                   and zone.count(discard(2)) == 0 and zone.count(hand(2)) == 4 ]] } } }

scenario "Resist (rules style): paying 2 of 2 Will forces a Give Up" {
  players = 2, options = { resist_style = "rules" },
  setup = [[ setup_quiet(); seat.set(2, "will", 2); setup_places(2, { "lair" }, { "jungle", "river", "beach", "rover" }) ]],
  steps = { "2: resist", "2: pay 2",
    { check = [[ return seat.get(2, "will") == 3 and zone.count(hand(2)) == 5 and game.get("assimilation") == 6 ]] } } }

scenario "Resist: twice a turn at most, and again the next turn" {
  players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "lair", "jungle" }, { "river", "beach", "rover", "swamp" }) ]],
  steps = { "2: resist", { seat = 2, answer = { "River" } }, "2: resist", { seat = 2, answer = { "Beach" } },
    { decision = { seat = 2, options = { "Lair", "Jungle", "River", "Beach", "give up" } } },
    "2: Beach", "1: Wreck", "2: power", "1: pass",
    { decision = { seat = 2, includes = { "resist", "give up" } } } } }

scenario "Give Up: a River player may give up between its two cards" {
  players = 2,
  setup = [[ setup_quiet(); seat.set(2, "will", 2); seat.set(2, "next_two", "river")
             setup_places(2, { "lair", "jungle", "river" }, { "beach", "rover" }) ]],
  steps = { "2: Lair", { decision = { seat = 2, includes = { "resist", "give up" } } }, "2: give up", "2: Beach",
    { check = [[ return holds(played(2), { "lair", "beach" }) and game.get("assimilation") == 6 ]] } } }

scenario "broken Will: an Artefact player takes both played cards back" {
  players = 2,
  setup = [[ setup_quiet(); seat.set(2, "will", 1); seat.set(2, "next_two", "artefact") ]],
  steps = { "2: Jungle", "2: River", "1: Jungle",
    { check = [[ return seat.get(2, "will") == 3 and zone.count(hand(2)) == 5 and zone.count(played(2)) == 0
                   and game.get("assimilation") == 5 ]] } } }

scenario "expert: a broken Will comes back as 2, a Give Up still as 3" {
  players = 2, options = { expert = true },
  setup = [[ setup_quiet(); seat.set(2, "will", 1) ]],
  steps = { "2: Jungle", "1: Jungle", { check = [[ return seat.get(2, "will") == 2 and game.get("assimilation") == 5 ]] },
    "1: pass", "2: give up", { check = [[ return seat.get(2, "will") == 3 and game.get("assimilation") == 4 ]] } } }
