-- Not Alone: the six [BGA-impl] rule options games/notalone/pack.json added for the
-- card rulings (scream_exact_discard, dodge_ignores_clone, fierceness_per_location,
-- detour_moves_resolved, ingenuity_is_beach_use, amplifier_is_beach_use), each away
-- from its default and at its default, on the same table, so a pair catches a
-- regression either way. Seat 1 is the Creature, seat 2 "X". setup_quiet{...} leaves
-- the Creature only the Hunt cards listed (Tracking: a Phase-4 stop) and takes every
-- Survival card away. Every scenario plays board side 1 (options.board_side = 1).

-- scream_exact_discard (cards/notalone/scream.lua) ----------------------------------

scenario "option scream_exact_discard = false: a lone Place card may be discarded instead of the Will" {
  game = "notalone", players = 2, options = { board_side = 1, scream_exact_discard = false },
  setup = [[ setup_quiet({ "scream", "tracking" }); setup_places(2, { "jungle", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },                 -- the Lair is left in hand
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Target token
    { decision = { seat = 2, options = { "discard 1 card", "lose 1 Will" } } },
    { seat = "hunted", answer = "discard 1 card" },
    -- the Lair is discarded, no Will lost; then the Jungle
    { decision = { seat = 2, options = { "power", "take back" } } },
    { check = [[ return seat.get(2, "will") == 3 and zone.count(hand(2)) == 0
                   and holds(discard(2), { "river", "lair" }) ]] },
  },
  expect = { log = { "Scream: seat 2 discards 1 Place card" } },
}

scenario "option scream_exact_discard (default): with a lone Place card the Will is lost" {
  game = "notalone", players = 2, options = { board_side = 1 },
  setup = [[ setup_quiet({ "scream", "tracking" }); setup_places(2, { "jungle", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Target token
    -- one card in hand: the Will is lost without a question, then the Jungle
    { decision = { seat = 2, options = { "power", "take back" } } },
    { check = [[ return seat.get(2, "will") == 2 and holds(hand(2), { "lair" })
                   and holds(discard(2), { "river" }) ]] },
  },
}

-- dodge_ignores_clone (cards/notalone/dodge.lua; creature_state in reckoning.lua) ------

scenario "option dodge_ignores_clone = false: Dodge is not offered under the Clone target alone, and X is caught" {
  game = "notalone", players = 2, options = { board_side = 1, dodge_ignores_clone = false },
  setup = [[ setup_quiet({ "clone", "tracking" }); setup_survival(2, { "dodge" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Jungle" },               -- Target token (a clone)
    -- no Phase-3 question for X (strict_playability: Dodge needs the Creature token);
    -- next question: turn 2. Caught by the clone, Assimilation +1; Dodge still in hand
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2
                   and game.get("assimilation") == 6 and holds(shand(2), { "dodge" }) ]] },
  },
}

scenario "option dodge_ignores_clone = false: a Dodge played anyway does not stop the Clone target" {
  game = "notalone", players = 2,
  options = { board_side = 1, dodge_ignores_clone = false, strict_playability = false },
  setup = [[ setup_quiet({ "clone", "tracking" }); setup_survival(2, { "dodge" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Jungle" },               -- Target token (a clone)
    { seat = "hunted", answer = "play Dodge" },             -- playable: strict_playability off
    -- next question: turn 2. Caught by the clone all the same, Assimilation +1
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2
                   and game.get("assimilation") == 6 and holds(gzone("survival_discard"), { "dodge" }) ]] },
  },
}

scenario "option dodge_ignores_clone (default): Dodge protects from the Clone target" {
  game = "notalone", players = 2, options = { board_side = 1 },
  setup = [[ setup_quiet({ "clone", "tracking" }); setup_survival(2, { "dodge" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Target token (a clone)
    { decision = { seat = 2, options = { "pass", "play Dodge" } } },   -- after the reveal
    { seat = "hunted", answer = "play Dodge" },
    -- the Jungle resolves normally (no question); next question: turn 2, X not caught
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3
                   and game.get("assimilation") == 7 ]] },
  },
  expect = { log = { "Dodge: the Creature token has no effect on seat 2" } },
}

-- fierceness_per_location (step_creature in cards/notalone/reckoning.lua) --------------

scenario "option fierceness_per_location = true: an Artefact player caught on both places loses 2 more" {
  game = "notalone", players = 2, options = { board_side = 1, fierceness_per_location = true },
  setup = [[
    setup_quiet({ "clone", "fierceness", "tracking" }); game.set("tracking_next", true)
    seat.set(2, "next_two", "artefact") ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "Jungle" },               -- Creature token
    { seat = "creature", answer = "River" },                -- Target token (a clone)
    -- next question: turn 2. 2 catches + 2 (Fierceness per location) = 4 Will; X broke
    -- (A: 7 -1 catch -1 last Will = 5) and got 3 Will back
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3
                   and game.get("assimilation") == 5 ]] },
  },
  expect = { log = { "seat 2 loses 3 Will (caught, 4 due)" } },
}

scenario "option fierceness_per_location (default): Fierceness adds 1 per caught Hunted" {
  game = "notalone", players = 2, options = { board_side = 1 },
  setup = [[
    setup_quiet({ "clone", "fierceness", "tracking" }); game.set("tracking_next", true)
    seat.set(2, "next_two", "artefact") ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "Jungle" },               -- Creature token
    { seat = "creature", answer = "River" },                -- Target token (a clone)
    -- next question: turn 2. 2 catches + 1 (Fierceness once) = 3 Will
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3
                   and game.get("assimilation") == 5 ]] },
  },
  expect = { log = { "seat 2 loses 3 Will (caught)" } },
}

