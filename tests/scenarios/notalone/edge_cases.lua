-- Not Alone: the 48 edge cases of the rules digest (../shared/rules/notalone.md §6),
-- one scenario each (two where the case has two parts), named after the case.
-- Seat 1 is the Creature; "X" is seat 2 (hunted#1), "Y" seat 3, "Z" seat 4.
-- R = Rescue distance, A = Assimilation distance.

-- Board side 1 unless a scenario says otherwise (the pack lets the Creature choose).
defaults { options = { board_side = 1 } }

local ALL_PLACES = { "Lair", "Jungle", "River", "Beach", "Rover", "Swamp", "Shelter", "Wreck",
                     "Source", "Artefact" }

-- 1-3: setup by player count ------------------------------------------------------

scenario "edge 01: setup 2 players" {
  game = "notalone", players = 2,
  expect = { checks = { [[
    if game.get("rescue") ~= 13 or game.get("assimilation") ~= 7 or game.get("marker") then return false end
    for _, id in ipairs({ "swamp", "shelter", "wreck", "source", "artefact" }) do
      if #zone.search(gzone("reserve"), id) ~= 1 then return false end
    end
    return zone.count(gzone("reserve")) == 5
      and holds(hand(2), { "lair", "jungle", "river", "beach", "rover" })
      and seat.get(2, "will") == 3 and zone.count(shand(2)) == 1
      and zone.count(hand(1)) == 3 and seat.role(1) == "creature" and seat.role(2) == "hunted" ]] } },
}

scenario "edge 02: setup 5 players" {
  game = "notalone", players = 5,
  expect = { checks = { [[
    if game.get("rescue") ~= 16 or game.get("assimilation") ~= 10 then return false end
    for _, id in ipairs({ "swamp", "shelter", "wreck", "source", "artefact" }) do
      if #zone.search(gzone("reserve"), id) ~= 3 then return false end
    end
    for s = 2, 5 do
      if not holds(hand(s), { "lair", "jungle", "river", "beach", "rover" }) or seat.get(s, "will") ~= 3
        or zone.count(shand(s)) ~= 1 or seat.role(s) ~= "hunted" then return false end
    end
    return zone.count(hand(1)) == 3 and #seat.with_role("hunted") == 4 ]] } },
}

scenario "edge 03: setup 3 players" {
  game = "notalone", players = 3,
  expect = { checks = { [[
    if game.get("rescue") ~= 14 or game.get("assimilation") ~= 8 then return false end
    for _, id in ipairs({ "swamp", "shelter", "wreck", "source", "artefact" }) do
      if #zone.search(gzone("reserve"), id) ~= 2 then return false end
    end
    return zone.count(gzone("reserve")) == 10 ]] } },
}

-- 4: Rover exhaustion ----------------------------------------------------------------

scenario "edge 04: Rover exhaustion" {
  game = "notalone", players = 3,
  setup = [[
    setup_quiet()
    setup_places(2, { "rover", "lair", "shelter" }, { "wreck" })
    setup_places(3, { "lair", "shelter" })
    setup_reserve("shelter", 0)
    setup_reserve("wreck", 1) ]],
  steps = {
    { seat = "hunted#1", answer = "Rover" },
    { seat = "hunted#2", answer = "Lair" },
    { seat = "creature", answer = "Beach" },
    { seat = "hunted#1", answer = "power" },
    { decision = { seat = 2, options = { "Swamp", "Source", "Artefact" } } },
    { seat = "hunted#1", answer = "Source" },
    { check = [[ return #zone.search(hand(2), "source") == 1 ]] },
  },
}

-- 5-9: catches and broken Will -------------------------------------------------------

scenario "edge 05: double catch, one Assimilation" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet() ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },
    { seat = "creature", answer = "pass" },                 -- Phase 4
    { check = [[ return seat.get(2, "will") == 2 and seat.get(3, "will") == 2 and game.get("assimilation") == 7 ]] },
  },
}

scenario "edge 06: Lair catch" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet() ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Lair" },
    { seat = "creature", answer = "pass" },
    { check = [[ return seat.get(2, "will") == 1 and game.get("assimilation") == 6 ]] },
  },
  expect = { log = { "seat 2 loses 2 Will (caught)" } },
}

scenario "edge 07: Fierceness + Lair" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "fierceness", "tracking" }); setup_places(2, { "lair", "jungle" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "Lair" },
    -- next question: turn 2. A: 7 -1 (catch) -1 (last Will) = 5; everything back in hand
    { check = [[ return game.get("assimilation") == 5 and seat.get(2, "will") == 3
                   and holds(hand(2), { "lair", "jungle", "river" }) and zone.count(discard(2)) == 0 ]] },
  },
  expect = { log = { "seat 2 loses 3 Will (caught)", "a Hunted lost their last Will" } },
}

