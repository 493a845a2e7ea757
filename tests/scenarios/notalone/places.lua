-- Not Alone: one scenario (or more) per place card (cards/notalone/<place>.lua).
-- Seat 1 is the Creature, seat 2 the Hunted. setup_quiet() leaves the Creature only
-- Tracking (offered in Phase 4: a stop before the discards) and no Survival cards.

-- Board side 1 unless a scenario says otherwise (the pack lets the Creature choose).
defaults { options = { board_side = 1 } }

scenario "Lair takes the whole discard pile back" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "lair" }, { "river", "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Wreck" },         -- Creature token
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "take back all", "copy the Wreck" } } },
    { answer = "take back all" },
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },
    { check = [[ return holds(hand(2), { "river", "beach" }) and zone.count(discard(2)) == 0 ]] },
  },
  expect = { log = { "takes back their whole discard pile (Lair)" } },
}

scenario "Lair copies the Wreck under the Creature token" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { seat = "hunted", answer = "copy the Wreck" },
    { check = [[ return game.get("rescue") == 12 and game.get("wreck_used") ]] },
  },
  expect = { log = { "uses the power of the Wreck (copied by the Lair)" } },
}

-- the hand holds the Place cards in the order of their numbers (zone sort), so a place
-- keeps its rank in the question from turn to turn: the Jungle and the River come back
-- in among the others, not behind them
scenario "the hand keeps the Place cards in the order of their numbers" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "rover", "jungle", "lair" }, { "river", "beach" }) ]],
  steps = {
    { decision = { seat = 2, options = { "Lair", "Jungle", "Rover", "resist", "give up" } } },
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "pass" },
    { check = [[ local t = {}
                 for i, c in ipairs(zone.cards(hand(2))) do t[i] = card.id(c) end
                 return table.concat(t, " ") == "lair jungle river rover" ]] },
    { decision = { seat = 2, options = { "Lair", "Jungle", "River", "Rover", "resist", "give up" } } },
  },
}

scenario "Jungle returns itself and one discard" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "jungle", "lair" }, { "river", "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "River", "Beach" } } },
    { seat = "hunted", answer = "River" },
    { check = [[ return holds(hand(2), { "lair", "jungle", "river" }) and holds(discard(2), { "beach" }) ]] },
    { seat = "creature", answer = "pass" },
    { check = [[ return holds(hand(2), { "lair", "jungle", "river" }) ]] },   -- the Jungle was not discarded
  },
}

scenario "River: two cards next turn, one kept after the tokens" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "river", "lair", "jungle", "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "Wreck" },
    -- an empty discard leaves only the power: it is used without asking
    { check = [[ return seat.get(2, "next_two") == "river" ]] },
    { seat = "creature", answer = "pass" },
    -- turn 2: two cards face down
    { seat = "hunted", answer = "Lair" },
    { seat = "hunted", answer = "Jungle" },
    { check = [[ return zone.count(played(2)) == 2 and seat.get(2, "lay2") == "river" ]] },
    { seat = "creature", answer = "Jungle" },
    { decision = { seat = 2, options = { "Lair", "Jungle" } } },
    { seat = "hunted", answer = "Lair" },
    { check = [[ return holds(played(2), { "lair" }) and #zone.search(hand(2), "jungle") == 1 ]] },
  },
  -- the line saying why comes before the move it explains
  expect = { log = { "River: seat 2 keeps one of the two places laid and takes the other back to hand\n"
                     .. "a card: played places of seat 2 -> hand of seat 2\n", "reveals the Lair" } },
}

scenario "Beach puts the Marker on, then takes it off for Rescue" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "beach", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    { check = [[ return game.get("marker") == true and game.get("rescue") == 13 ]] },
    { seat = "creature", answer = "pass" },
    { lua = [[ card.move(zone.search(discard(2), "beach")[1], hand(2)) ]] },
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    { check = [[ return game.get("marker") == false and game.get("rescue") == 11 ]] },
  },
  expect = { log = { "the Marker is put on the Beach", "Rescue advances 1 (Beach)" } },
}

scenario "Rover takes a place the Hunted does not own from the reserve" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "rover", "lair" }, {}) ]],
  steps = {
    { seat = "hunted", answer = "Rover" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "Swamp", "Shelter", "Wreck", "Source", "Artefact" } } },
    { seat = "hunted", answer = "Shelter" },
    { check = [[ return #zone.search(hand(2), "shelter") == 1 and #zone.search(gzone("reserve"), "shelter") == 0 ]] },
  },
  expect = { log = { "takes the Shelter from the reserve" } },
}

scenario "Swamp returns itself and up to two discards" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "swamp" }, { "lair", "jungle", "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Swamp" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { seat = "hunted", answer = { "Lair", "River" } },
    { check = [[ return holds(hand(2), { "swamp", "lair", "river" }) and holds(discard(2), { "jungle" }) ]] },
  },
}

