-- Twister (tests/packs/twister): the rooms. Pits (only the Wizard crosses one, by
-- levitating: 2 cells for 2 points), a room turned from its gear with everything in it,
-- and a room face down until a character stands next to it.

defaults { game = "tests/packs/twister", players = 2, helpers_file = "twister.helpers.lua" }

scenario "a pit stops everyone; the Wizard levitates over it for 2 points, never onto it" {
  -- c2 is a pit of the Hall, d2 floor beyond it
  setup = [[ standard(); put(1, "wizard", "b2"); put(1, "warrior", "b3"); put(1, "thief", "b4") ]],
  steps = {
    "1: Action 3",
    { decision = { seat = 1, includes = { "Wizard: levitate east over the pit to d2" },
                   excludes = { "Wizard: east to c2" },
                   why = { ["Wizard: east to c2"] = "nobody stops on a pit" } } },
    "1: Wizard: levitate east over the pit to d2",
    { check = [[ return where(1, "wizard") == "d2" and seat.get(1, "ap") == 1 ]] },
    -- back west: 2 points needed, 1 left
    { decision = { seat = 1, prompt = "spend an action point (1 left)",
                   excludes = { "Wizard: levitate west over the pit to b2" } } },
  },
}

scenario "the Wizard does not levitate onto a character, nor others over a pit" {
  setup = [[ standard(); put(1, "wizard", "b2"); put(2, "goblin", "d2"); put(1, "warrior", "b4")
             put(1, "thief", "e3") ]],
  steps = {
    "1: Action 5",
    -- e4 is a pit of the Hall with e5 beyond it; the Thief (no levitation) stays
    { decision = { seat = 1, excludes = { "Wizard: levitate east over the pit to d2",
                                          "Thief: south to e4", "Thief: levitate south over the pit to e5" },
                   why = { ["Thief: south to e4"] = "only the Wizard crosses one" } } },
  },
}

scenario "a room turned from its gear turns with everything in it" {
  -- the Hall turns clockwise: b1 goes to f1, e5 to b4; the gear d3 stays; the wall a1|b1
  -- moves away, so the Goblin on the line may step in
  setup = [[ standard(); put(1, "warrior", "d3"); put(1, "thief", "b1"); put(1, "goblin", "a1")
             put(1, "wizard", "a3"); put(2, "goblin", "e5") ]],
  steps = {
    "1: Action 3",
    { decision = { seat = 1, includes = { "Warrior: turn the Hall clockwise" },
                   excludes = { "Goblin: east to b1", "Thief: turn the Hall clockwise" } } },
    "1: Warrior: turn the Hall clockwise",
    { check = [[ return where(1, "warrior") == "d3" and where(1, "thief") == "f1"
                 and where(2, "goblin") == "b4" and where(1, "goblin") == "a1"
                 and card.get(room_card(1), "rot") == 1 ]] },
    { decision = { seat = 1, includes = { "Goblin: east to b1" } } },
  },
  expect = { log = { "Hall turns a quarter clockwise", "Thief (seat 1) at f1", "Goblin (seat 2) at b4" } },
}

-- the maze is a grid made by cells (board.build's width and height): the engine's own
-- lines name a space by the cell it is on now, as the rules' lines do, though the space
-- keeps its zone name (the Thief's space is "b1" to scripts, at f1 after the turn)
scenario "after a room turns, the engine's move line and the table name the cell it is on now" {
  setup = [[ standard(); put(1, "warrior", "d3"); put(1, "thief", "b1") ]],
  steps = {
    "1: Action 3",
    "1: Warrior: turn the Hall clockwise",
    { check = [[ return zone.name(card.zone(char_of(1, "thief"))) == "b1" and board.label(card.zone(char_of(1, "thief"))) == "f1" ]] },
    "1: Thief: south to f2",
    { log = { seat = 1, includes = { "Thief (seat 1) at f1", "Thief: f1 -> f2", "Thief (seat 1) at f2" },
              excludes = { "Thief: b1 -> " } } },
  },
}

scenario "a room turning counter-clockwise: the Crypt, four turns make a whole one" {
  setup = [[ standard(); put(1, "warrior", "n3"); put(1, "thief", "l1") ]],
  steps = {
    "1: Action 5",
    "1: Warrior: turn the Crypt counter-clockwise",
    -- counter-clockwise: the top-left corner l1 goes to the bottom-left, l5
    { check = [[ return where(1, "thief") == "l5" and card.get(room_card(3), "rot") == 3 ]] },
    "1: Warrior: turn the Crypt counter-clockwise",
    "1: Warrior: turn the Crypt counter-clockwise",
    "1: Warrior: turn the Crypt counter-clockwise",
    { check = [[ return where(1, "thief") == "l1" and card.get(room_card(3), "rot") == 0 ]] },
  },
}

-- seed 6 lays the Hall in room 1 and the Vault in room 4 (the rooms the starting lines
-- see), so the Chasm and the Crypt were never shown to anyone
scenario "a room face down is shown to both seats when a character stands next to it" {
  seed = 6,
  setup = [[ lay({ { "hall", 0, true }, { "chasm", 0, false }, { "crypt", 0, false }, { "vault", 0, true } })
             put(1, "thief", "e1") ]],
  steps = {
    "1: Action 2",
    { seen = { seat = 1, excludes = { "Chasm", "Crypt" } } },
    { seen = { seat = 2, excludes = { "Chasm", "Crypt" } } },
    -- nobody steps into a room face down
    { decision = { seat = 1, includes = { "Thief: east to f1" } } },
    { log = { seat = 1, includes = { "map 1 W|. . . T . ? ? ? ? ? ? ? ? ? ? . " } } },
    "1: Thief: east to f1",
    { seen = { seat = 1, includes = { "Chasm" }, excludes = { "Crypt" } } },
    { seen = { seat = 2, includes = { "Chasm" }, excludes = { "Crypt" } } },
    { log = { seat = 2, includes = { "Chasm is revealed in room 2, seen from f1" } } },
    { decision = { seat = 1, includes = { "Thief: east to g1" } } },
    { check = [[ return not face_down(2) and face_down(3) ]] },
  },
}
