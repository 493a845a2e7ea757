-- Not Alone: the rulings of the rules digest (../shared/rules/notalone.md §3.1 place
-- cards, §3.3 Survival cards, §4 rulings/FAQ) that no other file tests, one scenario
-- each, named after the ruling. Seat 1 is the Creature; "X" is seat 2 (hunted#1), "Y"
-- seat 3. setup_quiet{...} leaves the Creature only the Hunt cards listed (Tracking:
-- a Phase-4 stop) and takes every Survival card away.

-- Board side 1 unless a scenario says otherwise (the pack lets the Creature choose).
defaults { options = { board_side = 1 } }

-- §4.1 FAQ 2 (Beach): only the first Hunted on the Beach uses its power -------------------

scenario "FAQ Beach: several Hunted on the Beach, only the first uses its power" {
  game = "notalone", players = 3,
  setup = [[
    setup_quiet()
    setup_places(2, { "beach", "lair" }, { "river" })
    setup_places(3, { "beach", "lair" }, { "jungle", "rover" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Beach" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "power", "take back" } } },
    { seat = "hunted#1", answer = "power" },                -- the Marker goes on the Beach
    -- Y: the Beach is used, so no "power": only the take-back, straight to the card
    { decision = { seat = 3, options = { "Jungle", "Rover" } } },
    { seat = "hunted#2", answer = "Rover" },
    -- Phase 4: the Marker is still on (Y did not take it off), Rescue unmoved
    { check = [[ return game.get("marker") == true and game.get("rescue") == 14
                   and holds(hand(3), { "lair", "rover" }) and holds(discard(3), { "jungle" }) ]] },
  },
  expect = { log = { "the Marker is put on the Beach" } },
}

-- §4.1 FAQ 4 / §3.1 Artefact: one token covering both cards hits the player twice ---------

scenario "FAQ Artefact: the Artemia token covering both cards costs two discards" {
  game = "notalone", players = 2,
  setup = [[
    setup_quiet({ "virus", "tracking" })
    seat.set(2, "next_two", "artefact") ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "play Virus" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Jungle & River" },       -- the Artemia token on both cards
    { decision = { seat = 2, options = { "Lair", "Beach", "Rover" } } },   -- first discard
    { seat = "hunted", answer = "Lair" },
    { decision = { seat = 2, options = { "Beach", "Rover" } } },           -- second discard
    { seat = "hunted", answer = "Beach" },
    -- turn 2 (Virus used the allowance: no Tracking stop); the two laid cards are discarded too
    { check = [[ return game.turn() == 2 and holds(hand(2), { "rover" }) and seat.get(2, "will") == 3
                   and holds(discard(2), { "lair", "beach", "jungle", "river" }) ]] },
  },
}

scenario "FAQ Artefact: the Creature token catching both cards costs two Will" {
  game = "notalone", players = 2,
  setup = [[
    setup_quiet({ "detour", "tracking" })
    seat.set(2, "next_two", "artefact") ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "River" },                -- Creature token on one card
    { seat = "creature", answer = "play Detour" },          -- after the reveal
    { decision = { seat = 1, options = { "seat 2 on the Jungle", "seat 2 on the River" } } },
    { seat = "creature", answer = "seat 2 on the Jungle" },
    { seat = "creature", answer = "River" },                -- now both cards are on the River
    -- caught twice: 2 Will; Assimilation still +1 once
    { check = [[ return seat.get(2, "will") == 1 and game.get("assimilation") == 6 ]] },
  },
  expect = { log = { "seat 2 loses 2 Will (caught)" } },
}

-- §4.1 FAQ 5-6 / §3.3 Drone, Gate: refused when the place's own power could not be used ----

scenario "FAQ Drone and Gate: not offered when the place's own power cannot be used" {
  game = "notalone", players = 3,
  setup = [[
    setup_quiet()
    setup_places(2, { "wreck", "lair" })
    setup_places(3, { "wreck", "lair" }, { "jungle", "river" })
    setup_survival(3, { "drone", "gate" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Wreck" },
    { seat = "hunted#2", answer = "Wreck" },
    { seat = "creature", answer = "Lair" },
    -- X (empty discard) uses the Wreck without a question. Y: the Wreck is used, so
    -- neither Drone nor Gate is offered: the take-back is all, straight to the card
    { decision = { seat = 3, options = { "Jungle", "River" } } },
    { seat = "hunted#2", answer = "River" },
    { check = [[ return game.get("rescue") == 13 and holds(shand(3), { "drone", "gate" })
                   and not seat.get(3, "survival_played") and holds(hand(3), { "lair", "river" }) ]] },
  },
}

-- §4.1 FAQ 7 / §3.3 Double Back: after the Artefact only one of the two cards --------------

scenario "FAQ Double Back after the Artefact: only one of the two cards comes back" {
  game = "notalone", players = 2,
  setup = [[
    setup_quiet()
    setup_survival(2, { "double_back" })
    setup_places(2, { "beach", "wreck", "lair" })
    seat.set(2, "next_two", "artefact") ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "Lair" },
    { seat = "hunted", answer = "Beach" },                  -- order; then each power, asked
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "pass" },                 -- Phase 4
    { seat = "hunted", answer = "play Double Back" },
    { decision = { seat = 2, options = { "Beach", "Wreck" } } },   -- one of the two, not both
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "pass" },                 -- offered again after a play
    -- turn 2: the Wreck is in hand, the Beach was discarded
    { check = [[ return game.turn() == 2 and holds(hand(2), { "lair", "wreck" })
                   and holds(discard(2), { "beach" }) ]] },
  },
  expect = { log = { "Double Back: seat 2 takes the Wreck back to hand" } },
}

-- §4.1 FAQ 8 / §3.3 Wrong Track: with Clone, either token (one of the two) -----------------

scenario "FAQ Wrong Track: with Clone it may move the Target token instead" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "clone", "tracking" }); setup_survival(2, { "wrong_track" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Beach" },                -- Creature token on Y
    { seat = "creature", answer = "Jungle" },               -- Target token (the clone) on X
    { seat = "hunted#1", answer = "play Wrong Track" },
    { decision = { seat = 2, options = { "the Creature token", "the Target token" } } },
    { seat = "hunted#1", answer = "the Target token" },
    { decision = { seat = 2, options = { "Lair", "River", "Shelter" } } },
    { seat = "hunted#1", answer = "River" },
    -- turn 2 (Clone used the allowance): X escaped the clone; the Creature token did not
    -- move (only one of the two): Y was caught; Assimilation +1
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3 and seat.get(3, "will") == 2
                   and game.get("assimilation") == 7 ]] },
  },
  expect = { log = { "the Target token is on the River", "seat 3 is caught" } },
}

-- §3.1 Lair / §2.3 Step 6 / §3.2 Clone: the Lair's extra Will also on a Clone catch ---------

scenario "Lair with Clone: the Clone catch on the Lair costs 2 Will" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "clone", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Beach" },                -- Creature token elsewhere
    { seat = "creature", answer = "Lair" },                 -- Target token (the clone) on the Lair
    -- the next question is turn 2's (Clone used the allowance: no Tracking stop)
    { check = [[ return seat.get(2, "will") == 1 and game.get("assimilation") == 6 ]] },
  },
  expect = { log = { "seat 2 loses 2 Will (caught)" } },
}