scenario "edge 08: last Will by catch" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "river", "lair" }, { "beach" }); seat.set(2, "will", 1) ]],
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "River" },
    { check = [[ return game.get("assimilation") == 5 and seat.get(2, "will") == 3
                   and holds(hand(2), { "river", "lair", "beach" }) and holds(played(2), {}) ]] },
    { seat = "creature", answer = "pass" },                 -- Phase 4: nothing of X is discarded
    { check = [[ return zone.count(discard(2)) == 0 and zone.count(hand(2)) == 3 ]] },
  },
}

scenario "edge 09: two broken wills, one bonus" {
  game = "notalone", players = 3,
  setup = [[
    setup_quiet({ "scream", "tracking" })
    seat.set(2, "will", 1); seat.set(3, "will", 1)
    setup_places(3, { "swamp", "lair", "jungle" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Beach" },
    { seat = "hunted#2", answer = "Swamp" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Beach" },                -- Creature token
    { seat = "creature", answer = "Swamp" },                -- Target token
    { seat = "hunted#2", answer = "lose 1 Will" },          -- Y to 0; then the Swamp (no discard)
    -- A: 8 -1 (catch of X) -1 (broken Will, once for X and Y) = 6
    { check = [[ return game.get("assimilation") == 6 and seat.get(2, "will") == 3 and seat.get(3, "will") == 3 ]] },
  },
  expect = { log = { "Assimilation advances 1 (a Hunted lost their last Will): 6 to go" } },
}

-- 10-11: Resist and Give Up ------------------------------------------------------------

scenario "edge 10: Resist 1" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "lair", "river", "rover" }, { "jungle", "beach", "swamp" }) ]],
  steps = {
    { decision = { seat = 2, options = { "Lair", "River", "Rover", "resist", "give up" } } },
    { seat = "hunted", answer = "resist" },
    { seat = "hunted", answer = { "Beach", "Swamp" } },
    { check = [[ return seat.get(2, "will") == 2 and holds(hand(2), { "lair", "river", "rover", "beach", "swamp" })
                   and holds(discard(2), { "jungle" }) and zone.count(played(2)) == 0 ]] },
    { decision = { seat = 2, includes = { "Beach", "Swamp", "resist", "give up" } } },   -- must still play
    { seat = "hunted", answer = "Swamp" },
  },
}

scenario "edge 11: voluntary Give Up" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "river", "beach", "rover" }, { "lair", "jungle" }); seat.set(2, "will", 2) ]],
  steps = {
    { seat = "hunted", answer = "give up" },
    { check = [[ return seat.get(2, "will") == 3 and game.get("assimilation") == 6
                   and holds(hand(2), { "lair", "jungle", "river", "beach", "rover" }) ]] },
  },
}

-- 12-13: the Artemia token ------------------------------------------------------------

scenario "edge 12: Artemia discard" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "rover", "lair", "jungle", "river" }); game.set("rescue", 6) ]],
  steps = {
    { seat = "hunted", answer = "Rover" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Rover" },                -- Artemia token (track, R = 6)
    { decision = { seat = 2, options = { "Lair", "Jungle", "River" } } },
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "pass" },
    -- no Rover power (no reserve place in hand), no take-back
    { check = [[ return holds(hand(2), { "lair", "jungle" }) and holds(discard(2), { "river", "rover" }) ]] },
  },
}

scenario "edge 12: Artemia discard with an empty hand" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "rover" }); game.set("rescue", 6) ]],
  steps = {
    -- the Rover is the only card: laid without a question
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Rover" },
    { seat = "creature", answer = "pass" },
    { check = [[ return zone.count(hand(2)) == 0 and holds(discard(2), { "rover" }) and seat.get(2, "will") == 3 ]] },
  },
}

