-- Twister (tests/packs/twister): the cards. One action card a turn, each once until all
-- four are played, then they come back; combat cards likewise; the characters' abilities
-- not covered elsewhere (the Thief's doors: movement.lua; the Wizard's levitation:
-- board.lua): the Warrior's guard and the Goblin's way out.

defaults { game = "tests/packs/twister", players = 2, helpers_file = "twister.helpers.lua" }

scenario "each action card is played once; all four come back when the last is played" {
  setup = [[ standard() ]],
  steps = {
    { decision = { seat = 1, options = { "Action 2", "Action 3", "Action 4", "Action 5" } } },
    "1: Action 2", "1: end the turn", "2: Action 5", "2: end the turn",
    { decision = { seat = 1, options = { "Action 3", "Action 4", "Action 5" } } },
    "1: Action 5", "1: end the turn", "2: Action 4", "2: end the turn",
    { decision = { seat = 1, options = { "Action 3", "Action 4" } } },
    "1: Action 3", "1: end the turn", "2: Action 3", "2: end the turn",
    { decision = { seat = 1, options = { "Action 4" } } },
    "1: Action 4",
    { check = [[ return seat.get(1, "ap") == 4 ]] },
    "1: end the turn",
    { log = { seat = 2, includes = { "seat 1 takes its action cards back" } } },
    "2: Action 2", "2: end the turn",
    { decision = { seat = 1, options = { "Action 2", "Action 3", "Action 4", "Action 5" } } },
  },
}

scenario "unspent action points are lost at the end of the turn" {
  setup = [[ standard() ]],
  steps = {
    "1: Action 5", "1: Thief: east to b2", "1: end the turn",
    { check = [[ return seat.get(1, "ap") == nil ]] },
    "2: Action 2",
    { decision = { seat = 2, prompt = "spend an action point (2 left)" } },
  },
}

scenario "combat cards are used once; the pile comes back when the last is used" {
  setup = [[ standard(); put(1, "warrior", "b3"); put(2, "goblin", "c3"); combat_hand(1, { 0 }) ]],
  steps = {
    "1: Action 2",
    "1: Warrior: attack Goblin at c3",
    { decision = { seat = 1, options = { "Combat +0" } } },
    "1: Combat +0",
    { decision = { seat = 2, options = { "Combat +0", "Combat +1", "Combat +2", "Combat +3",
                                         "Combat +4", "Combat +5", "Combat +6" } } },
    "2: Combat +3",
    { check = [[ return zone.count(zone.get("combat", 1)) == 7 and zone.count(zone.get("combat", 2)) == 6
                 and zone.count(zone.get("combat_used", 2)) == 1 ]] },
  },
  expect = { log = { "seat 1 takes its combat cards back" } },
}

scenario "the Warrior's guard: +1 when it defends, not when it attacks" {
  setup = [[ standard(); put(1, "warrior", "b3"); put(2, "thief", "c3") ]],
  steps = {
    "1: Action 2", "1: end the turn",
    "2: Action 2",
    "2: Thief: attack Warrior at b3",
    "2: Combat +3", "1: Combat +0",
    -- 1 + 3 against 3 + 1 + 0: a tie
    "2: Thief: attack Warrior at b3",
    "2: Combat +4", "1: Combat +1",
    -- attacking, the Warrior is 3
    "1: Action 3",
    "1: Warrior: attack Thief at c3",
    "1: Combat +2", "2: Combat +0",
  },
  expect = { log = { "combat: Thief 1 + 3 = 4 against Warrior 4 + 0 = 4", "a tie: nobody is hurt",
                     "combat: Thief 1 + 4 = 5 against Warrior 4 + 1 = 5",
                     "combat: Warrior 3 + 2 = 5 against Thief 1 + 0 = 1" } },
}

scenario "the Goblin leaving the labyrinth scores 2" {
  setup = [[ standard(); put(1, "goblin", "u2"); put(2, "thief", "v3") ]],
  steps = {
    "1: Action 2",
    "1: Goblin: east out of the labyrinth",
    { check = [[ return seat.get(1, "vp") == 2 ]] },
  },
  expect = { log = { "Goblin of seat 1 leaves the labyrinth: +2 VP" } },
}

scenario "5 victory points win at once; the points left are never spent" {
  setup = [[ standard(); put(1, "warrior", "u2"); put(2, "thief", "v3"); seat.set(1, "vp", 4) ]],
  steps = {
    "1: Action 5",
    "1: Warrior: east out of the labyrinth",
  },
  expect = { over = 1, log = { "game over: seat 1 wins — reached 5 victory points" },
             checks = { [[ return seat.get(1, "ap") == 4 ]] } },
}

scenario "a kill that brings 5 points wins too" {
  setup = [[ standard(); put(2, "warrior", "b3"); put(1, "goblin", "c3"); hurt(1, "goblin")
             seat.set(2, "vp", 4) ]],
  steps = {
    "1: Action 2", "1: end the turn",
    "2: Action 2",
    "2: Warrior: attack Goblin at c3",
    "2: Combat +2", "1: Combat +0",
  },
  expect = { over = 2 },
}
