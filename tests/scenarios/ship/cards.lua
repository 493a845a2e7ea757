-- Ship's action cards.
defaults { game = "tests/packs/ship", players = 2, helpers_file = "ship.helpers.lua" }

scenario "Burst Fire spends 1 ammo and kills an adult" {
  setup = [[
    hand_of(1, { "burst", "patch", "patch" })
    card.new("adult", zone.get("cryo"))
  ]],
  steps = {
    { decision = { seat = 1, includes = { "play Burst Fire", "shoot the Adult" } } },
    "1: play Burst Fire",              -- one intruder: no target question (auto)
    { check = [[ return count("cryo", "adult") == 0 and seat.get(1, "kills") == 1 ]] },
    { check = [[ return supply.count("gear", 1, "ammo") == 1 and supply.count("gear", "pool", "ammo") == 9 ]] },
  },
}

scenario "Burst Fire is kept back, with the reason, when no intruder is in the room" {
  setup = [[ hand_of(1, { "burst", "patch", "patch" }) ]],
  steps = {
    { decision = { seat = 1, excludes = { "play Burst Fire" },
                   why = { ["play Burst Fire"] = "no intruder in your room",
                           ["play Patch Up"] = "you are not hurt" } } },
  },
}

scenario "Scavenge asks how many of each gear, up to 2 in all" {
  setup = [[ hand_of(1, { "scavenge", "patch", "patch" }) ]],
  steps = {
    "1: play Scavenge",
    { decision = { seat = 1, kind = "amounts", min = 1, max = 2,
                   bounds = { ammo = { 0, 2 }, medkit = { 0, 2 } } } },
    "1: medkit 2",
    { check = [[ return supply.count("gear", 1, "medkit") == 2 and supply.count("gear", "pool", "medkit") == 2 ]] },
  },
}

scenario "Barricade closes a corridor: the intruder beyond cannot reach the crew" {
  setup = [[
    hand_of(1, { "barricade", "patch", "patch" })
    card.new("adult", zone.get("lab"))
  ]],
  steps = {
    "1: play Barricade",
    "1: close the way to the Lab",
    { check = [[ return board.edge(zone.get("cryo"), zone.get("lab")) == "door" ]] },
    "1: end your turn",
    { check = [[ return count("lab", "adult") == 1 and count("cryo", "adult") == 0 ]] },
  },
}

scenario "Sprint moves two rooms, rolling for noise in the second only" {
  setup = [[
    hand_of(1, { "sprint", "patch", "patch" })
    dice.force({ 4 })
  ]],
  steps = {
    "1: play Sprint",
    "1: run to the Medbay",
    { decision = { seat = 1, options = { "run to the Cryo bay", "stop here" } } },
    "1: run to the Cryo bay",      -- seat 2 is in the cryo bay: no roll there either
    { check = [[ return zone.name(room_of(1)) == "cryo" and noise("medbay") == 0 ]] },
  },
}

scenario "Scanner shows a face-down room's intruder to everyone, without a noise roll" {
  setup = [[
    hand_of(1, { "scan", "patch", "patch" })
    card.new("adult", zone.get("armory"))
  ]],
  steps = {
    { seen = { seat = 2, zone = "armory", excludes = { "Adult" } } },
    "1: play Scanner",
    "1: scan the Armory",
    { seen = { seat = 2, zone = "armory", includes = { "Adult" } } },
    { check = [[ return zone.name(room_of(1)) == "cryo" ]] },
  },
}

scenario "Adrenaline gives two more actions" {
  setup = [[ hand_of(1, { "adrenaline", "patch", "patch" }) ]],
  steps = {
    "1: play Adrenaline",
    { check = [[ return game.get("actions") == 3 ]] },
    { decision = { seat = 1, prompt = "action 2: what do you do?" } },
  },
}

scenario "the survivor bot shoots an intruder in its room" {
  setup = [[
    hand_of(1, { "patch", "patch", "patch" })
    card.new("adult", zone.get("cryo"))
    dice.force({ 6 })
  ]],
  steps = {
    { bot = 1, as = "1=survivor" },
    { check = [[ return count("cryo", "adult") == 0 and supply.count("gear", 1, "ammo") == 1 ]] },
  },
}

scenario "Decoy lures the intruder out of your room, so it does not attack" {
  setup = [[
    hand_of(1, { "decoy", "patch", "patch" })
    place(2, "medbay")
    card.new("adult", zone.get("cryo"))
  ]],
  steps = {
    "1: play Decoy",
    { decision = { seat = 1, options = { "lure it to the Medbay", "lure it to the Lab" } } },
    "1: lure it to the Lab",
    "1: end your turn",
    { check = [[ return hp(1) == 3 and count("lab", "adult") + count("cryo", "adult") == 1 ]] },
  },
}

scenario "giving gear to a crew member in your room moves counters between the seats" {
  setup = [[ hand_of(1, { "patch", "patch", "patch" }) ]],
  steps = {
    "1: give gear to seat 2",
    { decision = { seat = 1, kind = "amounts", min = 1, max = 2, bounds = { ammo = { 0, 2 }, medkit = { 0, 0 } } } },
    "1: ammo 2",
    { check = [[ return supply.count("gear", 1, "ammo") == 0 and supply.count("gear", 2, "ammo") == 4 ]] },
    { check = [[ return supply.total("gear", "ammo") == 12 ]] },
  },
}
