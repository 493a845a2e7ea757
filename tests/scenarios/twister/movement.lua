-- Twister (tests/packs/twister): steps through the labyrinth. One cell per action point,
-- at most the character's move value a turn; walls, locked doors, pits and other
-- characters stop a step; the Thief opens a locked door for good.

defaults { game = "tests/packs/twister", players = 2, helpers_file = "twister.helpers.lua" }

scenario "a wall stops a step; each step costs a point; the move value caps a turn" {
  setup = [[ standard(); put(1, "warrior", "b1") ]],
  steps = {
    "1: Action 5",
    -- a1|b1 is a wall of the Hall: the Warrior stepped in from b1, the Goblin at a1 cannot
    { lua = [[ put(1, "goblin", "a1"); put(1, "warrior", "b1") ]] },
    { decision = { seat = 1, prompt = "spend an action point (5 left)",
                   includes = { "Warrior: east to c1", "Thief: east to b2" },
                   excludes = { "Goblin: east to b1", "Warrior: west to a1" },
                   -- what is not offered says why (`why Goblin: east to b1` at the REPL)
                   why = { ["Goblin: east to b1"] = "a wall is in the way" } } },
    "1: Warrior: east to c1",
    "1: Warrior: east to d1",
    -- d1/d2 is a wall of the Hall
    { decision = { seat = 1, prompt = "spend an action point (3 left)",
                   includes = { "Warrior: east to e1" }, excludes = { "Warrior: south to d2" } } },
    "1: Warrior: east to e1",
    -- three steps: the Warrior's move value; two points are left for the others
    { decision = { seat = 1, prompt = "spend an action point (2 left)",
                   excludes = { "Warrior: east to f1", "Warrior: south to e2", "Warrior: west to d1" },
                   why = { ["Warrior: east to f1"] = "has made its 3 steps this turn" } } },
    { check = [[ return where(1, "warrior") == "e1" and seat.get(1, "ap") == 2 ]] },
  },
}

scenario "a character never steps onto another, friend or foe, nor onto a pit" {
  setup = [[ standard(); put(1, "warrior", "b2"); put(1, "thief", "b3"); put(2, "goblin", "b1") ]],
  steps = {
    "1: Action 2",
    -- c2 is a pit of the Hall; b3 holds the Thief, b1 the enemy Goblin
    { decision = { seat = 1, includes = { "Warrior: attack Goblin at b1" },
                   excludes = { "Warrior: east to c2", "Warrior: south to b3", "Warrior: north to b1" } } },
  },
}

scenario "the Thief opens a locked door, for good, and then anyone passes" {
  -- e3|f3 is a locked door of the Hall
  setup = [[ standard(); put(1, "warrior", "e2"); put(1, "thief", "e3") ]],
  steps = {
    "1: Action 4",
    { decision = { seat = 1, includes = { "Thief: open the door east" },
                   excludes = { "Thief: east to f3" } } },
    "1: Thief: open the door east",
    { decision = { seat = 1, prompt = "spend an action point (3 left)", includes = { "Thief: east to f3" } } },
    "1: Thief: east to f3",
    "1: Warrior: south to e3",
    { decision = { seat = 1, includes = { "Warrior: west to d3" }, excludes = { "Warrior: east to f3" } } },
    "1: end the turn",
    { check = [[ return card.get(room_card(1), "opened")[1] == 1 ]] },
  },
  expect = { log = { "Thief opens a door of the Hall" } },
}

scenario "only the Thief opens doors: the Warrior at a locked door is just stopped" {
  setup = [[ standard(); put(1, "warrior", "e3") ]],
  steps = {
    "1: Action 2",
    { decision = { seat = 1, excludes = { "Warrior: open the door east", "Warrior: east to f3" } } },
  },
}

scenario "stepping onto the opponent's line leaves the labyrinth: 1 VP" {
  -- u3|v3 is a wall of the Vault; v1 holds seat 2's healthy Warrior
  setup = [[ standard(); put(1, "warrior", "u2"); put(1, "thief", "u1"); put(2, "thief", "v3") ]],
  steps = {
    "1: Action 2",
    { decision = { seat = 1, includes = { "Warrior: east out of the labyrinth" },
                   excludes = { "Thief: east out of the labyrinth" } } },
    "1: Warrior: east out of the labyrinth",
    { check = [[ return seat.get(1, "vp") == 1 and zone.count(zone.get("escaped", 1)) == 1
                 and char_of(1, "warrior") == nil ]] },
  },
  expect = { log = { "Warrior of seat 1 leaves the labyrinth: +1 VP" } },
}

scenario "a character moves freely along its own starting line" {
  setup = [[ standard() ]],
  steps = {
    "1: Action 2",
    { decision = { seat = 1, includes = { "Thief: south to a3", "Wizard: north to a3" } } },
    "1: Thief: south to a3",
    { check = [[ return where(1, "thief") == "a3" ]] },
  },
}