scenario "edge 13: stacked tokens" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "jungle", "lair", "river" }); game.set("rescue", 6) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },               -- Artemia token too
    { seat = "hunted", answer = "Lair" },                   -- the Artemia discard
    { seat = "creature", answer = "pass" },
    { check = [[ return seat.get(2, "will") == 2 and game.get("assimilation") == 6
                   and holds(hand(2), { "river" }) and holds(discard(2), { "lair", "jungle" }) ]] },
  },
}

-- 14-17: Target cards ------------------------------------------------------------------

scenario "edge 14: Scream with 1 card" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "scream", "tracking" }); setup_places(2, { "jungle", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Target token
    -- one card in hand: the Will is lost without a question, then the Jungle
    { decision = { seat = 2, options = { "power", "take back" } } },
    { check = [[ return seat.get(2, "will") == 2 ]] },
    { seat = "hunted", answer = "power" },
    { check = [[ return holds(hand(2), { "lair", "jungle", "river" }) ]] },
  },
}

scenario "edge 15: Toxin" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "toxin", "tracking" }); setup_survival(2, { "adrenaline", "amplifier" }); setup_places(2, { "wreck", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "play Toxin" },
    { seat = "creature", answer = "Lair" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "Adrenaline", "Amplifier" } } },
    { seat = "hunted", answer = "Adrenaline" },
    -- turn 2: R moved only at the end of turn 1; no take-back
    { check = [[ return holds(shand(2), { "amplifier" }) and game.get("rescue") == 12
                   and holds(discard(2), { "river", "wreck" }) and holds(hand(2), { "lair" }) ]] },
  },
}

scenario "edge 16: Mirage" {
  game = "notalone", players = 3,
  setup = [[
    setup_quiet({ "mirage", "tracking" })
    setup_places(2, { "wreck", "lair" }, { "river" })
    setup_places(3, { "source", "lair" }, { "river" })
    seat.set(3, "will", 2) ]],
  steps = {
    { seat = "hunted#1", answer = "Wreck" },
    { seat = "hunted#2", answer = "Source" },
    { seat = "creature", answer = "play Mirage" },
    { seat = "creature", answer = "Lair" },
    { seat = "creature", answer = "Wreck & Source" },
    { check = [[ return game.get("rescue") == 13 and game.get("assimilation") == 8
                   and seat.get(2, "will") == 3 and seat.get(3, "will") == 2
                   and holds(discard(2), { "river", "wreck" }) and holds(discard(3), { "river", "source" }) ]] },
  },
}

scenario "edge 17: Clone" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "clone", "tracking" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Beach" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return seat.get(2, "will") == 2 and seat.get(3, "will") == 2 and game.get("assimilation") == 7 ]] },
  },
}

-- 18-22 -------------------------------------------------------------------------------

scenario "edge 18: Anticipation, the other Hunted caught" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "anticipation", "tracking" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "play Anticipation" },
    { seat = "creature", answer = "seat 3" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.get("assimilation") == 7 ]] },
  },
}

scenario "edge 18: Anticipation, the named Hunted caught" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "anticipation", "tracking" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "play Anticipation" },
    { seat = "creature", answer = "seat 3" },
    { seat = "creature", answer = "Beach" },
    { check = [[ return game.get("assimilation") == 6 ]] },
  },
}

scenario "edge 19: Interference" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "interference", "tracking" }); setup_places(2, { "wreck", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "play Interference" },
    { seat = "creature", answer = "Lair" },
    { check = [[ return game.get("rescue") == 12 and holds(discard(2), { "river", "wreck" }) ]] },
  },
  expect = { log = { "seat 2: the Wreck has no power this turn" } },
}

