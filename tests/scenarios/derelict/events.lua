-- Derelict (tests/packs/derelict): the event phase (noise dice, the intruder bag),
-- intruder attacks, contamination, elimination, the secret objectives and the end.
-- Rooms: 1 Hibernatorium, 2 Medbay, 3 Lab, 4 Armory, 5 Bridge, 6 Storage, 7 Engine,
-- 8 Escape pods. Each round the noise dice roll seat by seat from the first player.

-- hand_of, character_of, objective_of, bag_of, intruder and count come from
-- derelict.helpers.lua (shared with actions.lua); base(), here, sets up two Medics with
-- one Hide each, seat 1 in the Hibernatorium, seat 2 on the Bridge, and the bag holding
-- one Creeper (a bag draw picks among what is left in it: the test leaves one);
-- secrets() gives them the secret objectives Sabotage and Betray instead.
defaults { game = "tests/packs/derelict", players = 2, helpers_file = "derelict.helpers.lua", helpers = [[
  local function base()
    character_of(1, "medic"); character_of(2, "medic")
    objective_of(1, "obj_survive"); objective_of(2, "obj_survive")
    bag_of({ "creeper" })
    hand_of(1, { "hide" }); hand_of(2, { "hide" })
    seat.set(2, "room", 5)
  end
  local function secrets()
    base(); objective_of(1, "obj_sabotage"); objective_of(2, "obj_betray")
  end
]] }

-- both seats end their turn at once
local PASS = { "1: end your turn", "2: end your turn" }

scenario "a noise roll of 6 brings an intruder out of the bag; it attacks at once" {
  setup = [[ base(); dice.force({ 6, 1 }) ]],
  steps = { PASS[1], PASS[2], { decision = { seat = 2 } } },
  expect = {
    log = { "noise roll 6 in the Hibernatorium: something comes", "a Creeper comes out of the vents in the Hibernatorium",
            "noise roll 1 in the Bridge: silence", "Creeper attacks seat 1 in the Hibernatorium: 1 wound, 0 contamination" },
    checks = { [[ return count(room_zone(1), "creeper") == 1 and zone.count(zone.get("bag")) == 0
                                and seat.get(1, "wounds") == 1 and seat.get(2, "wounds") == 0 ]] },
  },
}

