-- Not Alone: one scenario (or more) per Hunt card (cards/notalone/<card>.lua).
-- Seat 1 is the Creature. setup_quiet{...} gives it exactly the listed Hunt cards and
-- takes every Survival card away, so only the cards under test are offered.

-- Board side 1 unless a scenario says otherwise (the pack lets the Creature choose).
defaults { options = { board_side = 1 } }

scenario "Despair recalls the laid cards and grants the Artemia token" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "despair", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { decision = { seat = 1, options = { "pass", "play Despair" } } },
    { seat = "creature", answer = "play Despair" },
    { check = [[ return game.get("despair") and zone.count(played(2)) == 0 ]] },
    { seat = "hunted", answer = "Beach" },                  -- laid again
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Lair" },                 -- Artemia token
    -- the next question is turn 2's: the Beach was used and discarded
    { check = [[ return game.get("marker") and holds(discard(2), { "beach" }) ]] },
  },
  expect = { log = { "seat 1 plays Despair", "Despair: no Survival card may be played",
                     "seat 2 takes back the card laid this turn (Despair)",
                     "the Artemia token is on the Lair" } },
}

scenario "Force Field blocks two places and recalls the laid card" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "force_field", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Jungle & River" },
    { decision = { seat = 2, options = { "Lair", "Beach", "Rover" } } },
    { seat = "hunted", answer = "Rover" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "Swamp" },                  -- the Rover's power
    { check = [[ return holds(discard(2), { "rover" }) and #zone.search(hand(2), "swamp") == 1 ]] },
  },
  expect = { log = { "the Target token is on the Jungle & River" } },
}

scenario "Anticipation: catching the named Hunted costs 1 more Assimilation" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "anticipation", "tracking" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "play Anticipation" },
    { decision = { seat = 1, options = { "seat 2", "seat 3" } } },
    { seat = "creature", answer = "seat 2" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.get("assimilation") == 6 and seat.get(2, "will") == 2 ]] },
  },
  expect = { log = { "Anticipation names seat 2", "Assimilation advances 1 (Anticipation)" } },
}

scenario "Ascendancy leaves the Hunted 2 cards of their choice" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "ascendancy", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Ascendancy" },       -- only seat 2: chosen without asking
    { seat = "hunted", answer = { "Lair", "River" } },
    { check = [[ return holds(hand(2), { "lair", "river" }) and holds(discard(2), { "beach", "rover" }) ]] },
  },
  expect = { log = { "Ascendancy: seat 2 discards 2 Place cards" } },
}

scenario "Fierceness: a catch costs one more Will" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "fierceness", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return seat.get(2, "will") == 1 and game.get("assimilation") == 6 ]] },
  },
}

scenario "Forbidden Zone: every Hunted discards a Place card" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "forbidden_zone", "tracking" }); setup_places(3, { "lair", "river" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Lair" },
    { seat = "creature", answer = "play Forbidden Zone" },
    { seat = "hunted#1", answer = "Rover" },                 -- seat 3 has one card: no question
    { check = [[ return holds(discard(2), { "rover" }) and holds(discard(3), { "river" }) ]] },
  },
}

scenario "Forbidden Zone: every Hunted chooses before any card is discarded" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "forbidden_zone", "tracking" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Lair" },
    { seat = "creature", answer = "play Forbidden Zone" },
    { seat = 2, answer = "Rover" },
    { decision = { seat = 3, options = { "Jungle", "River", "Beach", "Rover" } } },
    { check = [[ return zone.count(discard(2)) == 0 ]] },    -- seat 3 does not see it yet
    { seat = 3, answer = "River" },
    { check = [[ return holds(discard(2), { "rover" }) and holds(discard(3), { "river" }) ]] },
  },
}

scenario "Interference switches the Beach off" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "interference", "tracking" }); setup_places(2, { "beach", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "play Interference" },
    { seat = "creature", answer = "Wreck" },
    { check = [[ return game.get("marker") == false and holds(discard(2), { "river", "beach" }) ]] },
  },
  expect = { log = { "the Beach has no power this turn" } },
}

scenario "Persecution: the Jungle brings back only one card" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "persecution", "tracking" }); setup_places(2, { "jungle", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Persecution" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "Jungle", "River" } } },
    { seat = "hunted", answer = "River" },
    { check = [[ return holds(hand(2), { "lair", "river" }) and holds(discard(2), { "jungle" }) ]] },
  },
}

scenario "Mutation: the Artemia token also costs a Will" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "mutation", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Jungle" },               -- Artemia token
    { seat = "hunted", answer = "Lair" },                   -- discard
    { check = [[ return seat.get(2, "will") == 2 and holds(discard(2), { "lair", "jungle" }) ]] },
  },
}