scenario "edge 20: Wreck shared" {
  game = "notalone", players = 3,
  setup = [[
    setup_quiet()
    setup_places(2, { "wreck", "lair" }, { "river" })
    setup_places(3, { "wreck", "lair" }, { "beach" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Wreck" },
    { seat = "hunted#2", answer = "Wreck" },
    { seat = "creature", answer = "Lair" },
    { seat = "hunted#1", answer = "power" },
    -- Y: the Wreck is used; the only thing left is taking back the Beach
    { seat = "creature", answer = "pass" },
    -- R: 14 - 1 (the Wreck, once) - 1 (end of turn)
    { check = [[ return game.get("rescue") == 12 and holds(hand(3), { "lair", "beach" }) ]] },
  },
}

scenario "edge 21: track Artemia token, side 1" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); game.set("rescue", 7) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },                -- R = 7: no Artemia token
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },
    { seat = "creature", answer = "pass" },
    { seat = "hunted", answer = "Lair" },                   -- turn 2, R = 6
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, options = ALL_PLACES } },      -- now the Artemia token
    { seat = "creature", answer = "Beach" },
    { check = [[ return tokens("artemia")[1] == 4 ]] },
  },
}

scenario "edge 21: track Artemia token, side 2" {
  game = "notalone", players = 2, options = { board_side = 2 },
  setup = [[ setup_quiet(); game.set("rescue", 9) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, options = ALL_PLACES } },      -- R = 9: the Artemia token
    { seat = "creature", answer = "Beach" },
    { seat = "creature", answer = "pass" },
    { seat = "hunted", answer = "Lair" },                   -- turn 2, R = 8
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, options = { "pass", "play Stasis", "play Tracking" } } },   -- no Artemia token
  },
}

scenario "edge 22: Stasis" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "stasis", "tracking" }); game.set("rescue", 5) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Lair" },                 -- Artemia token (R = 5)
    { seat = "creature", answer = "play Stasis" },
    { check = [[ return game.get("rescue") == 5 and game.turn() == 2 ]] },
  },
}

-- 23-28: Hunt and Survival card rules ---------------------------------------------------

scenario "edge 23: Tracking + double Target" {
  game = "notalone", players = 2,
  setup = [[
    setup_quiet({ "tracking" })
    setup_hunt_deck_top({ "scream", "toxin", "fierceness" })
    setup_survival(2, { "adrenaline", "amplifier" })
    setup_places(2, { "jungle", "shelter", "lair", "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "play Tracking" },
    -- turn 2
    { seat = "hunted", answer = "Shelter" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "play Toxin" },
    -- a third Hunt card is refused: no more offer, straight to the tokens
    { decision = { seat = 1, options = ALL_PLACES } },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Shelter" },              -- the one Target token
    { seat = "hunted", answer = "lose 1 Will" },            -- Scream
    { seat = "hunted", answer = "Amplifier" },              -- Toxin
    -- the next question is turn 3's: the Shelter gave nothing and was discarded
    { check = [[ return seat.get(2, "will") == 2 and holds(shand(2), { "adrenaline" })
                   and holds(hand(2), { "lair", "river", "jungle" }) and holds(discard(2), { "shelter" }) ]] },
  },
  expect = { log = { "seat 2: the Shelter has no power this turn" } },
}

scenario "edge 24: Force Field" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "force_field", "tracking" }); seat.set(3, "next_two", "river") ]],
  steps = {
    { seat = "hunted#1", answer = "River" },
    { seat = "hunted#2", answer = "Lair" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Jungle & River" },
    { decision = { seat = 2, options = { "Lair", "Beach", "Rover" } } },   -- the River came back
    { seat = "hunted#1", answer = "Lair" },
    { decision = { seat = 3, options = { "Lair", "Beach", "Rover" } } },
    { seat = "hunted#2", answer = "Rover" },
    { decision = { seat = 3, options = { "Lair", "Beach" } } },
    { seat = "hunted#2", answer = "Beach" },
    { check = [[ return holds(hand(2), { "jungle", "river", "beach", "rover" }) and zone.count(played(3)) == 2 ]] },
  },
}

scenario "edge 25: Despair vs. Shelter" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "despair", "tracking" }); setup_places(2, { "shelter", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Shelter" },
    { seat = "creature", answer = "play Despair" },
    { seat = "hunted", answer = "Shelter" },                -- laid again
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, options = ALL_PLACES } },      -- the Artemia token Despair grants
    { seat = "creature", answer = "Lair" },
    -- the Shelter cannot be used: the take-back is all that is left (the River)
    { check = [[ return zone.count(shand(2)) == 0 and holds(hand(2), { "lair", "river" }) ]] },
  },
}

