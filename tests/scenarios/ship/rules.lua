-- Ship's rules: exploring, noise and the intruder bag, doors, the intruders' phase, death.
defaults { game = "tests/packs/ship", players = 2, helpers_file = "ship.helpers.lua" }

scenario "entering a room explores it; a second noise there draws an intruder from the bag, shown to all" {
  setup = [[
    hand_of(1, { "patch", "patch", "patch" }); hand_of(2, { "patch", "patch", "patch" })
    dice.force({ 3, 4 })   -- seat 1's noise roll: a marker; seat 2's: a second noise
    rng.force({ 6 })       -- supply.draw: the bag's 6th token of blank 2, larva 3, adult 3, queen 1: an adult
  ]],
  steps = {
    { check = [[ return board.face_down(board.region(ship(), "medbay")) ]] },
    "1: move to the Medbay",
    { check = [[ return not board.face_down(board.region(ship(), "medbay")) and noise("medbay") == 1 ]] },
    "1: move to the Cryo bay",         -- seat 2 is there: no noise roll
    "2: move to the Medbay",
    { check = [[ return count("medbay", "adult") == 1 and noise("medbay") == 0 ]] },
    -- the token drawn goes out of play, shown to all
    { check = [[ return supply.count("bag", "out", "adult") == 1 and supply.count("bag", "pool", "adult") == 2 ]] },
    -- the engine's lines name rooms as the table does (show.zones): "region Medbay", "Cryo bay"
    { log = { seat = 1, includes = { "region Medbay is turned face up", "Crew: Cryo bay -> Medbay",
                                     "markers: 1 noise: pool -> Medbay", "markers: 1 noise: Medbay -> pool",
                                     "bag: 1 adult: pool -> out of play" } } },
    "2: end your turn",                -- the adult in seat 2's room attacks
    { check = [[ return hp(2) == 2 and supply.count("health", "pool", "hp") == 1 ]] },
  },
}

scenario "a closed door stops a crew member until it is opened" {
  setup = [[ hand_of(1, { "patch", "patch", "patch" }) ]],
  steps = {
    { decision = { seat = 1, includes = { "open the door to the Armory", "move to the Medbay" },
                   excludes = { "move to the Armory" } } },
    "1: open the door to the Armory",
    { check = [[ return board.edge(zone.get("cryo"), zone.get("armory")) == "door open" ]] },
    { decision = { seat = 1, includes = { "move to the Armory", "close the door to the Armory" },
                   excludes = { "open the door to the Armory" } } },
  },
}

-- ship.json lets pieces through "open" and "door open" (board.build's passable): an opened
-- door is still a door, so it can be closed again, and the intruders' paths see it
scenario "an opened door closes again and stops the intruders closing in" {
  setup = [[ hand_of(1, { "patch", "patch", "patch" }); card.new("adult", zone.get("armory")) ]],
  steps = {
    "1: open the door to the Armory",
    { check = [[ return board.distance(zone.get("armory"), zone.get("cryo")) == 1 ]] },
    "1: close the door to the Armory",
    { check = [[ return board.edge(zone.get("cryo"), zone.get("armory")) == "door"
                        and board.distance(zone.get("armory"), zone.get("cryo")) == nil ]] },
    { log = { seat = 1, includes = { "seat 1 opens the door to the Armory", "seat 1 closes the door to the Armory" } } },
    -- the intruders' phase: the closed door stops the adult (no way round within 3 rooms)
    { check = [[ return count("armory", "adult") == 1 and count("cryo", "adult") == 0 ]] },
    { decision = { seat = 2, includes = { "open the door to the Armory" },
                   excludes = { "move to the Armory", "close the door to the Armory" } } },
  },
}

scenario "an opened door left open lets the intruders close in" {
  setup = [[ hand_of(1, { "patch", "patch", "patch" }); card.new("adult", zone.get("armory")) ]],
  steps = {
    "1: open the door to the Armory",
    "1: end your turn",
    { check = [[ return count("armory", "adult") == 0 and count("cryo", "adult") == 1 ]] },
  },
}

scenario "an intruder closes in through an open corridor" {
  setup = [[
    hand_of(1, { "patch", "patch", "patch" })
    card.new("adult", zone.get("lab"))
  ]],
  steps = {
    "1: end your turn",
    { check = [[ return count("cryo", "adult") == 1 and count("lab", "adult") == 0 ]] },
  },
}

scenario "a crew member brought to 0 health is out, and is asked nothing after" {
  players = 3,
  setup = [[
    hand_of(1, { "patch", "patch", "patch" })
    place(2, "medbay"); place(3, "medbay")
    set_hp(1, 1)
    card.new("queen", zone.get("cryo"))
  ]],
  steps = {
    { seat = 1, answer = "end your turn", never_asks = 1 },
    { check = [[ return seat.out(1) and hp(1) == 0 and supply.count("health", "pool", "hp") == 3 ]] },
    { bot = 12, never_asks = 1 },
  },
  expect = { log = { "seat 1 is out of the game: killed by the Queen" } },
}

scenario "Search takes 2 gear as a count per kind, once per room; the Lab gives a sample" {
  setup = [[ hand_of(1, { "patch", "patch", "patch" }); place(1, "lab") ]],
  steps = {
    "1: search the Lab",
    { decision = { seat = 1, kind = "amounts", min = 2, max = 2,
                   bounds = { ammo = { 0, 2 }, medkit = { 0, 2 } } } },
    "1: ammo 1 medkit 1",
    { check = [[ return supply.count("gear", 1, "ammo") == 3 and supply.count("gear", 1, "medkit") == 1 ]] },
    { check = [[ return seat.get(1, "sample") == true ]] },
    { decision = { seat = 1, excludes = { "search the Lab" } } },
  },
}