scenario "Phobia shows the Creature all but two cards" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "phobia", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Phobia" },
    { decision = { seat = 2, options = { "Lair", "River", "Beach", "Rover" } } },
    { seat = "hunted", answer = { "Lair", "River" } },
    { check = [[
        local lair, beach = zone.search(hand(2), "lair")[1], zone.search(hand(2), "beach")[1]
        return card.visible(beach, 1) and not card.visible(lair, 1) and game.get("art") ]] },
  },
  -- the spectator's log: which cards, only the Creature and their owner read; the line
  -- saying why comes first
  expect = { log = { "Phobia: seat 2 shows the Creature 2 Place cards\n2 cards (hand of seat 2) shown to seat 1\n" } },
}

scenario "Phobia: the Creature cannot tell which shown card is laid later" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "phobia", "tracking" }); setup_places(2, { "lair", "jungle", "river", "beach", "rover" }) ]],
  steps = {
    { seat = "hunted", answer = "Rover" },
    { seat = "creature", answer = "play Phobia" },
    { seat = "hunted", answer = { "Lair", "Jungle" } },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Swamp" },
    { seat = "hunted", answer = "Source" },                 -- the Rover takes a reserve place
    { check = [[ return card.visible(zone.search(hand(2), "river")[1], 1)
                   and card.visible(zone.search(hand(2), "beach")[1], 1) ]] },
    { seat = "hunted", answer = "Beach" },                  -- one of the two shown
    -- the River, still in hand, is forgotten too: the one no longer listed would be the
    -- Beach
    { check = [[ return not card.visible(zone.search(hand(2), "river")[1], 1) ]] },
  },
}

scenario "Virus: the Artemia token hits two adjacent places" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "virus", "tracking" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "River" },
    { seat = "creature", answer = "play Virus" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle & River" },
    { seat = "hunted#1", answer = "Lair" },
    { seat = "hunted#2", answer = "Lair" },
    { check = [[ return holds(discard(2), { "lair", "jungle" }) and holds(discard(3), { "lair", "river" }) ]] },
  },
}

scenario "Clone: the Target token catches like the Creature token" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "clone", "tracking" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Beach" },                -- Creature token
    { seat = "creature", answer = "Jungle" },               -- Target token (a clone)
    { check = [[ return seat.get(2, "will") == 2 and seat.get(3, "will") == 2 and game.get("assimilation") == 7 ]] },
  },
}

scenario "Mirage: two adjacent places lose their power" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "mirage", "tracking" }); setup_places(2, { "wreck", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "play Mirage" },
    { seat = "creature", answer = "Lair" },
    { seat = "creature", answer = "Wreck & Source" },
    -- turn 2: only the end-of-turn advance moved Rescue
    { check = [[ return game.get("rescue") == 12 and holds(discard(2), { "river", "wreck" }) and seat.get(2, "will") == 3 ]] },
  },
  expect = { log = { "the Wreck has no power this turn" } },
}

-- H13 [BGA-impl] "re-places an already placed Target token": the Force Field's too, whether
-- Mirage comes before the other tokens (the Creature lays the pair at once) or after them
scenario "Mirage after Force Field lifts its Target token and lays it across a pair" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "tracking" }); setup_hunt_deck_top({ "force_field", "mirage", "fierceness" })
             setup_places(2, { "wreck", "beach", "lair", "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Jungle" },
    { seat = "creature", answer = "play Tracking" },
    -- turn 2: two Hunt cards
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Lair & Jungle" },
    { seat = "hunted", answer = "Wreck" },                  -- laid again
    { seat = "creature", answer = "play Mirage" },          -- Phase 2, before the tokens
    { decision = { seat = 1, includes = { "Wreck & Source" } } },
    { seat = "creature", answer = "Wreck & Source" },
    { seat = "creature", answer = "River" },                -- the Creature token
  },
  expect = { log = { "the Target token is on the Wreck & Source", "the Wreck has no power this turn" } },
}

scenario "Scream: discard 2 cards or lose a Will, then resolve" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "scream", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Target token
    { decision = { seat = 2, options = { "discard 2 cards", "lose 1 Will" } } },
    { seat = "hunted", answer = "discard 2 cards" },
    { seat = "hunted", answer = { "Beach", "Rover" } },
    { seat = "hunted", answer = "power" },                  -- then the Jungle
    { seat = "hunted", answer = "Beach" },
    { check = [[ return holds(hand(2), { "lair", "river", "jungle", "beach" }) and seat.get(2, "will") == 3 ]] },
  },
}