scenario "edge 26: Flashback" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "flashback", "fierceness", "tracking" }); setup_hunt_deck_top({ "mutation" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    -- turn 1: the Hunt discard is empty: Flashback is never offered
    { decision = { seat = 1, options = { "pass", "play Fierceness" } } },
    { seat = "creature", answer = "pass" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, options = { "pass", "play Fierceness" } } },   -- after the tokens
    { lua = [[ setup_hunt_discard({ "mutation" }) ]] },                        -- last turn's card
    { decision = { seat = 1, options = { "pass", "play Fierceness", "play Flashback" } } },
    { seat = "creature", answer = "play Flashback" },
    { decision = { seat = 1, options = ALL_PLACES } },      -- the Artemia token, placed at once
    { seat = "creature", answer = "Jungle" },
    { check = [[ return count_of("mutation") == 1 and game.get("art") and tokens("artemia")[1] == 2 ]] },
  },
  expect = { log = { "Flashback acts as Mutation" } },
}

scenario "edge 27: Strike Back" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "fierceness", "clone", "tracking" }); setup_survival(2, { "strike_back" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "play Strike Back" },
    { check = [[
        local deck = gzone("hunt_deck")
        local kept = zone.at(hand(1), 1)
        local a, b = zone.at(deck, -1), zone.at(deck, -2)
        local mine = { "fierceness", "clone", "tracking" }
        return zone.count(hand(1)) == 1 and zone.count(deck) == 19 and contains(mine, card.id(a))
          and contains(mine, card.id(b)) and card.id(a) ~= card.id(kept) and card.id(b) ~= card.id(kept) ]] },
    -- (seed 1 leaves the Creature its Fierceness)
    { seat = "creature", answer = "pass" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "pass" },
    { check = [[ return game.turn() == 2 and zone.count(hand(1)) == 3 ]] },  -- refilled in Phase 4
  },
}

scenario "edge 28: Sacrifice" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "fierceness", "stasis", "tracking" }); setup_survival(2, { "sacrifice" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "play Sacrifice" },
    { seat = "hunted", answer = "Rover" },                  -- discarded
    { seat = "hunted", answer = "Jungle" },                 -- laid again
    { seat = "creature", answer = "Wreck" },                -- no Hunt card offered, before or after
    { seat = "hunted", answer = "take back" },              -- the Rover
    -- not even Stasis or Tracking in Phase 4: the next question is turn 2's
    { check = [[ return game.turn() == 2 and zone.count(hand(1)) == 3 and holds(discard(2), { "jungle" }) ]] },
  },
}

-- 29-35 -------------------------------------------------------------------------------

scenario "edge 29: Dodge on the Lair" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "dodge" }); setup_places(2, { "lair", "jungle" }, { "river", "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Lair" },
    { seat = "hunted", answer = "play Dodge" },
    { seat = "hunted", answer = "power" },
    -- the Lair's copy would be the Lair itself: only the take-all remains (no question)
    { seat = "creature", answer = "pass" },
    { check = [[ return seat.get(2, "will") == 3 and game.get("assimilation") == 7
                   and holds(hand(2), { "jungle", "river", "beach" }) ]] },
  },
}

scenario "edge 30: Detour into the Creature" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "detour", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "River" },
    { seat = "creature", answer = "play Detour" },
    { seat = "creature", answer = "River" },
    { check = [[ return seat.get(2, "will") == 2 and game.get("assimilation") == 6 ]] },
  },
}

scenario "edge 31: Persecution + Swamp" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "persecution", "tracking" }); setup_places(2, { "swamp", "river" }, { "lair", "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Swamp" },
    { seat = "creature", answer = "play Persecution" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "Swamp", "Lair", "Beach" } } },
    { seat = "hunted", answer = "Beach" },
    { check = [[ return holds(hand(2), { "river", "beach" }) and holds(discard(2), { "lair", "swamp" }) ]] },
  },
}