-- §3.1 Lair / §4.3: the Lair cannot copy the Artefact ---------------------------------------

scenario "Lair cannot copy the Artefact" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "lair", "jungle" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Artefact" },
    { decision = { seat = 2, options = { "power", "take back" } } },
    { seat = "hunted", answer = "power" },
    -- no "copy the Artefact": the take-all is the only choice, made without a question
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },
    { check = [[ return seat.get(2, "next_two") == nil and holds(hand(2), { "jungle", "river" }) ]] },
  },
  expect = { log = { "takes back their whole discard pile (Lair)" } },
}

-- §3.1 Lair / §3.2 Persecution: copy, or take back exactly 1 discarded card -----------------

scenario "Lair under Persecution: copy or take back exactly one card" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "persecution", "tracking" }); setup_places(2, { "lair", "jungle" }, { "river", "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Persecution" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "take back 1 card", "copy the Wreck" } } },   -- no take-all
    { seat = "hunted", answer = "take back 1 card" },
    { decision = { seat = 2, options = { "River", "Beach" } } },
    { seat = "hunted", answer = "Beach" },
    -- turn 2 (Persecution used the allowance): the River is still discarded, with the Lair
    { check = [[ return game.turn() == 2 and holds(hand(2), { "jungle", "beach" })
                   and holds(discard(2), { "river", "lair" }) ]] },
  },
}

-- §3.3 Gate: "this card" is the card played; the Artefact cannot be copied --------------------

scenario "Gate copying the Jungle returns the card played" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "gate" }); setup_places(2, { "river", "lair" }, { "rover", "swamp" }) ]],
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "Lair" },
    { decision = { seat = 2, options = { "power", "gate", "take back" } } },
    { seat = "hunted", answer = "gate" },
    { decision = { seat = 2, options = { "Jungle", "Beach", "Wreck" } } },
    { seat = "hunted", answer = "Jungle" },
    { decision = { seat = 2, options = { "Rover", "Swamp" } } },   -- the River came back already
    { seat = "hunted", answer = "Swamp" },
    { check = [[ return holds(hand(2), { "lair", "river", "swamp" }) and holds(discard(2), { "rover" })
                   and zone.count(played(2)) == 0 and seat.get(2, "next_two") == nil ]] },
    { seat = "creature", answer = "pass" },
    { check = [[ return game.turn() == 2 and holds(discard(2), { "rover" }) ]] },   -- nothing discarded
  },
  expect = { log = { "uses the power of the Jungle (Gate)", "seat 2 takes the River back to hand" } },
}

scenario "Gate cannot copy the Artefact" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "gate" }); setup_places(2, { "source", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Source" },
    { seat = "creature", answer = "Lair" },
    { decision = { seat = 2, options = { "power", "gate" } } },
    { seat = "hunted", answer = "gate" },
    { decision = { seat = 2, options = { "Beach", "Wreck" } } },   -- the Source's neighbours, not the Artefact
    { seat = "hunted", answer = "Wreck" },
    { check = [[ return game.get("rescue") == 12 and seat.get(2, "next_two") == nil ]] },
  },
}

