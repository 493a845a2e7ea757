-- Derelict (tests/packs/derelict): each action a crew member may take, what it costs,
-- and what the game keeps back and why. Rooms: 1 Hibernatorium, 2 Medbay, 3 Lab,
-- 4 Armory, 5 Bridge, 6 Storage, 7 Engine, 8 Escape pods.

-- hand_of, character_of, objective_of, bag_of, intruder and count come from
-- derelict.helpers.lua; base(), here, sets up two Medics who only survive, and the bag
-- holding one Creeper. Both run in front of each setup, lua step and check.
defaults { game = "tests/packs/derelict", players = 2, helpers_file = "derelict.helpers.lua", helpers = [[
  local function base()
    character_of(1, "medic"); character_of(2, "medic")
    objective_of(1, "obj_survive"); objective_of(2, "obj_survive")
    bag_of({ "creeper" })
    hand_of(2, { "hide" })
  end
]] }

scenario "moving costs a card; with only Contamination left in hand nothing can be paid" {
  setup = [[ base(); hand_of(1, { "hide", "contamination" }) ]],
  steps = {
    { decision = { seat = 1, prompt = "seat 1, your action (2 left; an action costs 1 card unless it says)",
                   options = { "move to the Medbay", "move to the Lab", "move to the Armory",
                               "search the Hibernatorium", "play Hide", "end your turn" } } },
    "1: move to the Lab",
    -- Hide paid for it (the only card that may pay); the second action can only end the
    -- turn (a script's pass-only question: steps answer it, docs/testing.md)
    { decision = { seat = 1, options = { "end your turn" } } },
    "1: end your turn",
    { decision = { seat = 2 } },
    { check = [[ return seat.get(1, "room") == 3 and count(discard(1), "hide") == 1
                               and count(hand(1), "contamination") == 1 ]] },
  },
}

scenario "searching draws the top item into the seat's items, which the others cannot see" {
  setup = [[ base()
    hand_of(1, { "hide", "sprint", "patch" })
    local deckz = zone.get("item_deck")
    card.move(zone.search(deckz, "pistol")[1], deckz, { pos = "top" })
  ]],
  steps = {
    "1: search the Hibernatorium",
    { decision = { seat = 1, prompt = "discard 1 card to search", options = { "Hide", "Sprint", "Patch Up" } } },
    "1: Hide",
    { check = [[
      local p = zone.search(items(1), "pistol")[1]
      return p ~= nil and card.visible(p, 1) and not card.visible(p, 2)
    ]] },
    -- a room is searched once
    { decision = { seat = 1, excludes = { "search the Hibernatorium" }, includes = { "move to the Lab" } } },
  },
  expect = { checks = { [[ return game.get("searched")[1] == 1 ]] } },
}

scenario "a fight roll of 4 or more hits; killing an intruder gives a sample" {
  setup = [[ base(); hand_of(1, { "hide" }); intruder("larva", 1); dice.force({ 4 }) ]],
  steps = {
    { decision = { seat = 1, includes = { "fight the Larva" } } },
    "1: fight the Larva",
    { check = [[ return zone.count(room_zone(1)) == 0 and count(items(1), "sample") == 1 ]] },
  },
  expect = { log = { "seat 1 rolls 4+0 against the Larva: a hit", "seat 1 kills the Larva" } },
}

scenario "a missed fight lets the intruder attack" {
  setup = [[ base(); hand_of(1, { "hide" }); intruder("creeper", 1); dice.force({ 3 }) ]],
  steps = {
    "1: fight the Creeper",
    { check = [[ return seat.get(1, "wounds") == 1 and zone.count(room_zone(1)) == 1 ]] },
  },
  expect = { log = { "seat 1 rolls 3+0 against the Creeper: a miss",
                     "Creeper attacks seat 1 in the Hibernatorium: 1 wound, 0 contamination" } },
}

scenario "the Soldier and a Pistol add to the fight roll" {
  setup = [[ base()
    character_of(1, "soldier"); hand_of(1, { "hide" }); card.new("pistol", items(1), 1)
    intruder("creeper", 1); dice.force({ 2 })
  ]],
  steps = { "1: fight the Creeper" },
  expect = { log = { "seat 1 rolls 2+2 against the Creeper: a hit" },
             checks = { [[ return card.get(zone.at(room_zone(1)), "damage") == 1 ]] } },
}

scenario "an action card: Sprint moves two rooms and costs only itself" {
  setup = [[ base(); hand_of(1, { "sprint" }) ]],
  steps = {
    "1: play Sprint",
    { decision = { seat = 1, prompt = "Sprint: corridor 1 of 2",
                   options = { "to the Medbay", "to the Lab", "to the Armory" } } },
    "1: to the Lab",
    { decision = { seat = 1, options = { "to the Hibernatorium", "to the Storage", "to the Engine", "stop here" } } },
    "1: to the Engine",
  },
  expect = { checks = { [[ return seat.get(1, "room") == 7 and count(discard(1), "sprint") == 1 ]] } },
}

scenario "Overclock costs one more card and gives two more actions" {
  setup = [[ base(); hand_of(1, { "overclock", "hide", "patch" }) ]],
  steps = {
    { decision = { seat = 1, includes = { "play Overclock (2 cards)" } } },
    "1: play Overclock",
    { decision = { seat = 1, prompt = "discard 1 card to play Overclock", options = { "Hide", "Patch Up" } } },
    "1: Hide",
    { decision = { seat = 1, prompt = "seat 1, your action (3 left; an action costs 1 card unless it says)" } },
  },
}

scenario "an action card that cannot help now is kept back" {
  setup = [[ base(); hand_of(1, { "patch", "shoot", "hide" }) ]],
  -- no wound, no intruder: Patch Up and Shoot are not offered (a check asks the card)
  steps = {
    { decision = { seat = 1, includes = { "play Hide" }, excludes = { "play Patch Up", "play Shoot" } } },
    -- ... and the question lists them as kept back, with why
    { decision = { unavailable = { "play Patch Up", "play Shoot", "use Triage" },
                   why = { ["play Patch Up"] = "you have no wound", ["play Shoot"] = "no intruder" } } },
    { check = [[
      local ok, why = card.call(zone.search(hand(1), "patch")[1], "usable", { seat = 1 })
      return ok == false and why == "you have no wound"
    ]] },
  },
}

scenario "the Scout's first move of a round is free, the next one is not" {
  setup = [[ base(); character_of(1, "scout"); hand_of(1, { "hide" }) ]],
  steps = {
    { decision = { seat = 1, includes = { "move to the Lab (free)" } } },
    "1: move to the Lab (free)",
    { decision = { seat = 1, includes = { "move to the Storage" }, excludes = { "move to the Storage (free)" } } },
    { check = [[ return count(hand(1), "hide") == 1 ]] },
  },
}

scenario "the Medic's Triage heals a crew member in the same room, once a round" {
  setup = [[ base(); hand_of(1, { "hide", "hide" }); seat.set(2, "wounds", 2) ]],
  steps = {
    "1: use Triage",
    { decision = { seat = 1, prompt = "Triage: heal whom?", options = { "seat 2" } } },
    "1: seat 2",
    { decision = { seat = 1, excludes = { "use Triage" } } },
  },
  expect = { checks = { [[ return seat.get(2, "wounds") == 1 ]] } },
}

scenario "the Scientist's Quarantine and the Lab remove Contamination from the hand" {
  setup = [[ base()
    character_of(1, "scientist"); seat.set(1, "room", 3)
    hand_of(1, { "contamination", "contamination", "hide", "patch" })
  ]],
  steps = {
    "1: use Quarantine", "1: Hide",
    "1: analyse a contamination",
  },
  expect = { checks = { [[ return count(hand(1), "contamination") == 0 and count(discard(1), "patch") == 1 ]] } },
}

scenario "in the Engine the core may be repaired or sabotaged; on the Bridge the countdown delayed once" {
  setup = [[ base(); seat.set(1, "room", 7); hand_of(1, { "hide", "hide" }); seat.set(2, "room", 5)
                     hand_of(2, { "hide", "hide", "patch" }) ]],
  steps = {
    "1: sabotage the core",
    { check = [[ return game.get("core") == 2 ]] },
    "1: repair the core",
    { check = [[ return game.get("core") == 3 ]] },
    "2: delay the self-destruct (2 cards)",
    "2: Hide, Patch Up",
    { check = [[ return track.get("time") == 9 and game.get("delayed") == true ]] },
    { decision = { seat = 2, excludes = { "delay the self-destruct (2 cards)" } } },
  },
}