scenario "edge 32: River choice after tokens" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); seat.set(2, "next_two", "river"); setup_places(2, { "beach", "wreck", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "hunted", answer = "Wreck" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "Beach" },                  -- keep the Beach
    { check = [[ return holds(played(2), { "beach" }) and holds(hand(2), { "lair", "wreck" }) ]] },
    { seat = "creature", answer = "pass" },
    { check = [[ return seat.get(2, "will") == 3 and game.get("assimilation") == 7 and game.get("marker") ]] },
  },
}

scenario "edge 33: Lair copies Jungle" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "lair", "jungle" }, { "river", "rover" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "power" },
    { seat = "hunted", answer = "copy the Jungle" },
    { seat = "hunted", answer = "Rover" },
    { check = [[ return holds(hand(2), { "jungle", "lair", "rover" }) and holds(discard(2), { "river" }) ]] },
    { seat = "creature", answer = "pass" },
    { check = [[ return holds(discard(2), { "river" }) ]] },   -- the Lair was not discarded
  },
}

scenario "edge 34: Source to a teammate" {
  game = "notalone", players = 4,
  setup = [[ setup_quiet(); setup_places(2, { "source", "lair" }); seat.set(3, "will", 2) ]],
  steps = {
    { seat = "hunted#1", answer = "Source" },
    { seat = "hunted#2", answer = "Lair" },
    { seat = "hunted#3", answer = "Lair" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "will for seat 3", "draw a Survival card" } } },   -- not Z
    { seat = "hunted#1", answer = "will for seat 3" },
    { check = [[ return seat.get(3, "will") == 3 ]] },
  },
}

scenario "edge 35: one Survival card per turn" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "vortex", "dodge" }); setup_places(2, { "jungle", "lair" }, { "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Beach" },
    { seat = "hunted", answer = "play Vortex" },            -- into the Beach, under the Creature
    -- Phase 3: caught, yet no Dodge is offered: the next question is Phase 4's
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },
    { check = [[ return seat.get(2, "will") == 2 and holds(shand(2), { "dodge" }) ]] },
  },
}

-- 36-37: wins in the middle of the Reckoning --------------------------------------------

scenario "edge 36: win mid-Reckoning" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet(); game.set("rescue", 1); game.set("assimilation", 1); setup_places(2, { "wreck", "lair" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Wreck" },
    { seat = "hunted#2", answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },               -- Creature token on Y
    { seat = "creature", answer = "Lair" },                 -- Artemia token (R = 1)
  },
  expect = { over = "hunted", checks = { [[ return seat.get(3, "will") == 3 and game.get("assimilation") == 1 ]] } },
}

scenario "edge 37: Creature wins mid-Reckoning" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); game.set("assimilation", 1); seat.set(2, "will", 2) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },
  },
  expect = { over = "creature", checks = { [[ return seat.get(2, "will") == 1 and holds(played(2), { "jungle" }) ]] } },
}

-- 38-48 -------------------------------------------------------------------------------

scenario "edge 38: Double Back single" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "double_back" }); setup_places(2, { "shelter", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Shelter" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "take back" },
    { seat = "creature", answer = "pass" },
    { seat = "hunted", answer = "play Double Back" },
    { check = [[ return holds(hand(2), { "shelter", "lair", "river" }) and zone.count(discard(2)) == 0 ]] },
  },
}

scenario "edge 39: Mutation" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "mutation", "tracking" }); setup_places(2, { "beach", "lair", "river" }); seat.set(2, "will", 2) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Beach" },
    { seat = "hunted", answer = "River" },
    { check = [[ return seat.get(2, "will") == 1 and holds(hand(2), { "lair" }) and game.get("marker") == false ]] },
  },
}

scenario "edge 40: Hologram" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet(); setup_survival(2, { "hologram" }); game.set("rescue", 6) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Lair" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Artemia token (R = 6)
    { seat = "hunted#1", answer = "play Hologram" },
    { seat = "hunted#1", answer = "Lair" },
    -- X resolves the Jungle (no discard: the power, no question); Y discards
    { seat = "hunted#2", answer = "River" },
    { check = [[ return holds(hand(2), { "lair", "jungle", "river", "beach", "rover" }) and holds(discard(3), { "river" }) ]] },
  },
}