scenario "Swamp may take back no discarded card: up to two means none is an answer" {
  game = "notalone", players = 2,
  -- digest 3.1: "plus up to 2 cards of your choice from your discard" (the Jungle's
  -- "plus 1 card" takes one whenever there is one)
  setup = [[ setup_quiet(); setup_places(2, { "swamp" }, { "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Swamp" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "Lair" } } },
    { seat = "hunted", answer = {} },
    { check = [[ return holds(hand(2), { "swamp" }) and holds(discard(2), { "lair" }) ]] },
  },
}

scenario "Shelter draws two Survival cards and keeps one" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "shelter", "lair" }); setup_survival_deck_top({ "adrenaline", "amplifier" }) ]],
  steps = {
    { seat = "hunted", answer = "Shelter" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "Adrenaline", "Amplifier" } } },
    { seat = "hunted", answer = "Amplifier" },
    { check = [[ return holds(shand(2), { "amplifier" }) and card.is(zone.at(gzone("survival_discard"), 1), "adrenaline") ]] },
  },
}

scenario "Wreck advances Rescue once per turn" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet(); setup_places(2, { "wreck", "lair" }); setup_places(3, { "wreck", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Wreck" },
    { seat = "hunted#2", answer = "Wreck" },
    { seat = "creature", answer = "Lair" },
    -- seat 2 (empty discard) uses the Wreck without being asked;
    -- the Wreck is used: seat 3 may only take back a card (auto: the River)
    { check = [[ return game.get("rescue") == 13 and #zone.search(hand(3), "river") == 1 ]] },
  },
}

-- a place that offers nothing (the Wreck used, the discard empty) says so in the log
-- rather than passing in silence
scenario "Wreck used already and an empty discard: the log says nothing happens" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet(); setup_places(2, { "wreck", "lair" }); setup_places(3, { "wreck", "lair" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Wreck" },
    { seat = "hunted#2", answer = "Wreck" },
    { seat = "creature", answer = "Lair" },
    { check = [[ return game.get("rescue") == 13 and zone.count(hand(3)) == 1 ]] },
  },
  expect = { log = { "seat 3: the power of the Wreck cannot be used now and the discard pile is empty: nothing happens" } },
}

scenario "Source gives a wounded Hunted 1 Will" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "source", "lair" }); seat.set(2, "will", 2) ]],
  steps = {
    { seat = "hunted", answer = "Source" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "Will for seat 2", "draw a Survival card" } } },
    { seat = "hunted", answer = "will" },
    { check = [[ return seat.get(2, "will") == 3 ]] },
  },
}

scenario "Source draws a Survival card" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "source", "lair" }); setup_survival_deck_top({ "adrenaline" }) ]],
  steps = {
    { seat = "hunted", answer = "Source" },
    { seat = "creature", answer = "Wreck" },
    { check = [[ return holds(shand(2), { "adrenaline" }) ]] },
  },
}

scenario "Artefact: two cards next turn, both resolved" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "artefact", "wreck", "beach", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Artefact" },
    { seat = "creature", answer = "Lair" },
    { check = [[ return seat.get(2, "next_two") == "artefact" ]] },
    { seat = "creature", answer = "pass" },
    { seat = "hunted", answer = "Wreck" },
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Lair" },
    { decision = { seat = 2, options = { "Wreck", "Beach" } } },  -- order of resolution
    { seat = "hunted", answer = "Beach" },
    { seat = "hunted", answer = "power" },                       -- Beach (discard has the Artefact)
    { seat = "hunted", answer = "power" },                       -- Wreck
    { check = [[ return game.get("marker") and game.get("rescue") == 11 ]] },
  },
  expect = { log = { "reveals the Wreck", "reveals the Beach" } },
}
scenario "An Artefact player's second place is checked again after the first resolves: a token moved onto it takes it" {
  game = "notalone", players = 3,
  -- X (seat 2) on the Shelter and the Lair, both untouched; the Creature token on the
  -- Jungle (Y). X resolves the Shelter first, keeps Wrong Track and plays it at once
  -- (shelter_immediate_play), moving the token onto its own Lair: the Lair is no
  -- longer untouched (no power), and X is caught there in Step 6.
  setup = [[ setup_quiet(); seat.set(2, "next_two", "artefact"); setup_places(2, { "shelter", "lair", "beach" }, { "river", "rover" })
             setup_survival_deck_top({ "wrong_track", "adrenaline" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Shelter" },
    { seat = "hunted#1", answer = "Lair" },
    { seat = "hunted#2", answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },
    { seat = 2, answer = "Shelter" },                       -- resolve the Shelter first
    { seat = 2, answer = "power" },
    { seat = 2, answer = "Wrong Track" },                   -- keep Wrong Track
    { seat = 2, answer = "Wrong Track" },                   -- and play it at once
    { seat = 2, answer = "Lair" },                          -- the token moves onto X's Lair
    { check = [[ return holds(discard(2), { "river", "rover" }) ]] }, -- no Lair power
    { seat = 1, answer = "pass" },                          -- Phase 4: Tracking not played
    -- turn 2: X was caught on the Lair (1 Will, 1 more for the Lair), Assimilation +1
    { check = [[ return seat.get(2, "will") == 1 and game.get("assimilation") == 7 ]] },
  },
}