scenario "Scream: the Hunted hit decide simultaneously, before any penalty is carried out" {
  game = "notalone", players = 3,
  -- digest 2.3 Step 4: "all affected Hunted decide simultaneously" — seat 3 answers
  -- without seeing seat 2's discards or Will loss
  setup = [[ setup_quiet({ "scream", "tracking" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Jungle" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Target token
    { seat = 2, answer = "discard 2 cards" },
    { seat = 2, answer = { "Beach", "Rover" } },
    { decision = { seat = 3, options = { "discard 2 cards", "lose 1 Will" } } },
    { check = [[ return zone.count(discard(2)) == 0 and holds(hand(2), { "lair", "river", "beach", "rover" }) ]] },
    { seat = 3, answer = "lose 1 Will" },
    { check = [[ return holds(discard(2), { "beach", "rover" }) and seat.get(3, "will") == 2 ]] },
  },
}

scenario "Toxin: the Hunted hit choose their Survival card before any is discarded" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "toxin", "tracking" }); setup_survival(2, { "adrenaline", "dodge" })
             setup_survival(3, { "detector", "hologram" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Jungle" },
    { seat = "creature", answer = "play Toxin" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Target token
    { seat = 2, answer = "Dodge" },
    { decision = { seat = 3, options = { "Detector", "Hologram" } } },
    { check = [[ return zone.count(gzone("survival_discard")) == 0 ]] },
    { seat = 3, answer = "Hologram" },
    { check = [[ return holds(gzone("survival_discard"), { "dodge", "hologram" }) ]] },
  },
}

scenario "Toxin: lose a Survival card, no power" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "toxin", "tracking" }); setup_survival(2, { "adrenaline", "amplifier" }); setup_places(2, { "wreck", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "play Toxin" },
    { seat = "creature", answer = "Lair" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "Amplifier" },
    { check = [[ return holds(shand(2), { "adrenaline" }) and game.get("rescue") == 12 and holds(discard(2), { "river", "wreck" }) ]] },
  },
}

scenario "Cataclysm switches a place off in Phase 3" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "cataclysm", "tracking" }); setup_places(2, { "beach", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, options = { "pass", "play Cataclysm" } } },   -- after the reveal
    { seat = "creature", answer = "play Cataclysm" },
    { seat = "creature", answer = "Beach" },
    { check = [[ return game.get("marker") == false and holds(discard(2), { "river", "beach" }) ]] },
  },
  expect = { log = { "Cataclysm: the Beach has no power this turn" } },
}

scenario "Detour moves a revealed Hunted to an adjacent place" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "detour", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "River" },
    { seat = "creature", answer = "play Detour" },          -- only seat 2: chosen without asking
    { decision = { seat = 1, options = { "Lair", "River", "Shelter" } } },
    { seat = "creature", answer = "River" },
    { check = [[ return seat.get(2, "will") == 2 and game.get("assimilation") == 6 ]] },
  },
  expect = { log = { "Detour: seat 2 now counts as being on the River" } },
}

-- two Detours (Tracking, a same-turn Flashback): the Artefact player's two cards count
-- as the Rover after the first, and the second still offers each of them
scenario "Detour twice: an Artefact player's two cards on one place are two choices" {
  game = "notalone", players = 2, options = { flashback_same_turn = true },
  setup = [[ setup_quiet({ "detour", "flashback", "tracking" }); game.set("tracking_next", true)
             seat.set(2, "next_two", "artefact"); setup_places(2, { "rover", "artefact", "jungle" }) ]],
  steps = {
    { seat = "hunted", answer = "Rover" },
    { seat = "hunted", answer = "Artefact" },
    { seat = "creature", answer = "Lair" },
    { seat = "creature", answer = "play Detour" },
    { seat = "creature", answer = "seat 2 on the Artefact" },
    { seat = "creature", answer = "Rover" },
    { seat = "creature", answer = "play Flashback" },
    { decision = { seat = 1, options = { "seat 2 on the Rover", "seat 2 on the Rover (moved there from the Artefact)" } } },
    { seat = "creature", answer = "seat 2 on the Rover (moved there from the Artefact)" },
    { decision = { seat = 1, options = { "Rover", "Source" } } },
  },
}

scenario "Stasis: Rescue does not advance at the end of the turn" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "stasis", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, options = { "pass", "play Stasis", "play Tracking" } } },
    { seat = "creature", answer = "play Stasis" },
    { decision = { seat = 2 } },                            -- turn 2 has begun
    { check = [[ return game.get("rescue") == 13 and game.turn() == 2 ]] },
  },
  expect = { log = { "Stasis: the Rescue counter does not advance" } },
}

scenario "Tracking: two Hunt cards next turn" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "tracking" }); setup_hunt_deck_top({ "fierceness", "scream" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "play Tracking" },
    { seat = "hunted", answer = "Lair" },                   -- turn 2
    { check = [[ return game.get("hunt_allowance") == 2 ]] },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "play Scream" },
    { check = [[ return count_of("hunt_count") == 2 ]] },
  },
}

scenario "Flashback copies the last discarded Hunt card" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "flashback", "tracking" }); setup_hunt_discard({ "mutation" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { decision = { seat = 1, options = { "pass", "play Flashback" } } },   -- Phase 2, as Mutation
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- the Artemia token it grants
    { seat = "hunted", answer = "Lair" },
    { check = [[ return seat.get(2, "will") == 2 and holds(discard(2), { "lair", "jungle" }) ]] },
  },
  expect = { log = { "Flashback acts as Mutation" } },
}