scenario "edge 41: Ascendancy legality" {
  game = "notalone", players = 3,
  setup = [[
    setup_quiet({ "ascendancy", "tracking" })
    setup_places(2, { "lair", "jungle", "river", "beach", "rover", "swamp" })
    setup_places(3, { "lair", "jungle", "river" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Lair" },
    { seat = "hunted#2", answer = "Lair" },
    { seat = "creature", answer = "play Ascendancy" },      -- only X qualifies: chosen without asking
    { decision = { seat = 2, options = { "Jungle", "River", "Beach", "Rover", "Swamp" } } },
    { seat = "hunted#1", answer = { "Beach", "Swamp" } },
    { check = [[ return holds(hand(2), { "beach", "swamp" }) and zone.count(discard(2)) == 3 and zone.count(hand(3)) == 2 ]] },
  },
}

scenario "edge 42: Phobia" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "phobia", "tracking" }); setup_places(2, { "lair", "jungle", "river", "beach", "rover" }) ]],
  steps = {
    { seat = "hunted", answer = "Rover" },
    { seat = "creature", answer = "play Phobia" },
    { seat = "hunted", answer = { "Lair", "Jungle" } },     -- these 2 stay hidden
    { check = [[
        local function seen(id) return card.visible(zone.search(hand(2), id)[1], 1) end
        return seen("river") and seen("beach") and not seen("lair") and not seen("jungle") and game.get("art") ]] },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, options = ALL_PLACES } },      -- the Artemia token
  },
}

scenario "edge 43: Forbidden Zone" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "forbidden_zone", "tracking" }); setup_places(2, { "lair", "jungle", "river", "beach" }); setup_places(3, { "lair" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Lair" },
    { seat = "creature", answer = "play Forbidden Zone" },
    { decision = { seat = 2, options = { "Jungle", "River", "Beach" } } },
    { seat = "hunted#1", answer = "Beach" },
    { check = [[ return holds(discard(2), { "beach" }) and zone.count(discard(3)) == 0 ]] },
  },
}

scenario "edge 44: Amplifier" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet(); setup_survival(2, { "amplifier" }); setup_places(3, { "beach", "lair" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    -- Y puts the Marker on the Beach (used for this turn); X's Jungle needs no question
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "pass" },
    { seat = "hunted#1", answer = "play Amplifier" },
    { check = [[ return game.get("marker") == false and game.get("rescue") == 13 and game.turn() == 1 ]] },
  },
}

scenario "edge 45: Vortex" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "vortex" }); setup_places(2, { "river", "lair" }, { "shelter" }) ]],
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "River" },
    { seat = "hunted", answer = "play Vortex" },
    { check = [[ return holds(played(2), { "shelter" }) and holds(discard(2), { "river" }) ]] },
    { seat = "hunted", answer = "#1" },                     -- Shelter: keep the first Survival card
    { check = [[ return seat.get(2, "will") == 3 and game.get("assimilation") == 7 ]] },
  },
}

scenario "edge 46: Creature token on an empty place" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet() ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "pass" },
    { check = [[ return game.get("assimilation") == 8 ]] },
  },
}

scenario "edge 47: Give Up forbidden when pointless" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet() ]],
  steps = {
    { decision = { seat = 2, options = { "Lair", "Jungle", "River", "Beach", "Rover" } } },
  },
}

scenario "edge 47: Give Up allowed with option pointless_give_up" {
  game = "notalone", players = 2, options = { pointless_give_up = true },
  setup = [[ setup_quiet() ]],
  steps = {
    { decision = { seat = 2, options = { "Lair", "Jungle", "River", "Beach", "Rover", "give up" } } },
  },
}

scenario "edge 48: Virus single" {
  game = "notalone", players = 3,
  setup = [[
    setup_quiet({ "virus", "tracking" })
    setup_places(2, { "jungle", "lair", "beach", "rover" })
    setup_places(3, { "river" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },               -- X keeps 3 cards; Y lays its only one
    { seat = "creature", answer = "play Virus" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle & River" },
    { decision = { seat = 2, options = { "Lair", "Beach", "Rover" } } },
    { seat = "hunted#1", answer = "Rover" },
    { check = [[ return holds(hand(2), { "lair", "beach" }) and holds(discard(2), { "rover", "jungle" })
                   and zone.count(hand(3)) == 0 and holds(discard(3), { "river" }) ]] },
  },
}
