-- Not Alone: card INTERACTIONS — two or more cards together, or a card with the game's
-- timing — one scenario each, named after the combination. The single cards have their
-- scenarios in places, hunt and survival.lua, the digest's edge cases in edge_cases.lua,
-- its FAQ rulings in rulings.lua. Reference: the rules digest
-- (../shared/rules/notalone.md; § numbers below are its sections).
-- Seat 1 is the Creature; "X" is seat 2 (hunted#1), "Y" seat 3, "Z" seat 4.
-- setup_quiet{...} leaves the Creature only the Hunt cards listed (Tracking: a Phase-4
-- stop) and takes every Survival card away; game.set("tracking_next", true) gives the
-- Creature two Hunt cards in turn 1 (§2.0).

-- Board side 1 unless a scenario says otherwise (the pack lets the Creature choose).
defaults { game = "notalone", players = 2, options = { board_side = 1 } }

-- §2.1 / §3.2 H01, H02 / §3.3 S03: a Phase-1 recall with two laid cards -------------------

scenario "River + Despair: both laid cards come back and two are laid again" {
  setup = [[ setup_quiet({ "despair", "tracking" }); seat.set(2, "next_two", "river") ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "play Despair" },
    -- both came back: the whole hand again, and still two cards to lay
    { decision = { seat = 2, prompt = "lay a Place card face down (1 of 2, by the River's power)",
                   includes = { "Lair", "Jungle", "River", "Beach", "Rover" } } },
    { seat = "hunted", answer = "Lair" },
    { seat = "hunted", answer = "Jungle" },
    { check = [[ return holds(played(2), { "lair", "jungle" }) ]] },
    { seat = "creature", answer = "Beach" },                -- Creature token
    { seat = "creature", answer = "Wreck" },                -- the Artemia token Despair grants
    { decision = { seat = 2, options = { "Lair", "Jungle" } } },   -- Step 0: keep one
    { seat = "hunted", answer = "Jungle" },
    -- the Jungle returns itself (empty discard: no question); Despair used the allowance,
    -- so the next question is turn 2's lay
    { check = [[ return game.turn() == 2 and holds(hand(2), { "lair", "jungle", "river", "beach", "rover" })
                   and zone.count(discard(2)) == 0 and not game.get("despair") ]] },
  },
  expect = { log = { "seat 2 takes back the 2 cards laid this turn (Despair)" } },
}

scenario "Artefact + Force Field: both laid cards come back, neither may go on the pair" {
  setup = [[ setup_quiet({ "force_field", "tracking" }); seat.set(2, "next_two", "artefact") ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Beach & Rover" },
    { decision = { seat = 2, includes = { "Lair", "Jungle", "River" }, excludes = { "Beach", "Rover" } } },
    { seat = "hunted", answer = "Lair" },
    { decision = { seat = 2, includes = { "Jungle", "River" }, excludes = { "Beach", "Rover" } } },
    { seat = "hunted", answer = "River" },
    { check = [[ return holds(played(2), { "lair", "river" }) and holds(hand(2), { "jungle", "beach", "rover" }) ]] },
  },
  expect = { log = { "seat 2 takes back the 2 cards laid this turn (Force Field)" } },
}

scenario "Artefact + Force Field, option phase1_recall = false: only the card on the pair comes back" {
  options = { phase1_recall = false },
  setup = [[ setup_quiet({ "force_field", "tracking" }); seat.set(2, "next_two", "artefact") ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Beach & Rover" },
    -- the Jungle stays laid; one more card, not the Beach nor the Rover
    { decision = { seat = 2, options = { "Lair", "River" } } },
    { seat = "hunted", answer = "River" },
    { check = [[ return holds(played(2), { "jungle", "river" }) ]] },
  },
}

scenario "River + Sacrifice in the window: another Hunted's two laid cards come back" {
  players = 3,
  setup = [[ setup_quiet(); setup_survival(2, { "sacrifice" }); seat.set(3, "next_two", "river") ]],
  steps = {
    { seat = 2, answer = "Jungle" },                         -- X lays first, keeping Sacrifice
    { seat = 3, answer = "Beach" },
    { seat = 3, answer = "Rover" },
    { seat = 2, answer = "play Sacrifice" },                 -- the Phase-1 window
    { seat = 2, answer = "River" },                          -- discarded
    { seat = 2, answer = "Lair" },                           -- laid again
    { decision = { seat = 3, prompt = "lay a Place card face down (1 of 2, by the River's power)" } },
    { seat = 3, answer = "Lair" },
    { seat = 3, answer = "Jungle" },
    { check = [[ return game.get("sacrifice") and holds(played(2), { "lair" }) and holds(discard(2), { "river" })
                   and holds(played(3), { "lair", "jungle" }) ]] },
  },
  expect = { log = { "seat 3 takes back the 2 cards laid this turn (Sacrifice)" } },
}

scenario "Force Field + Despair (Tracking): recalled twice, the Force Field places stay blocked" {
  setup = [[ setup_quiet({ "force_field", "despair", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Jungle & River" },
    { seat = "creature", answer = "pass" },                 -- the window goes on; then X lays again
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Despair" },
    { decision = { seat = 2, options = { "Lair", "Beach", "Rover" } } },
    { seat = "hunted", answer = "Beach" },
    { check = [[ return holds(played(2), { "beach" }) and game.get("despair")
                   and tokens("target")[1] == 2 and tokens("target")[2] == 3 ]] },
  },
}

-- §3.1 Lair option (b): the power of the place under the Creature token -------------------

scenario "Lair copies the Beach: once per turn, a second Lair cannot copy it" {
  players = 3,
  setup = [[ setup_quiet(); game.set("marker", true)
             setup_places(3, { "lair", "jungle" }, { "river" }) ]],
  steps = {
    { seat = 2, answer = "Lair" },
    { seat = 3, answer = "Lair" },
    { seat = "creature", answer = "Beach" },
    -- X (empty discard): the Lair, copying the Beach, its only choice: Marker off, Rescue +1
    { decision = { seat = 3, options = { "power", "take back" } } },
    { seat = 3, answer = "power" },
    -- Y's Lair: the Beach is used, so only the whole discard comes back (no question)
    { check = [[ return game.get("rescue") == 13 and game.get("marker") == false
                   and holds(hand(3), { "jungle", "river" }) ]] },
  },
  expect = { log = { "seat 2 uses the power of the Beach (copied by the Lair)",
                     "takes back their whole discard pile (Lair)" } },
}

scenario "Lair copies the Wreck: Gate cannot copy it again the same turn" {
  players = 3,
  setup = [[ setup_quiet(); setup_survival(3, { "gate" }) ]],
  steps = {
    { seat = 2, answer = "Lair" },
    { seat = 3, answer = "River" },
    { seat = "creature", answer = "Wreck" },
    -- X copies the Wreck (only choice): Rescue +1. Y on the River: Gate offers the
    -- River's neighbours but the Wreck
    { decision = { seat = 3, options = { "power", "gate" } } },
    { seat = 3, answer = "gate" },
    { decision = { seat = 3, options = { "Jungle", "Beach" } } },
    { seat = 3, answer = "Beach" },
    { check = [[ return game.get("rescue") == 13 and game.get("marker") == true ]] },
  },
}

scenario "Lair copies the River: two cards next turn, one kept" {
  setup = [[ setup_quiet() ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "River" },
    { check = [[ return seat.get(2, "next_two") == "river" ]] },
    { seat = "creature", answer = "pass" },
    { decision = { seat = 2, prompt = "lay a Place card face down (1 of 2, by the River's power)" } },
  },
  expect = { log = { "uses the power of the River (copied by the Lair)" } },
}

scenario "Lair copies the Rover: a reserve place the Hunted does not own" {
  setup = [[ setup_quiet(); setup_places(2, { "lair", "jungle", "swamp" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Rover" },
    { decision = { seat = 2, options = { "Shelter", "Wreck", "Source", "Artefact" } } },
    { seat = "hunted", answer = "Source" },
    { check = [[ return holds(hand(2), { "jungle", "swamp", "source" })
                   and #zone.search(gzone("reserve"), "source") == 0 ]] },
  },
}

scenario "Lair copies the Shelter: two Survival cards drawn, one kept" {
  setup = [[ setup_quiet(); setup_survival_deck_top({ "dodge", "adrenaline" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Shelter" },
    { decision = { seat = 2, options = { "Dodge", "Adrenaline" } } },
    { seat = "hunted", answer = "Adrenaline" },
    { check = [[ return #zone.search(shand(2), "adrenaline") == 1 and zone.count(shand(2)) == 1
                   and #zone.search(gzone("survival_discard"), "dodge") == 1 ]] },
  },
}

scenario "Lair under Despair with the Creature token on the Shelter: no copy, only the take-back" {
  setup = [[ setup_quiet({ "despair", "tracking" }); setup_places(2, { "lair", "jungle" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Despair" },
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Shelter" },
    { seat = "creature", answer = "Wreck" },                -- Artemia token
    { seat = "hunted", answer = "power" },
    -- "copy the Shelter" is not offered: the whole discard comes back without a question
    { check = [[ return holds(hand(2), { "jungle", "river" }) and zone.count(shand(2)) == 0 ]] },
  },
}

scenario "Lair copies the Swamp: the Lair comes back with up to 2 discards" {
  setup = [[ setup_quiet(); setup_places(2, { "lair", "jungle" }, { "river", "beach", "rover" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Swamp" },
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "take back all", "copy the Swamp" } } },
    { seat = "hunted", answer = "copy the Swamp" },
    { seat = "hunted", answer = { "River", "Beach" } },
    { check = [[ return holds(hand(2), { "lair", "jungle", "river", "beach" }) and holds(discard(2), { "rover" })
                   and zone.count(played(2)) == 0 ]] },
    { seat = "creature", answer = "pass" },
    { check = [[ return game.turn() == 2 and holds(discard(2), { "rover" }) ]] },
  },
  expect = { log = { "seat 2 takes the Lair back to hand" } },
}

scenario "Lair copies the Source: 1 Will to a wounded Hunted" {
  players = 3,
  setup = [[ setup_quiet(); seat.set(3, "will", 1) ]],
  steps = {
    { seat = 2, answer = "Lair" },
    { seat = 3, answer = "Jungle" },
    { seat = "creature", answer = "Source" },
    { decision = { seat = 2, options = { "Will for seat 3", "draw a Survival card" } } },
    { seat = 2, answer = "Will for seat 3" },
    { check = [[ return seat.get(3, "will") == 2 ]] },
  },
}

scenario "Lair copies the Beach under Interference (copy_ignores_ineffective default)" {
  setup = [[ setup_quiet({ "interference", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Interference" },
    { seat = "creature", answer = "Beach" },
    { check = [[ return game.get("marker") == true ]] },
  },
  expect = { log = { "uses the power of the Beach (copied by the Lair)" } },
}

scenario "Lair under Interference, option copy_ignores_ineffective = false: the Beach cannot be copied" {
  options = { copy_ignores_ineffective = false },
  setup = [[ setup_quiet({ "interference", "tracking" }); setup_places(2, { "lair", "jungle" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Interference" },
    { seat = "creature", answer = "Beach" },
    { seat = "hunted", answer = "power" },                  -- the take-all alone, no question
    { check = [[ return game.get("marker") ~= true and holds(hand(2), { "jungle", "river" }) ]] },
  },
}

scenario "Artefact with Artefact and Lair, Creature token on the River: the Lair cannot copy the River after the Artefact" {
  setup = [[ setup_quiet(); seat.set(2, "next_two", "artefact"); setup_places(2, { "lair", "artefact", "jungle" }, { "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "hunted", answer = "Artefact" },
    { seat = "creature", answer = "River" },
    { seat = "hunted", answer = "Artefact" },               -- resolve the Artefact first
    { seat = "hunted", answer = "power" },                  -- Artefact: 2 cards next turn
    { seat = "hunted", answer = "power" },                  -- Lair: no "copy the River" (River/Artefact exclusive)
    { check = [[ return seat.get(2, "next_two") == "artefact" and holds(hand(2), { "jungle", "beach" }) ]] },
  },
}

-- §3.2 H12 Clone with the Survival cards and the other Hunt cards -------------------------

scenario "Clone + Dodge: Dodge also escapes the Clone target" {
  setup = [[ setup_quiet({ "clone", "tracking" }); setup_survival(2, { "dodge" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Beach" },                -- Creature token
    { seat = "creature", answer = "Jungle" },               -- Target token (the clone) on X
    { seat = "hunted", answer = "play Dodge" },
    -- X resolves the Jungle normally (empty discard: no question)
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3 and game.get("assimilation") == 7
                   and zone.count(discard(2)) == 0 ]] },
  },
}

scenario "Clone + Detector: the Artemia token is ignored, the clone still catches" {
  setup = [[ setup_quiet({ "clone", "tracking" }); setup_survival(2, { "detector" }); game.set("rescue", 6) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Beach" },                -- Creature token
    { seat = "creature", answer = "Jungle" },               -- Target token (the clone)
    { seat = "creature", answer = "Jungle" },               -- Artemia token (the track, R = 6)
    { seat = "hunted", answer = "play Detector" },
    -- no discard (Detector), but caught by the clone: 1 Will, Assimilation +1
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 and game.get("assimilation") == 6
                   and holds(hand(2), { "lair", "river", "beach", "rover" }) ]] },
  },
}

scenario "Clone + Mutation (Tracking): the Artemia token and the clone on one place cost 2 Will" {
  setup = [[ setup_quiet({ "clone", "mutation", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Beach" },                -- Creature token
    { seat = "creature", answer = "Jungle" },               -- Target token (the clone)
    { seat = "creature", answer = "Jungle" },               -- Artemia token (Mutation)
    { seat = "hunted", answer = "Lair" },                   -- the Artemia discard
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 1 and game.get("assimilation") == 6
                   and holds(discard(2), { "lair", "jungle" }) ]] },
  },
  expect = { log = { "seat 2 loses 1 Will (Mutation)", "seat 2 loses 1 Will (caught)" } },
}

scenario "Clone + Fierceness (Tracking): a clone catch costs 1 more Will" {
  setup = [[ setup_quiet({ "clone", "fierceness", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "Beach" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 1 and game.get("assimilation") == 6 ]] },
  },
  expect = { log = { "seat 2 loses 2 Will (caught)" } },
}

scenario "Clone target and Creature token on one place: 2 Will, Assimilation +1 once" {
  setup = [[ setup_quiet({ "clone", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 1 and game.get("assimilation") == 6 ]] },
  },
  expect = { log = { "seat 2 loses 2 Will (caught)" } },
}

scenario "Clone + Toxin (Tracking): a Survival card lost, then caught by the clone" {
  setup = [[ setup_quiet({ "clone", "toxin", "tracking" }); game.set("tracking_next", true)
             setup_survival(2, { "adrenaline", "amplifier" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "play Toxin" },
    { seat = "creature", answer = "Beach" },
    { seat = "creature", answer = "Jungle" },
    { decision = { seat = 2, options = { "Adrenaline", "Amplifier" } } },
    { seat = "hunted", answer = "Amplifier" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 and game.get("assimilation") == 6
                   and holds(shand(2), { "adrenaline" }) ]] },
  },
}

scenario "Clone + Wrong Track on the Creature token: the clone still catches" {
  players = 3,
  setup = [[ setup_quiet({ "clone", "tracking" }); setup_survival(3, { "wrong_track" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Beach" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Beach" },                -- Creature token on Y
    { seat = "creature", answer = "Jungle" },               -- the clone on X
    { seat = 3, answer = "play Wrong Track" },
    { seat = 3, answer = "the Creature token" },
    { seat = 3, answer = "Rover" },
    -- Y escapes and resolves the Beach (Marker on); X is caught by the clone
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 and seat.get(3, "will") == 3
                   and game.get("assimilation") == 7 and game.get("marker") == true ]] },
  },
}

-- §3.2 H09 Mutation with the Target token and the Survival cards ------------------------

scenario "Mutation + Scream on one place (Tracking): Scream, then Mutation's Will and a discard, no power" {
  setup = [[ setup_quiet({ "scream", "mutation", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Jungle" },               -- Target token
    { seat = "creature", answer = "Jungle" },               -- Artemia token
    { seat = "hunted", answer = "discard 2 cards" },
    { seat = "hunted", answer = { "Lair", "River" } },
    -- the Artemia token holds the place: no power; then Mutation's Will and a discard
    { seat = "hunted", answer = "Beach" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 and holds(hand(2), { "rover" })
                   and holds(discard(2), { "lair", "river", "beach", "jungle" }) ]] },
  },
}

scenario "Mutation breaks the last Will, then a catch: Assimilation +1 for each, once" {
  players = 3,
  setup = [[ setup_quiet({ "mutation", "tracking" }); seat.set(2, "will", 1) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Beach" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Beach" },                -- Creature token on Y
    { seat = "creature", answer = "Jungle" },               -- Artemia token on X
    { seat = 2, answer = "Lair" },
    -- A: 8 -1 (catch of Y) -1 (X's broken Will) = 6; X back to 3 with every card
    { check = [[ return game.turn() == 2 and game.get("assimilation") == 6 and seat.get(2, "will") == 3
                   and seat.get(3, "will") == 2 and zone.count(hand(2)) == 5 ]] },
  },
}

scenario "Mutation + Virus on an Artefact player's two places (Tracking): 2 Will and 2 discards" {
  setup = [[ setup_quiet({ "mutation", "virus", "tracking" }); game.set("tracking_next", true)
             seat.set(2, "next_two", "artefact") ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "play Virus" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle & River" },
    { seat = "hunted", answer = "Lair" },
    { seat = "hunted", answer = "Beach" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 1 and holds(hand(2), { "rover" }) ]] },
  },
}

scenario "Mutation + Detector: no Will lost, no discard, the place resolves" {
  setup = [[ setup_quiet({ "mutation", "tracking" }); setup_survival(2, { "detector" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "play Detector" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3
                   and holds(hand(2), { "lair", "jungle", "river", "beach", "rover" }) ]] },
  },
}

scenario "Mutation + Hologram: the Will loss follows the moved token" {
  players = 3,
  setup = [[ setup_quiet({ "mutation", "tracking" }); setup_survival(2, { "hologram" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Lair" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },
    { seat = 2, answer = "play Hologram" },
    { seat = 2, answer = "Lair" },
    { seat = 3, answer = "Rover" },                         -- Y's Artemia discard
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3 and seat.get(3, "will") == 2
                   and holds(discard(3), { "rover", "lair" }) ]] },
  },
}

-- §4.1 FAQ 5-6: Drone and Gate only when the place's own power could be used ------------

scenario "Drone under Toxin: the place has no power, so no Drone" {
  setup = [[ setup_quiet({ "toxin", "tracking" }); setup_survival(2, { "drone", "adrenaline" })
             setup_places(2, { "jungle", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Toxin" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "Adrenaline" },             -- Toxin: X gives up the Adrenaline
    -- no question about the Jungle: no power, no take-back, no Drone
    { check = [[ return game.turn() == 2 and holds(shand(2), { "drone" }) and holds(hand(2), { "lair" }) ]] },
  },
  expect = { log = { "the Jungle has no power this turn" } },
}

scenario "Gate under Interference on the Wreck: nothing at all, the Gate stays in hand" {
  setup = [[ setup_quiet({ "interference", "tracking" }); setup_survival(2, { "gate" })
             setup_places(2, { "wreck", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "play Interference" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.turn() == 2 and holds(shand(2), { "gate" }) and game.get("rescue") == 12
                   and holds(hand(2), { "lair" }) ]] },
  },
}

scenario "Drone under Despair: Survival cards are frozen, no Drone" {
  setup = [[ setup_quiet({ "despair", "tracking" }); setup_survival(2, { "drone" })
             setup_places(2, { "jungle", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Despair" },
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Lair" },
    -- the Jungle's power is the only answer: taken without a question
    { check = [[ return game.turn() == 2 and holds(shand(2), { "drone" }) and holds(hand(2), { "jungle", "lair" }) ]] },
  },
}

scenario "Gate under Persecution copying the Swamp: one card in all" {
  setup = [[ setup_quiet({ "persecution", "tracking" }); setup_survival(2, { "gate" })
             setup_places(2, { "shelter", "lair" }, { "river", "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Shelter" },
    { seat = "creature", answer = "play Persecution" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "gate" },
    { decision = { seat = 2, options = { "Jungle", "Swamp", "Wreck" } } },
    { seat = "hunted", answer = "Swamp" },
    { decision = { seat = 2, options = { "Shelter", "River", "Beach" } } },
    { seat = "hunted", answer = "River" },
    { check = [[ return game.turn() == 2 and holds(hand(2), { "lair", "river" })
                   and holds(discard(2), { "beach", "shelter" }) ]] },
  },
}

scenario "Drone after Vortex: one Survival card per turn, no Drone" {
  setup = [[ setup_quiet(); setup_survival(2, { "vortex", "drone" }); setup_places(2, { "jungle", "lair" }, { "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "play Vortex" },             -- the Beach, the only discard
    -- on the Beach: the power, or the take-back of the Jungle; no Drone
    { decision = { seat = 2, options = { "power", "take back" } } },
  },
}

scenario "Gate next to a place switched off by Cataclysm: copied by default" {
  setup = [[ setup_quiet({ "cataclysm", "tracking" }); setup_survival(2, { "gate" }); setup_places(2, { "source", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Source" },
    { seat = "creature", answer = "Lair" },
    { seat = "creature", answer = "play Cataclysm" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "gate" },
    { decision = { seat = 2, options = { "Beach", "Wreck" } } },
  },
}

scenario "Gate next to a place switched off by Cataclysm, option copy_ignores_ineffective = false: not offered" {
  options = { copy_ignores_ineffective = false },
  setup = [[ setup_quiet({ "cataclysm", "tracking" }); setup_survival(2, { "gate" }); setup_places(2, { "source", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Source" },
    { seat = "creature", answer = "Lair" },
    { seat = "creature", answer = "play Cataclysm" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "gate" },
    -- only the Beach: the Gate copies it without asking
    { check = [[ return game.get("marker") == true ]] },
  },
}

scenario "Drone with the Rover under Force Field: the Rover is not switched off, Drone works" {
  setup = [[ setup_quiet({ "force_field", "tracking" }); setup_survival(2, { "drone" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Beach & Rover" },
    { seat = "hunted", answer = "Jungle" },                 -- laid again
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "hunted", answer = "drone" },
    { decision = { seat = 2, options = { "Swamp", "Shelter", "Wreck", "Source", "Artefact" } } },
  },
}

-- §3.2 H20 Flashback copying each Phase-1 and Phase-2 Hunt card (the copied card's
-- phase, symbol and effect); the Hunt discard's top is last turn's card ----------------

local function flashback(copied, extra)
  return [[ setup_quiet({ "flashback", "tracking" }); setup_hunt_discard({ "]] .. copied .. [[" }) ]]
    .. (extra or "")
end

scenario "Flashback as Despair: the laid card comes back, Survival cards frozen, Artemia token" {
  setup = flashback("despair", [[ setup_survival(2, { "adrenaline" }); seat.set(2, "will", 2) ]]),
  steps = {
    { seat = "hunted", answer = "Jungle" },                 -- keeps its Adrenaline
    { decision = { seat = 1, options = { "pass", "play Flashback" } } },
    { seat = "creature", answer = "play Flashback" },
    { decision = { seat = 2, options = { "Lair", "Jungle", "River", "Beach", "Rover", "give up" } } },  -- no Adrenaline
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, prompt = "place the Artemia token" } },
    { check = [[ return game.get("despair") and holds(played(2), { "river" }) ]] },
  },
  expect = { log = { "Flashback acts as Despair" } },
}

scenario "Flashback as Force Field: the Target token blocks a pair, the laid card comes back" {
  setup = flashback("force_field"),
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Jungle & River" },
    { decision = { seat = 2, options = { "Lair", "Beach", "Rover" } } },
    { seat = "hunted", answer = "Rover" },
    { decision = { seat = 1, prompt = "place the Creature token" } },  -- the Target token is placed already
    { check = [[ local t = tokens("target") return #t == 2 and t[1] == 2 and t[2] == 3 ]] },
  },
}

scenario "Flashback as Anticipation: the named Hunted caught costs 1 more Assimilation" {
  setup = flashback("anticipation"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },       -- names seat 2, the only Hunted
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.turn() == 2 and game.get("assimilation") == 5 ]] },
  },
  expect = { log = { "Assimilation advances 1 (Anticipation)" } },
}

scenario "Flashback as Ascendancy: the Hunted keeps 2 Place cards" {
  setup = flashback("ascendancy"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "hunted", answer = { "Lair", "River" } },
    { check = [[ return holds(hand(2), { "lair", "river" }) and holds(discard(2), { "beach", "rover" }) ]] },
  },
}

scenario "Flashback as Fierceness: a catch costs 2 Will" {
  setup = flashback("fierceness"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 1 ]] },
  },
}

scenario "Flashback as Forbidden Zone: the Hunted discards a Place card" {
  setup = flashback("forbidden_zone"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "hunted", answer = "Rover" },
    { check = [[ return holds(discard(2), { "rover" }) ]] },
  },
}

scenario "Flashback as Interference: the Wreck gives nothing" {
  setup = flashback("interference", [[ setup_places(2, { "wreck", "lair" }, { "river" }) ]]),
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.turn() == 2 and game.get("rescue") == 12 and holds(hand(2), { "lair" }) ]] },
  },
}

scenario "Flashback as Persecution: the Jungle brings back one card" {
  setup = flashback("persecution", [[ setup_places(2, { "jungle", "lair" }, { "river" }) ]]),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "Jungle", "River" } } },
  },
}

scenario "Flashback as Phobia: the Creature sees all but 2 cards, and has the Artemia token" {
  setup = flashback("phobia"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "hunted", answer = { "Lair", "River" } },
    { check = [[ return card.visible(zone.search(hand(2), "beach")[1], 1)
                   and not card.visible(zone.search(hand(2), "lair")[1], 1) ]] },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, prompt = "place the Artemia token" } },
  },
}

scenario "Flashback as Virus: the Artemia token across a pair" {
  setup = flashback("virus"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, prompt = "place the Artemia token across two adjacent places (Virus)" } },
    { seat = "creature", answer = "Lair & Jungle" },
    { seat = "hunted", answer = "Rover" },
    { check = [[ return game.turn() == 2 and holds(discard(2), { "rover", "jungle" }) ]] },
  },
}

scenario "Flashback as Clone: the Target token catches" {
  setup = flashback("clone"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 and game.get("assimilation") == 6 ]] },
  },
}

scenario "Flashback as Mirage: the Target token across a pair, no power there" {
  setup = flashback("mirage", [[ setup_places(2, { "wreck", "lair" }, { "river" }) ]]),
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Jungle" },
    { decision = { seat = 1, prompt = "place the Target token across two adjacent places (Mirage)" } },
    { seat = "creature", answer = "Wreck & Source" },
    { check = [[ return game.turn() == 2 and game.get("rescue") == 12 and holds(hand(2), { "lair" }) ]] },
  },
}

scenario "Flashback as Scream: the Hunted on the Target place discards 2 or loses 1 Will" {
  setup = flashback("scream"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },
    { decision = { seat = 2, options = { "discard 2 cards", "lose 1 Will" } } },
    { seat = "hunted", answer = "lose 1 Will" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 ]] },
  },
}

scenario "Flashback as Toxin: a Survival card lost, no power" {
  setup = flashback("toxin", [[ setup_survival(2, { "adrenaline" }); setup_places(2, { "wreck", "lair" }) ]]),
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { check = [[ return game.turn() == 2 and zone.count(shand(2)) == 0 and game.get("rescue") == 12 ]] },
  },
}

scenario "Flashback as Cataclysm in Phase 3" {
  setup = flashback("cataclysm", [[ setup_places(2, { "wreck", "lair" }) ]]),
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { decision = { seat = 1, options = { "Lair", "Jungle", "River", "Beach", "Rover", "Swamp", "Shelter",
                                         "Wreck", "Source", "Artefact" } } },   -- no Flashback in Phase 2
    { seat = "creature", answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Wreck" },
    { check = [[ return game.turn() == 2 and game.get("rescue") == 12 ]] },
  },
}

scenario "Flashback as Stasis in Phase 4" {
  setup = flashback("stasis"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, options = { "pass", "play Tracking", "play Flashback" } } },
    { seat = "creature", answer = "play Flashback" },
    { check = [[ return game.turn() == 2 and game.get("rescue") == 13 ]] },
  },
}

-- §2.3: Hologram, Wrong Track and Detour moving a token or a Hunted onto another one ----

scenario "Hologram onto the Creature token's place: the Hunted there discards and is caught" {
  players = 3,
  setup = [[ setup_quiet(); setup_survival(2, { "hologram" }); game.set("rescue", 6) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "River" },
    { seat = "creature", answer = "River" },                -- Creature token on Y
    { seat = "creature", answer = "Jungle" },               -- Artemia token (the track) on X
    { seat = 2, answer = "play Hologram" },
    { seat = 2, answer = "River" },
    { seat = 3, answer = "Rover" },                         -- Y's Artemia discard
    { seat = "creature", answer = "pass" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3 and seat.get(3, "will") == 2
                   and holds(discard(3), { "rover", "river" }) and game.get("assimilation") == 7 ]] },
  },
}

scenario "Wrong Track onto the Lair: the Hunted there loses 2 Will, the mover resolves its place" {
  players = 3,
  setup = [[ setup_quiet(); setup_survival(2, { "wrong_track" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Lair" },
    { seat = "creature", answer = "Jungle" },
    { seat = 2, answer = "play Wrong Track" },
    { decision = { seat = 2, options = { "Lair", "River", "Shelter" } } },
    { seat = 2, answer = "Lair" },
    { seat = "creature", answer = "pass" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3 and seat.get(3, "will") == 1
                   and game.get("assimilation") == 7 and zone.count(discard(2)) == 0 ]] },
  },
}

scenario "Wrong Track after Step 3 onto a Hunted already resolved: caught all the same" {
  players = 3,
  setup = [[ setup_quiet(); setup_survival(2, { "wrong_track" }); setup_places(3, { "lair", "jungle" }, { "river" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Lair" },
    { seat = "creature", answer = "Jungle" },
    { seat = 2, answer = "pass" },                          -- window after the reveal
    { seat = 3, answer = "power" },                         -- Step 3: Y's Lair
    { seat = 3, answer = "take back all" },
    { seat = 2, answer = "pass" },                          -- window before Step 4
    { seat = 2, answer = "pass" },                          -- window before Step 5
    { seat = 2, answer = "play Wrong Track" },              -- window before Step 6
    { seat = 2, answer = "Lair" },
    { seat = "creature", answer = "pass" },
    -- X, no longer under a token, resolves the Jungle; Y is caught on the Lair
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3 and seat.get(3, "will") == 1
                   and holds(hand(3), { "jungle", "river" }) ]] },
  },
}

scenario "Detour onto the Creature token, then Dodge: not caught" {
  setup = [[ setup_quiet({ "detour", "tracking" }); setup_survival(2, { "dodge" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "River" },
    { seat = "creature", answer = "play Detour" },          -- seat 2, the only one: no question
    { seat = "creature", answer = "River" },
    { seat = "hunted", answer = "play Dodge" },
    -- X resolves the River (its power, the only answer): 2 cards next turn
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3 and game.get("assimilation") == 7
                   and seat.get(2, "lay2") == "river" ]] },
  },
}

-- §2.0 "effects last until the end of the current turn" ----------------------------------

scenario "Despair and Force Field end with the turn: turn 2 offers the Survival card and the pair" {
  setup = [[ setup_quiet({ "despair", "force_field", "tracking" }); game.set("tracking_next", true)
             setup_survival(2, { "adrenaline" }); seat.set(2, "will", 2) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Jungle & River" },
    { seat = "hunted", answer = "pass" },                   -- the window goes on (X keeps Adrenaline)
    { seat = "creature", answer = "play Despair" },
    { decision = { seat = 2, options = { "Lair", "Beach", "Rover", "give up" } } },   -- neither Adrenaline nor the pair
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },                -- Creature token (the Target token lies on the pair)
    { seat = "creature", answer = "Lair" },                 -- the Artemia token Despair grants
    -- X's Beach: the power is the only answer under Despair (Marker on); no Phase-4 stop
    { decision = { seat = 2, includes = { "Jungle", "River", "play Adrenaline" } } },   -- turn 2
    { check = [[ return game.turn() == 2 and not game.get("despair") and not game.get("force_field")
                   and #tokens("target") == 0 ]] },
  },
}

scenario "Interference ends with the turn: the Wreck works in turn 2" {
  setup = [[ setup_quiet({ "interference", "tracking" }); setup_places(2, { "jungle", "wreck", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Interference" },
    { seat = "creature", answer = "Lair" },
    -- turn 2 (Interference used the allowance: no Phase-4 stop)
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "pass" },                 -- (it drew Flashback: Interference again)
    { seat = "creature", answer = "Lair" },
    { seat = "creature", answer = "pass" },                 -- the window after the tokens
    { decision = { seat = 1, options = { "pass", "play Stasis", "play Tracking" } } },   -- Phase 4
    { check = [[ return game.turn() == 2 and not game.get("interference") and game.get("rescue") == 11 ]] },
  },
}

scenario "Sacrifice uses the turn's Survival card (no Dodge); both end with the turn" {
  setup = [[ setup_quiet({ "fierceness", "tracking" }); setup_survival(2, { "sacrifice", "dodge" }) ]],
  steps = {
    { seat = "hunted", answer = "play Sacrifice" },
    { seat = "hunted", answer = "Rover" },
    { seat = "hunted", answer = "Jungle" },
    -- no Hunt card for the Creature (no Fierceness before the tokens), no Dodge for X
    { decision = { seat = 1, prompt = "place the Creature token" } },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return seat.get(2, "will") == 2 and game.get("assimilation") == 6 ]] },
    -- turn 2: the Creature plays again, X may Dodge again
    { seat = "hunted", answer = "Lair" },
    { decision = { seat = 1, options = { "pass", "play Fierceness" } } },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "Lair" },
    { seat = "hunted", answer = "play Dodge" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 and game.get("assimilation") == 6 ]] },
  },
}

-- §2.0 card limits per turn, with the cards that grant more -----------------------------

scenario "Tracking + Flashback: the Flashback is the second of two Hunt cards, a third is refused" {
  setup = [[ setup_quiet({ "fierceness", "flashback", "anticipation" }); game.set("tracking_next", true)
             setup_hunt_discard({ "mutation" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { decision = { seat = 1, options = { "pass", "play Anticipation", "play Fierceness", "play Flashback" } } },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "play Flashback" },       -- as Mutation
    -- the allowance (2) is used: no window question, the tokens come next
    { decision = { seat = 1, prompt = "place the Creature token" } },
    { check = [[ return game.get("hunt_count") == 2 and count_of("mutation") == 1 ]] },
  },
}

scenario "Tracking, then Flashback next turn copies the second card played" {
  setup = [[ setup_quiet({ "fierceness", "mutation", "flashback" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Lair" },
    -- turn 2: Mutation, played last, lies on top of the Hunt discard
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "pass" },                 -- Phase 1 (it drew a Force Field)
    { decision = { seat = 1, includes = { "pass", "play Flashback" } } },
    { seat = "creature", answer = "play Flashback" },
  },
  expect = { log = { "Flashback acts as Mutation" } },
}

scenario "Tracking + Sacrifice after the first Hunt card: the second is refused" {
  players = 3,
  setup = [[ setup_quiet({ "force_field", "fierceness", "tracking" }); game.set("tracking_next", true)
             setup_survival(3, { "sacrifice" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Jungle" },                        -- Y keeps its Sacrifice for the window
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Beach & Rover" },
    { seat = 3, answer = "play Sacrifice" },                -- 1 of 2 Hunt cards used: still playable
    { seat = 3, answer = "Rover" },
    { seat = 2, answer = "Jungle" },                        -- laid again
    { seat = 3, answer = "Jungle" },
    { decision = { seat = 1, prompt = "place the Creature token" } },   -- no Fierceness
    { check = [[ return game.get("hunt_count") == 1 and game.get("sacrifice") ]] },
  },
}

scenario "Strike Back against Tracking: two Hunt cards allowed, one left to play" {
  setup = [[ setup_quiet({ "fierceness", "anticipation", "persecution" }); game.set("tracking_next", true)
             setup_survival(2, { "strike_back" }) ]],
  steps = {
    { seat = "hunted", answer = "play Strike Back" },
    { seat = "hunted", answer = "Jungle" },
    { check = [[ return zone.count(hand(1)) == 1 and game.get("hunt_allowance") == 2 ]] },
  },
}

-- §5: the game ends at the move that reaches the star, in the middle of the Reckoning ----

scenario "Lair copying the Wreck at Rescue 1: the Hunted win before the catch" {
  players = 3,
  setup = [[ setup_quiet(); game.set("rescue", 1); game.set("assimilation", 1)
             setup_places(3, { "wreck", "jungle" }) ]],
  steps = {
    { seat = 2, answer = "Lair" },
    { seat = 3, answer = "Wreck" },
    { seat = "creature", answer = "Wreck" },                -- Creature token on Y
    { seat = "creature", answer = "Source" },               -- Artemia token (R = 1), on nobody
    -- Step 3: X's Lair copies the Wreck (its only choice): Rescue reaches the star
  },
  expect = { over = "hunted", checks = { [[ return seat.get(3, "will") == 3 and game.get("assimilation") == 1 ]] },
             log = { "uses the power of the Wreck (copied by the Lair)" } },
}

scenario "Anticipation at Assimilation 2: the catch and the extra step end the game in Step 6" {
  setup = [[ setup_quiet({ "anticipation", "tracking" }); game.set("assimilation", 2) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Anticipation" },
    { seat = "creature", answer = "Jungle" },
  },
  expect = { over = "creature", checks = { [[ return seat.get(2, "will") == 2 and game.get("assimilation") <= 0 ]] },
             log = { "Assimilation advances 1 (Anticipation): 0 to go" } },
}

scenario "Mutation takes the last Will at Assimilation 1: the Creature wins in Step 7" {
  setup = [[ setup_quiet({ "mutation", "tracking" }); game.set("assimilation", 1); seat.set(2, "will", 1) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Wreck" },                -- Creature token on nobody
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "Lair" },                   -- the Artemia discard
  },
  -- the game ends at the broken-Will step's move: X never gets the Will back
  expect = { over = "creature", checks = { [[ return seat.get(2, "will") == 0 ]] },
             log = { "Assimilation advances 1 (a Hunted lost their last Will): 0 to go" } },
}

scenario "Beach and Wreck in one turn at Rescue 2: the Hunted win at the second, before the catch" {
  players = 4,
  setup = [[ setup_quiet(); game.set("rescue", 2); game.set("assimilation", 1); game.set("marker", true)
             setup_places(3, { "wreck", "lair" }) ]],
  steps = {
    { seat = 2, answer = "Beach" },
    { seat = 3, answer = "Wreck" },
    { seat = 4, answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },               -- Creature token on Z
    { seat = "creature", answer = "Source" },               -- Artemia token (R = 2)
  },
  expect = { over = "hunted", checks = { [[ return seat.get(4, "will") == 3 and game.get("assimilation") == 1 ]] },
             log = { "Rescue advances 1 (Beach): 1 to go", "Rescue advances 1 (Wreck): 0 to go" } },
}

scenario "Scream's last Will and a catch at Assimilation 2: the Creature wins in Step 7" {
  players = 3,
  setup = [[ setup_quiet({ "scream", "tracking" }); game.set("assimilation", 2); seat.set(3, "will", 1)
             setup_places(3, { "swamp", "lair" }) ]],
  steps = {
    { seat = 2, answer = "Beach" },
    { seat = 3, answer = "Swamp" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Beach" },
    { seat = "creature", answer = "Swamp" },
    -- Y holds a single card: the Will, without a question (0 left); X caught
  },
  expect = { over = "creature", log = { "Assimilation advances 1 (the Creature caught a Hunted): 1 to go",
                                        "Assimilation advances 1 (a Hunted lost their last Will): 0 to go" } },
}

-- §4.1 FAQ 2-3 and Step 3: several Hunted on one place -----------------------------------

scenario "Two Hunted on the Shelter: each draws two and keeps one" {
  players = 3,
  setup = [[ setup_quiet(); setup_places(2, { "shelter", "lair" }); setup_places(3, { "shelter", "lair" })
             setup_survival_deck_top({ "dodge", "adrenaline", "detector", "amplifier" }) ]],
  steps = {
    { seat = 2, answer = "Shelter" },
    { seat = 3, answer = "Shelter" },
    { seat = "creature", answer = "Jungle" },
    { decision = { seat = 2, options = { "Dodge", "Adrenaline" } } },
    { seat = 2, answer = "Dodge" },
    { seat = 2, answer = "pass" },                          -- play now? (Dodge is not playable)
    { decision = { seat = 3, options = { "Detector", "Amplifier" } } },
    { seat = 3, answer = "Amplifier" },
    { seat = 3, answer = "pass" },
    { check = [[ return holds(shand(2), { "dodge" }) and holds(shand(3), { "amplifier" })
                   and zone.count(gzone("survival_discard")) == 2 ]] },
  },
}

scenario "Two Hunted on the Rover, one Shelter left in the reserve: the second cannot take it" {
  players = 3,
  setup = [[ setup_quiet(); setup_reserve("shelter", 1); setup_reserve("swamp", 0); setup_reserve("wreck", 0)
             setup_reserve("source", 0); setup_reserve("artefact", 0)
             setup_places(3, { "rover", "lair" }, { "jungle", "beach" }) ]],
  steps = {
    { seat = 2, answer = "Rover" },
    { seat = 3, answer = "Rover" },
    { seat = "creature", answer = "Lair" },
    -- X takes the Shelter (the only place left: no question). Y: the Rover's power can
    -- do nothing, so "power" is not offered: the take-back alone
    { decision = { seat = 3, options = { "Jungle", "Beach" } } },
    { seat = 3, answer = "Beach" },
    { check = [[ return #zone.search(hand(2), "shelter") == 1 and holds(hand(3), { "lair", "beach" })
                   and zone.count(gzone("reserve")) == 0 ]] },
  },
}

scenario "Two Hunted under the Artemia token: each discards a Place card" {
  players = 3,
  setup = [[ setup_quiet(); game.set("rescue", 6) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },
    { seat = 2, answer = "Lair" },
    { seat = 3, answer = "Rover" },
    { check = [[ return holds(discard(2), { "lair" }) and holds(discard(3), { "rover" }) ]] },
  },
}

scenario "Two Hunted on the Jungle: each takes back their own Jungle" {
  players = 3,
  setup = [[ setup_quiet(); setup_places(2, { "jungle", "lair" }, { "river" }); setup_places(3, { "jungle", "lair" }, { "beach" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },
    { seat = 3, answer = "power" },
    { check = [[ return holds(hand(2), { "jungle", "lair", "river" }) and holds(hand(3), { "jungle", "lair", "beach" }) ]] },
  },
}

-- §1.3: 7 players, 3 reserve copies of each of places 6-10 ------------------------------

scenario "7 players: three Shelters in the reserve, the fourth Rover finds none" {
  players = 7,
  setup = [[ setup_quiet() ]],
  steps = {
    { seat = 2, answer = "Rover" }, { seat = 3, answer = "Rover" }, { seat = 4, answer = "Rover" },
    { seat = 5, answer = "Rover" }, { seat = 6, answer = "Rover" }, { seat = 7, answer = "Rover" },
    { seat = "creature", answer = "Lair" },
    { decision = { seat = 2, options = { "Swamp", "Shelter", "Wreck", "Source", "Artefact" } } },
    { seat = 2, answer = "Shelter" },
    { seat = 3, answer = "Shelter" },
    { seat = 4, answer = "Shelter" },
    { decision = { seat = 5, options = { "Swamp", "Wreck", "Source", "Artefact" } } },
    { seat = 5, answer = "Swamp" },
    { seat = 6, answer = "Swamp" },
    { seat = 7, answer = "Swamp" },
    { check = [[ return #zone.search(gzone("reserve"), "shelter") == 0 and #zone.search(gzone("reserve"), "swamp") == 0
                   and #zone.search(gzone("reserve"), "wreck") == 3 and game.get("rescue") == 18 ]] },
  },
}

-- §3.3 S07 Vortex with two laid cards and with Force Field -------------------------------

scenario "Vortex + River: one of the two laid cards is swapped, then one is kept" {
  setup = [[ setup_quiet(); setup_survival(2, { "vortex" }); seat.set(2, "next_two", "river")
             setup_places(2, { "lair", "jungle", "beach" }, { "shelter" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Beach" },
    { seat = "hunted", answer = "play Vortex" },
    { decision = { seat = 2, options = { "Jungle", "Beach" } } },    -- swap which laid card
    { seat = "hunted", answer = "Beach" },
    { decision = { seat = 2, options = { "Jungle", "Shelter" } } },  -- Step 0: keep which
    { seat = "hunted", answer = "Shelter" },
    { check = [[ return holds(played(2), { "shelter" }) and holds(discard(2), { "beach" })
                   and holds(hand(2), { "lair", "jungle" }) ]] },
  },
}

scenario "Vortex under Force Field: a blocked place cannot be swapped in" {
  setup = [[ setup_quiet({ "force_field", "tracking" }); setup_survival(2, { "vortex" })
             setup_places(2, { "lair", "jungle" }, { "beach", "shelter" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Beach & Rover" },
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "play Vortex" },             -- the Shelter, the only one allowed
    { check = [[ return holds(played(2), { "shelter" }) and holds(discard(2), { "beach", "jungle" }) ]] },
  },
}

-- Step 7 and Phase 4 --------------------------------------------------------------------

scenario "Artefact + broken Will: both played cards come back, Double Back is not offered" {
  setup = [[ setup_quiet({ "fierceness", "tracking" }); setup_survival(2, { "double_back" }); seat.set(2, "will", 2)
             seat.set(2, "next_two", "artefact"); setup_places(2, { "lair", "jungle", "river" }, { "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "power" },                  -- the River (asked: X holds a Survival card)
    -- caught on the Jungle: 1 + 1 (Fierceness) = 2 Will, the last; then every card back
    { check = [[ return seat.get(2, "will") == 3 and holds(hand(2), { "lair", "jungle", "river", "beach" }) ]] },
  },
}

scenario "Artefact + Jungle, Double Back: only the card still played can come back" {
  setup = [[ setup_quiet(); setup_survival(2, { "double_back" }); seat.set(2, "next_two", "artefact")
             setup_places(2, { "lair", "jungle", "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Lair" },
    { seat = "hunted", answer = "Jungle" },                 -- order
    { seat = "hunted", answer = "power" },                  -- the Jungle comes back
    { seat = "hunted", answer = "power" },                  -- the Beach: Marker on
    { seat = "creature", answer = "pass" },
    { seat = "hunted", answer = "play Double Back" },       -- the Beach, the only one left: no question
    { seat = "creature", answer = "pass" },
    { check = [[ return game.turn() == 2 and holds(hand(2), { "lair", "jungle", "beach" }) and zone.count(discard(2)) == 0 ]] },
  },
}

scenario "Smokescreen, then Despair: the discard piles stay hidden from the Creature" {
  setup = [[ setup_quiet({ "despair", "tracking" }); setup_survival(2, { "smokescreen" })
             setup_places(2, { "lair", "jungle" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "play Smokescreen" },
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Despair" },
    { seat = "hunted", answer = "Lair" },
    { check = [[ local c = zone.at(discard(2), 1) return not card.visible(c, 1) and card.visible(c, 2) ]] },
  },
}

-- §2.2: a Phase-2 card played after the tokens grants its token at once ------------------

scenario "Mutation after the tokens (Tracking): its Artemia token is placed at once and costs a Will" {
  setup = [[ setup_quiet({ "fierceness", "mutation", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "pass" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "play Mutation" },
    { decision = { seat = 1, prompt = "place the Artemia token" } },
    { seat = "creature", answer = "Jungle" },
    { seat = "creature", answer = "pass" },                 -- the window goes on
    { seat = "hunted", answer = "Lair" },
    { check = [[ return seat.get(2, "will") == 2 and holds(discard(2), { "lair" }) ]] },
  },
}

scenario "Scream then Mirage (Tracking): the Target token goes across a pair, Scream hits both places" {
  players = 3,
  setup = [[ setup_quiet({ "scream", "mirage", "tracking" }); game.set("tracking_next", true)
             setup_places(2, { "wreck", "lair", "jungle", "river" }); setup_places(3, { "source", "lair" }) ]],
  steps = {
    { seat = 2, answer = "Wreck" },
    { seat = 3, answer = "Source" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "pass" },                 -- Mirage comes after the tokens
    { seat = "creature", answer = "Jungle" },               -- Creature token
    { seat = "creature", answer = "Wreck" },                -- Target token (Scream)
    { seat = "creature", answer = "play Mirage" },
    { decision = { seat = 1, prompt = "Mirage: place the Target token across two adjacent places" } },
    { seat = "creature", answer = "Wreck & Source" },
    { seat = 2, answer = "discard 2 cards" },
    { seat = 2, answer = { "Lair", "Jungle" } },
    -- Y (one card) loses the Will; then neither gets a power nor a take-back (Mirage)
    { check = [[ return game.turn() == 2 and holds(discard(2), { "lair", "jungle", "wreck" })
                   and seat.get(3, "will") == 2 and game.get("rescue") == 13 ]] },
  },
}

-- §4.1 FAQ 4: a token covering both of an Artefact player's cards applies twice -----------

scenario "Toxin + Mirage (Tracking) on an Artefact player's two places: two Survival cards lost" {
  setup = [[ setup_quiet({ "toxin", "mirage", "tracking" }); game.set("tracking_next", true)
             seat.set(2, "next_two", "artefact"); setup_survival(2, { "adrenaline", "amplifier", "dodge" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "play Toxin" },
    { seat = "creature", answer = "play Mirage" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Jungle & River" },       -- Target token across both cards
    { decision = { seat = 2, options = { "Adrenaline", "Amplifier", "Dodge" } } },
    { seat = "hunted", answer = "Adrenaline" },
    { decision = { seat = 2, options = { "Amplifier", "Dodge" } } },   -- not the one already given up
    { seat = "hunted", answer = "Amplifier" },
    { check = [[ return holds(shand(2), { "dodge" }) ]] },
  },
}

scenario "Scream + Mirage (Tracking) on an Artefact player's two places: Scream twice, different cards" {
  setup = [[ setup_quiet({ "scream", "mirage", "tracking" }); game.set("tracking_next", true)
             seat.set(2, "next_two", "artefact") ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "play Mirage" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle & River" },
    { seat = "hunted", answer = "discard 2 cards" },
    { seat = "hunted", answer = { "Lair", "Beach" } },
    -- the second Scream: only the Rover is left to discard, so the Will
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 and holds(hand(2), { "rover" }) ]] },
  },
}

-- §3.2 H08 Persecution with the Lair's copy, H03 Anticipation with Dodge ----------------

scenario "Persecution + Lair copying the Jungle: the Lair or one discard, not both" {
  setup = [[ setup_quiet({ "persecution", "tracking" }); setup_places(2, { "lair", "beach" }, { "river", "rover" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Persecution" },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "power" },
    { seat = "hunted", answer = "copy the Jungle" },
    { decision = { seat = 2, options = { "Lair", "River", "Rover" } } },
    { seat = "hunted", answer = "River" },
    { check = [[ return game.turn() == 2 and holds(hand(2), { "beach", "river" })
                   and holds(discard(2), { "rover", "lair" }) ]] },
  },
}

scenario "Anticipation + Dodge: the named Hunted dodges, the other caught: no extra step" {
  players = 3,
  setup = [[ setup_quiet({ "anticipation", "tracking" }); setup_survival(2, { "dodge" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Jungle" },
    { seat = "creature", answer = "play Anticipation" },
    { seat = "creature", answer = "seat 2" },
    { seat = "creature", answer = "Jungle" },
    { seat = 2, answer = "play Dodge" },
    { check = [[ return game.turn() == 2 and game.get("assimilation") == 7 and seat.get(2, "will") == 3
                   and seat.get(3, "will") == 2 ]] },
  },
}

scenario "Artefact + Drone: one Survival card a turn, so Drone for one of the two places only" {
  setup = [[ setup_quiet(); setup_survival(2, { "drone", "gate" }); seat.set(2, "next_two", "artefact")
             setup_places(2, { "jungle", "beach", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Lair" },
    { seat = "hunted", answer = "Jungle" },                 -- order
    { decision = { seat = 2, options = { "power", "drone", "gate" } } },
    { seat = "hunted", answer = "drone" },
    { seat = "hunted", answer = "Source" },                 -- the Rover's power
    -- the Beach next: the Survival card of the turn is played, no Drone or Gate, no question
    { check = [[ return game.get("marker") == true and holds(shand(2), { "gate" })
                   and #zone.search(hand(2), "source") == 1 ]] },
  },
}

scenario "Detour onto the Lair under the Creature token, with Fierceness (Tracking): 3 Will" {
  setup = [[ setup_quiet({ "fierceness", "detour", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "Lair" },
    { seat = "creature", answer = "play Detour" },
    { seat = "creature", answer = "Lair" },
    -- caught on the Lair: 1 + 1 (Lair) + 1 (Fierceness): the last Will, A -1 -1
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 3 and game.get("assimilation") == 5 ]] },
  },
  expect = { log = { "seat 2 loses 3 Will (caught)" } },
}

scenario "Flashback as Tracking in Phase 4: two Hunt cards next turn" {
  setup = flashback("tracking"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "play Flashback" },
    { check = [[ return game.turn() == 2 and game.get("hunt_allowance") == 2 ]] },
  },
  expect = { log = { "Flashback acts as Tracking" } },
}

scenario "Flashback as Detour in Phase 3" {
  setup = flashback("detour"),
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "River" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "River" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 ]] },
  },
  expect = { log = { "Flashback acts as Detour" } },
}

scenario "Mutation with the track's Artemia token: one token, carrying Mutation" {
  setup = [[ setup_quiet({ "mutation", "tracking" }); game.set("rescue", 6) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, prompt = "place the Artemia token" } },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "Lair" },
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 and holds(discard(2), { "lair", "jungle" }) ]] },
  },
}

scenario "Smokescreen + Jungle: the line every seat reads does not name the card taken back" {
  setup = [[ setup_quiet(); setup_survival(2, { "smokescreen" }); setup_places(2, { "jungle", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "play Smokescreen" },
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { check = [[ return holds(hand(2), { "jungle", "lair", "river" }) ]] },
  },
  expect = { log = { "seat 2 takes back a hidden card" } },
}

-- §4.2 "two Target cards: both effects" with Clone + Mirage: the Target token lies across
-- a pair, switches both places off and catches on both (Mirage's "not caught" is about
-- Mirage alone; Clone makes the token a Creature token) ------------------------------

scenario "Clone + Mirage (Tracking): the clone catches on both places of the pair, Assimilation +1 once" {
  players = 3,
  setup = [[ setup_quiet({ "clone", "mirage", "tracking" }); game.set("tracking_next", true)
             setup_places(2, { "wreck", "lair" }); setup_places(3, { "source", "lair" }) ]],
  steps = {
    { seat = 2, answer = "Wreck" },
    { seat = 3, answer = "Source" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "play Mirage" },
    { seat = "creature", answer = "Jungle" },               -- Creature token
    { seat = "creature", answer = "Wreck & Source" },       -- the Target token (clone, Mirage)
    { check = [[ return game.turn() == 2 and seat.get(2, "will") == 2 and seat.get(3, "will") == 2
                   and game.get("assimilation") == 7 and game.get("rescue") == 13 ]] },
  },
}

-- §4.1 FAQ 5-6: "only if your place's power could have been used" — a Lair with nothing
-- to take back or copy, a Rover with nothing left to take: no power, so no Drone or Gate

scenario "Drone on a Lair with an empty discard and the Creature token on the Artefact: not offered" {
  setup = [[ setup_quiet(); setup_survival(2, { "drone", "gate" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Artefact" },
    -- nothing to resolve on the Lair: no question; both Survival cards stay in hand
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },
    { check = [[ return holds(shand(2), { "drone", "gate" }) and not seat.get(2, "survival_played")
                   and seat.get(2, "next_two") == nil ]] },
  },
}

scenario "Gate next to a Lair with nothing to do: the Lair is not offered to copy" {
  setup = [[ setup_quiet(); setup_survival(2, { "gate" }); setup_places(2, { "jungle", "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Lair" },
    { seat = "hunted", answer = "gate" },
    -- the Jungle's neighbours: the Lair (empty discard, the Creature token on the Lair
    -- itself: nothing to copy) is left out
    { decision = { seat = 2, options = { "River", "Shelter" } } },
  },
}

scenario "Drone on a Rover with nothing left to take: not offered, only the take-back" {
  setup = [[ setup_quiet(); setup_survival(2, { "drone" })
             for _, id in ipairs({ "swamp", "shelter", "wreck", "source", "artefact" }) do setup_reserve(id, 0) end
             setup_places(2, { "rover", "lair" }, { "jungle" }) ]],
  steps = {
    { seat = "hunted", answer = "Rover" },
    { seat = "creature", answer = "Lair" },
    -- the take-back is the only answer (the Jungle): no question, the Drone stays
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },
    { check = [[ return holds(hand(2), { "lair", "jungle" }) and holds(shand(2), { "drone" }) ]] },
  },
}

-- A Flashback whose Hunt discard shows another Flashback (only a second copy, from an
-- expansion, can put one there: the base game has one Flashback) has nothing to copy,
-- and is not offered (docs/games/notalone.md, "Rulings").
scenario "Flashback over a Flashback on the Hunt discard: not playable" {
  setup = [[ setup_quiet({ "flashback", "tracking" }); setup_hunt_discard({ "mutation" })
             local c = card.new("flashback", gzone("hunt_discard"))
             card.move(c, gzone("hunt_discard"), { face = "up", pos = "top" }) ]],
  steps = {
    { check = [[ return card.is(zone.at(gzone("hunt_discard"), 1), "flashback") ]] },
    { seat = "hunted", answer = "Jungle" },
    { decision = { seat = 1, prompt = "place the Creature token" } },  -- no Phase-2 offer
  },
}