-- §3.1 Source / §3.2 Despair: no Survival draw under Despair --------------------------------

scenario "Source under Despair: the draw option is blocked" {
  game = "notalone", players = 3,
  setup = [[
    setup_quiet({ "despair", "tracking" })
    setup_places(2, { "source", "lair" })
    seat.set(2, "will", 2); seat.set(3, "will", 2) ]],
  steps = {
    { seat = "hunted#1", answer = "Source" },
    { seat = "hunted#2", answer = "Jungle" },
    { seat = "creature", answer = "play Despair" },
    { seat = "hunted#1", answer = "Source" },               -- laid again
    { seat = "hunted#2", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Lair" },                 -- the Artemia token Despair grants
    -- no "draw a Survival card"
    { decision = { seat = 2, options = { "will for seat 2", "will for seat 3" } } },
    { seat = "hunted#1", answer = "will for seat 3" },
    { check = [[ return seat.get(3, "will") == 3 and zone.count(shand(2)) == 0 ]] },
  },
}

-- §1.2 / §3.3 Hologram: a straddling token lands on one place adjacent to either member -----

scenario "Hologram on a Virus token: it lands on a single place adjacent to either member" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "virus", "tracking" }); setup_survival(2, { "hologram" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "play Virus" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Jungle & River" },       -- Artemia token across (2,3)
    { seat = "hunted#1", answer = "play Hologram" },
    -- adjacent to the Jungle or the River, the two members excluded
    { decision = { seat = 2, options = { "Lair", "Beach", "Shelter", "Wreck" } } },
    { seat = "hunted#1", answer = "Beach" },
    -- (checked at Y's discard question, the token just moved) one place, not a pair
    { check = [[ local a = tokens("artemia") return #a == 1 and a[1] == 4 ]] },
    -- X resolves the Jungle (empty discard: the power, no question); Y on the Beach discards
    { decision = { seat = 3, options = { "Lair", "Jungle", "River", "Rover" } } },
    { seat = "hunted#2", answer = "Rover" },
    -- turn 2 (Virus used the allowance): X untouched (the Jungle came back), Y discarded
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3
                   and holds(hand(2), { "lair", "jungle", "river", "beach", "rover" })
                   and holds(discard(3), { "rover", "beach" }) and game.get("marker") ~= true ]] },
  },
  expect = { log = { "the Artemia token is on the Beach" } },
}

-- §3.3 S08/S09: Detector and Dodge "resolve your place normally", also when played after
-- Step 4 on a place the Target token shares (the later steps catch the place up) -------

scenario "Dodge after the Target step: the dodging Hunted still resolves the place" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "scream", "tracking" }); setup_survival(2, { "dodge" });
             setup_places(2, { "jungle", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Jungle" },                -- Creature token
    { seat = "creature", answer = "Jungle" },                -- Target token (Scream)
    { seat = "hunted", answer = "pass" },                    -- window after the reveal
    { seat = "hunted", answer = "pass" },                    -- window before Step 4
    -- Step 4: one card in hand, so X loses 1 Will (Scream); the Creature token holds X
    { check = [[ return seat.get(2, "will") == 2 ]] },
    { seat = "hunted", answer = "play Dodge" },              -- window before Step 5
    -- not caught: X resolves the Jungle in Step 5's catch-up
    { decision = { seat = 2, options = { "power", "take back" } } },
    { seat = 2, answer = "power" },
    { check = [[ return holds(zone.get("hand", 2), { "lair", "jungle", "river" })
                   and seat.get(2, "will") == 2 ]] },
  },
}

scenario "Dodge in the same window on a place with the Creature token only resolves it" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "scream", "tracking" }); setup_survival(2, { "dodge" });
             setup_places(2, { "jungle", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Jungle" },                -- Creature token
    { seat = "creature", answer = "Wreck" },                 -- Target token elsewhere
    { seat = "hunted", answer = "pass" },
    { seat = "hunted", answer = "pass" },
    { seat = "hunted", answer = "play Dodge" },
    { decision = { seat = 2, options = { "power", "take back" } } },
  },
}

scenario "Detector after the Target step: the Hunted still resolves the place" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "scream", "tracking" }); setup_survival(2, { "detector" });
             setup_places(2, { "jungle", "lair" }, { "river" }); game.set("rescue", 6) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Wreck" },                 -- Creature token
    { seat = "creature", answer = "Jungle" },                -- Target token (Scream)
    { seat = "creature", answer = "Jungle" },                -- Artemia token (the track)
    { seat = "hunted", answer = "pass" },                    -- window after the reveal
    { seat = "hunted", answer = "pass" },                    -- window before Step 4
    { check = [[ return seat.get(2, "will") == 2 ]] },       -- Scream (1 card: the Will)
    { seat = "hunted", answer = "play Detector" },           -- window before Step 5
    { decision = { seat = 2, options = { "power", "take back" } } },
  },
}