scenario "a noise marks the room; a second noise there brings an intruder" {
  setup = [[ base(); dice.force({ 4, 1,  1, 5 }) ]],
  steps = {
    PASS[1], PASS[2],
    { check = [[ return game.get("noise")[1] == 1 and #game.get("noise") == 1 ]] },
    -- round 2: seat 2 is the first player
    "2: end your turn", "1: end your turn",
  },
  expect = {
    log = { "noise roll 4 in the Hibernatorium: a noise", "noise roll 5 in the Hibernatorium: something comes" },
    checks = { [[ return game.get("noise") == nil and count(room_zone(1), "creeper") == 1 ]] },
  },
}

scenario "hiding skips the noise roll of the hiding seat's room" {
  setup = [[ base(); dice.force({ 6 }) ]],
  steps = { "1: play Hide", "1: end your turn", PASS[2] },
  expect = {
    log = { "seat 1 hides: no noise in the Hibernatorium", "noise roll 6 in the Bridge: something comes",
            "a Creeper comes out of the vents in the Bridge" },
  },
}

scenario "an empty vent: nothing comes out, and an Adult joins the bag" {
  setup = [[ base(); bag_of({ "blank" }); dice.force({ 6, 1 }) ]],
  steps = { PASS[1], PASS[2] },
  expect = {
    log = { "nothing comes out, and an Adult joins the bag" },
    checks = { [[ return count(zone.get("bag"), "blank") == 1 and count(zone.get("bag"), "adult") == 1 ]] },
  },
}

scenario "a Larva's attack shuffles a Contamination card into the action deck; drawn, it clogs the hand" {
  setup = [[ base(); intruder("larva", 1); dice.force({ 1, 1 }) ]],
  steps = {
    PASS[1], PASS[2],
    -- round 2: the deck held only the Contamination card, and the Hide came back from the discard
    { decision = { seat = 2 } },
    { check = [[ return count(hand(1), "contamination") == 1 and count(hand(1), "hide") == 1 ]] },
    "2: end your turn",
    -- the Contamination card cannot pay: seat 1 may only play Hide or spend it
    { decision = { seat = 1, includes = { "play Hide", "move to the Lab" } } },
  },
  expect = { log = { "Larva attacks seat 1 in the Hibernatorium: 0 wounds, 1 contamination" } },
}

scenario "Armor takes a wound off each attack" {
  setup = [[ base(); card.new("armor", items(1), 1); intruder("adult", 1); dice.force({ 1, 1 }) ]],
  steps = { PASS[1], PASS[2] },
  expect = { log = { "Adult attacks seat 1 in the Hibernatorium: 0 wounds, 1 contamination" } },
}

scenario "intruders in the Engine tear at the core" {
  setup = [[ base(); intruder("creeper", 7); intruder("larva", 7); dice.force({ 1, 1 }) ]],
  steps = { PASS[1], PASS[2] },
  expect = { checks = { [[ return game.get("core") == 1 ]] }, log = { "intruders tear at the core in the Engine" } },
}

scenario "a third wound kills: the seat is out, never asked again, and skipped in the rounds" {
  players = 3,
  setup = [[ base()
    character_of(3, "medic"); objective_of(3, "obj_survive"); hand_of(3, { "hide" }); seat.set(3, "room", 4)
    seat.set(1, "wounds", 2); intruder("creeper", 1); dice.force({ 1, 1, 1,  1, 1 })
  ]],
  steps = {
    "1: end your turn", "2: end your turn", "3: end your turn",
    { check = [[ return seat.out(1) and seat.get(1, "dead") == true ]] },
    -- round 2: seat 2 is first, then seat 3; seat 1 is never asked
    { decision = { seat = 2 } }, "2: end your turn",
    { decision = { seat = 3 } }, "3: end your turn",
    { decision = { seat = 3 } },
  },
  expect = {
    over = false,
    log = { "Creeper attacks seat 1 in the Hibernatorium: 1 wound", "seat 1 is out of the game: killed by a Creeper" },
    checks = { [[ return game.get("first") == 3 ]] },
  },
}

scenario "dying in one's own fight ends that seat's turn at once" {
  setup = [[ base(); hand_of(1, { "hide", "patch" }); seat.set(1, "wounds", 2); intruder("creeper", 1); dice.force({ 1 }) ]],
  steps = {
    "1: fight the Creeper", "1: Hide",
    { decision = { seat = 2 } },
    { check = [[ return seat.out(1) ]] },
  },
  expect = { log = { "seat 1 is out of the game: killed by a Creeper" } },
}

scenario "the whole crew dead ends the game at once; a betrayer's objective still counts" {
  setup = [[ base()
    objective_of(2, "obj_betray")
    seat.set(1, "wounds", 2); seat.set(2, "wounds", 2); intruder("creeper", 1); intruder("creeper", 5)
    dice.force({ 1, 1 })
  ]],
  steps = PASS,
  expect = { over = 2, log = { "game over: seat 2 wins — the whole crew is dead" } },
}

-- the secret objectives: each in its owner's zone face down, seen by its owner alone
-- until the end shows them all

-- (as dealt by the rules with seed 1: seat 1 Bring the Core Home, seat 2 Scuttle the Ship; the
-- helpers that give a seat another objective would leave the dealt one in that seat's log)
scenario "a secret objective is seen by its owner only while the game goes on" {
  setup = [[
    bag_of({ "creeper" }); hand_of(1, { "hide" }); hand_of(2, { "hide" }); seat.set(2, "room", 5)
    dice.force({ 1, 1 })
  ]],
  steps = { PASS[1], PASS[2], { decision = { seat = 2 } } },
  expect = {
    over = false,
    -- as each seat sees the game: its view (the table and the bots' view) and its log
    seen = {
      { seat = 1, includes = { "Bring the Core Home" }, excludes = { "Scuttle the Ship", "obj_sabotage" } },
      { seat = 2, includes = { "Scuttle the Ship" }, excludes = { "Bring the Core Home", "obj_escape" } },
    },
  },
}

scenario "the self-destruct: outside the pods the crew dies, every objective is shown, and several seats win together (the betrayer, dead, is not one: the others live)" {
  players = 3,
  setup = [[ secrets()
    character_of(3, "medic"); objective_of(3, "obj_survive"); hand_of(3, { "hide" })
    track.set("time", 1)
    seat.set(1, "room", 8); seat.set(3, "room", 8); game.set("core", 0)
    dice.force({ 1, 1, 1 })
  ]],
  steps = { "1: end your turn", "2: end your turn", "3: end your turn" },
  expect = {
    over = 1,
    log = { "seat 2 is out of the game: caught in the blast in the Bridge",
            "Scuttle the Ship (secret objective of seat 1) shown to everyone",
            "game over: seats 1 and 3 win — the self-destruct goes off" },
    seen = { { seat = 2, includes = { "Scuttle the Ship (secret objective of seat 1) shown to everyone" } },
             { seat = 3, includes = { "obj_sabotage", "obj_betray" } } },
  },
}

scenario "nobody's objective holds: a draw" {
  setup = [[ base(); track.set("time", 1); dice.force({ 1, 1 }) ]],
  steps = PASS,
  expect = { over = true, log = { "game over: a draw — the self-destruct goes off; nobody's objective holds" } },
}

scenario "a survivor with Contamination may be infected at the end; an Antidote keeps it away" {
  setup = [[ base()
    track.set("time", 1); seat.set(1, "room", 8); seat.set(2, "room", 8)
    card.new("contamination", deck(1), 1); card.new("contamination", deck(1), 1)
    card.new("contamination", deck(2), 2); card.new("antidote", items(2), 2)
    dice.force({ 1, 1,  2 })
  ]],
  steps = PASS,
  expect = {
    over = 2,
    log = { "seat 1 rolls 2 against 2 contamination: INFECTED", "seat 2's antidote keeps the infection away",
            "game over: seat 2 wins" },
  },
}

scenario "the crew bot plays for its secret objective" {
  setup = [[ base(); objective_of(1, "obj_sabotage"); seat.set(1, "room", 7); hand_of(1, { "hide", "hide" }) ]],
  steps = { { bot = 1, as = "crew" } },
  expect = { checks = { [[ return game.get("core") == 2 ]] } },
}