-- detour_moves_resolved (cards/notalone/detour.lua) ----------------------------------

scenario "option detour_moves_resolved = false: Detour cannot move a resolved Hunted" {
  game = "notalone", players = 2, options = { board_side = 1, detour_moves_resolved = false },
  setup = [[ setup_quiet({ "detour", "tracking" }); setup_places(2, { "wreck", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "Shelter" },              -- next to the Wreck
    { decision = { seat = 1, options = { "pass", "play Detour" } } },   -- after the reveal
    { seat = "creature", answer = "pass" },
    -- Step 3: the Wreck resolves (Rescue +1); from then on Detour is no longer offered:
    -- the next question is Phase 4
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },
    { check = [[ return seat.get(2, "will") == 3 and game.get("assimilation") == 7
                   and game.get("rescue") == 12 ]] },
  },
}

scenario "option detour_moves_resolved (default): Detour moves a resolved Hunted into the Creature" {
  game = "notalone", players = 2, options = { board_side = 1 },
  setup = [[ setup_quiet({ "detour", "tracking" }); setup_places(2, { "wreck", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "Shelter" },
    { decision = { seat = 1, options = { "pass", "play Detour" } } },   -- after the reveal
    { seat = "creature", answer = "pass" },
    -- Step 3: the Wreck resolves (Rescue +1); the window before the Target step
    { decision = { seat = 1, options = { "pass", "play Detour" } } },
    { seat = "creature", answer = "play Detour" },          -- only seat 2: chosen without asking
    { seat = "creature", answer = "Shelter" },
    -- next question: turn 2. X caught on the Shelter; the Wreck's Rescue stays
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2
                   and game.get("assimilation") == 6 and game.get("rescue") == 11 ]] },
  },
  expect = { log = { "Detour: seat 2 now counts as being on the Shelter" } },
}

-- ingenuity_is_beach_use (cards/notalone/ingenuity.lua) ------------------------------

scenario "option ingenuity_is_beach_use = true: after Ingenuity the Beach only takes back" {
  game = "notalone", players = 2, options = { board_side = 1, ingenuity_is_beach_use = true },
  setup = [[ setup_quiet(); setup_survival(2, { "ingenuity" }); setup_places(2, { "beach", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "hunted", answer = "play Ingenuity" },
    { check = [[ return game.get("marker") == true and game.get("beach_used") == true ]] },
    { seat = "creature", answer = "Wreck" },
    -- the Beach's power is spent: the River comes back without a question
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },   -- Phase 4
    { check = [[ return holds(hand(2), { "lair", "river" }) and game.get("marker") == true
                   and game.get("rescue") == 13 ]] },
  },
}

scenario "option ingenuity_is_beach_use (default): after Ingenuity the Beach's power is still there" {
  game = "notalone", players = 2, options = { board_side = 1 },
  setup = [[ setup_quiet(); setup_survival(2, { "ingenuity" }); setup_places(2, { "beach", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "hunted", answer = "play Ingenuity" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "power", "take back" } } },
    { seat = "hunted", answer = "power" },                  -- the Marker leaves: Rescue +1
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },   -- Phase 4
    { check = [[ return game.get("marker") == false and game.get("rescue") == 12
                   and holds(discard(2), { "river" }) ]] },
  },
}

-- amplifier_is_beach_use (cards/notalone/amplifier.lua) ------------------------------

scenario "option amplifier_is_beach_use = true: no Amplifier once the Beach was used this turn" {
  game = "notalone", players = 2, options = { board_side = 1, amplifier_is_beach_use = true },
  setup = [[ setup_quiet(); setup_survival(2, { "amplifier" }); setup_places(2, { "beach", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    -- X puts the Marker on the Beach (no question: nothing to take back)
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "pass" },                 -- Phase 4 window: the Creature first
    -- Amplifier is not offered; next question: turn 2 (only the end-of-turn advance)
    { check = [[ return game.turn() == 2 and game.get("marker") == true and game.get("rescue") == 12
                   and holds(shand(2), { "amplifier" }) ]] },
  },
}

scenario "option amplifier_is_beach_use (default): Amplifier after the Beach was used this turn" {
  game = "notalone", players = 2, options = { board_side = 1 },
  setup = [[ setup_quiet(); setup_survival(2, { "amplifier" }); setup_places(2, { "beach", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "pass" },                 -- Phase 4 window: the Creature first
    { decision = { seat = 2, options = { "pass", "play Amplifier" } } },
    { seat = "hunted", answer = "play Amplifier" },
    { check = [[ return game.turn() == 1 and game.get("marker") == false and game.get("rescue") == 12 ]] },
  },
  expect = { log = { "Rescue advances 1 (Amplifier)" } },
}
