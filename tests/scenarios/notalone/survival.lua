-- Not Alone: one scenario (or more) per Survival card (cards/notalone/<card>.lua).
-- Seat 1 is the Creature (setup_quiet: it holds only Tracking, offered in Phase 4),
-- seat 2 the Hunted holding the card under test.

-- Board side 1 unless a scenario says otherwise (the pack lets the Creature choose).
defaults { options = { board_side = 1 } }

scenario "Adrenaline gives back a Will" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "adrenaline" }); seat.set(2, "will", 2) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "play Adrenaline" },
    { check = [[ return seat.get(2, "will") == 3 and zone.count(shand(2)) == 0 ]] },
  },
  expect = { log = { "seat 2 plays Adrenaline" } },
}

scenario "Adrenaline is not offered at 3 Will" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "adrenaline" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { decision = { seat = 1 } },                            -- straight to the Creature token
    { check = [[ return game.step() == "hunting" ]] },
  },
}

scenario "Ingenuity puts the Marker on the Beach" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "ingenuity" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "play Ingenuity" },
    { check = [[ return game.get("marker") == true and not game.get("beach_used") ]] },
  },
}

scenario "Sacrifice: a discarded place, and no Hunt card this turn" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "fierceness", "stasis", "tracking" }); setup_survival(2, { "sacrifice" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "play Sacrifice" },
    { decision = { seat = 2, options = { "Lair", "River", "Beach", "Rover" } } },
    { seat = "hunted", answer = "Rover" },
    { seat = "hunted", answer = "Lair" },                   -- the laid Jungle came back: lay again
    -- no Phase-2 window for the Creature: straight to its token
    { decision = { seat = 1, options = { "Lair", "Jungle", "River", "Beach", "Rover", "Swamp",
                                         "Shelter", "Wreck", "Source", "Artefact" } } },
    { seat = "creature", answer = "Wreck" },
    { check = [[ return game.get("sacrifice") and holds(discard(2), { "rover" }) ]] },
  },
}

scenario "Sixth Sense takes back two discarded places" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "sixth_sense" }); setup_places(2, { "jungle", "lair" }, { "river", "beach", "rover" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "play Sixth Sense" },
    { seat = "hunted", answer = { "River", "Rover" } },
    { check = [[ return holds(hand(2), { "lair", "river", "rover" }) and holds(discard(2), { "beach" }) ]] },
  },
}

-- Digest 2.1: a Hunted may play a Phase-1 Survival card before laying (in any order
-- before the card is locked), so the lay question offers it.
scenario "Sixth Sense before laying: a place it brings back is laid this turn" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "sixth_sense" }); setup_places(2, { "jungle" }, { "river", "beach", "rover" }) ]],
  steps = {
    { decision = { seat = 2, options = { "Jungle", "play Sixth Sense", "resist", "give up" } } },
    { seat = "hunted", answer = "play Sixth Sense" },
    { seat = "hunted", answer = { "River", "Rover" } },
    { seat = "hunted", answer = "River" },
    { check = [[ return holds(played(2), { "river" }) and holds(hand(2), { "jungle", "rover" })
                   and seat.get(2, "survival_played") == true ]] },
  },
  expect = { log = { "seat 2 plays Sixth Sense" } },
}

scenario "Adrenaline before a Resist at 1 Will: the Resist no longer forces a Give Up" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "adrenaline" }); setup_places(2, {}, { "river", "beach" })
             seat.set(2, "will", 1) ]],
  steps = {
    { decision = { seat = 2, options = { "play Adrenaline", "resist", "give up" } } },
    { seat = "hunted", answer = "play Adrenaline" },
    { seat = "hunted", answer = "resist" },
    { seat = "hunted", answer = { "River" } },
    { seat = "hunted", answer = "River" },                   -- (resist and give up still offered)
    { check = [[ return seat.get(2, "will") == 1 and game.get("assimilation") == 7
                   and holds(played(2), { "river" }) ]] },
  },
}

scenario "A Hunted holding a Survival card is asked to lay even a lone place card" {
  game = "notalone", players = 2,
  -- Adrenaline is not playable at 3 Will: the question has one answer, and is asked all
  -- the same, so the table cannot tell a playable Survival card from one that is not
  setup = [[ setup_quiet(); setup_survival(2, { "adrenaline" }); setup_places(2, { "jungle" }, {}) ]],
  steps = {
    { decision = { seat = 2, options = { "Jungle" } } },
    { seat = "hunted", answer = "Jungle" },
    { check = [[ return holds(played(2), { "jungle" }) ]] },
  },
}

-- The same in Phase 3 (digest 1.6: Survival cards in hand are the owner's): the place's
-- question is asked of a Hunted holding a Survival card even with one answer, whether or
-- not that card is a Drone or a Gate it could use there
scenario "A Hunted holding a Survival card is asked to resolve its place even with one answer" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "dodge" }); setup_places(2, { "wreck", "jungle" }, {}) ]],
  steps = {
    { seat = 2, answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },
    { decision = { seat = 2, options = { "power" }, prompt = "on the Wreck: use its power" } },
  },
}

scenario "A Hunted holding a Drone is asked to resolve its place the same way" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "drone" }); setup_places(2, { "wreck", "jungle" }, {}) ]],
  steps = {
    { seat = 2, answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },
    { decision = { seat = 2, options = { "power", "drone" }, prompt = "on the Wreck: use its power" } },
  },
}

-- After the Shelter's draw the "play now" question is asked whenever the Hunted may play
-- a Survival card, with "pass" alone when none is playable now
scenario "Shelter draws a card not playable now: the play-now question is asked all the same" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "shelter", "jungle" }, {}); setup_survival_deck_top({ "dodge", "adrenaline" }) ]],
  steps = {
    { seat = 2, answer = "Shelter" },
    { seat = "creature", answer = "Jungle" },
    { seat = 2, answer = "Dodge" },                           -- keeps the Dodge
    { decision = { seat = 2, options = { "pass" }, prompt = "play a Phase-3 Survival card now?" } },
  },
}

scenario "Shelter draws a card playable now: the play-now question offers it" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "shelter", "jungle" }, {}); setup_survival_deck_top({ "wrong_track", "adrenaline" }) ]],
  steps = {
    { seat = 2, answer = "Shelter" },
    { seat = "creature", answer = "Jungle" },
    { seat = 2, answer = "Wrong Track" },
    { decision = { seat = 2, options = { "pass", "Wrong Track" }, prompt = "play a Phase-3 Survival card now?" } },
  },
}

scenario "Sacrifice before laying recalls the place another Hunted laid" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "fierceness", "stasis", "tracking" }); setup_survival(3, { "sacrifice" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "play Sacrifice" },
    { seat = 3, answer = "Rover" },
    { seat = 3, answer = "Lair" },
    { seat = 2, answer = "River" },                          -- its Jungle came back: lay again
    { check = [[ return game.get("sacrifice") and holds(played(2), { "river" })
                   and holds(played(3), { "lair" }) and holds(discard(3), { "rover" }) ]] },
  },
}

scenario "Smokescreen hides the discards from the Creature only: the other Hunted still see them" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet(); setup_survival(2, { "smokescreen" }); setup_places(2, { "jungle", "lair" }, { "river" })
             setup_places(3, { "beach", "wreck" }, { "swamp" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Beach" },
    { seat = 2, answer = "play Smokescreen" },
    { check = [[
        local river, swamp = zone.at(discard(2), 1), zone.at(discard(3), 1)
        return not card.visible(river, 1) and card.visible(river, 2) and card.visible(river, 3)
           and not card.visible(swamp, 1) and card.visible(swamp, 2) ]] },
  },
}

scenario "Smokescreen hides the discard piles from the Creature until the end of the turn" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "smokescreen" }); setup_places(2, { "jungle", "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "play Smokescreen" },
    { check = [[
        local river = zone.at(discard(2), 1)
        return not card.visible(river, 1) and card.visible(river, 2) ]] },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "take back" },             -- the hidden River comes back
    { seat = "creature", answer = "pass" },                 -- Phase 4
    { check = [[ return card.visible(zone.at(discard(2), 1), 1) and not game.get("smokescreen") ]] },
  },
  -- the line every seat reads does not name it (it said "takes back the River")
  expect = { log = { "seat 2 takes back a hidden card", "the Smokescreen lifts" } },
}

scenario "Strike Back sends two Hunt cards under the deck" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "fierceness", "clone", "tracking" }); setup_survival(2, { "strike_back" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "play Strike Back" },
    { check = [[ return zone.count(hand(1)) == 1 and card.kind(zone.at(gzone("hunt_deck"), -1)) == "hunt" ]] },
  },
  expect = { log = { "Strike Back: 2 Hunt cards go under the Hunt deck" } },
}

scenario "Strike Back with one Hunt card in the Creature's hand sends that one" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "fierceness" }); setup_survival(2, { "strike_back" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "hunted", answer = "play Strike Back" },
    { check = [[ return zone.count(hand(1)) == 0 and card.id(zone.at(gzone("hunt_deck"), -1)) == "fierceness" ]] },
  },
  expect = { log = { "Strike Back: 1 Hunt card goes under the Hunt deck" } },
}

scenario "Vortex swaps the laid card for a discarded one" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "vortex" }); setup_places(2, { "jungle", "lair" }, { "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "play Vortex" },            -- after the tokens: the Beach comes in
    -- the next question is the Beach's resolution: it was revealed there
    { check = [[ return holds(played(2), { "beach" }) and holds(discard(2), { "jungle" }) ]] },
  },
  expect = { log = { "Vortex: seat 2 swaps their laid card", "reveals the Beach" } },
}

scenario "Detector: the Artemia token does not touch its player" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "mutation", "tracking" }); setup_survival(2, { "detector" }); setup_places(2, { "jungle", "lair", "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Artemia token on the Hunted
    { seat = "hunted", answer = "play Detector" },          -- after the reveal
    { check = [[ return seat.get(2, "will") == 3 and holds(hand(2), { "lair", "river", "jungle" }) ]] },
  },
}

scenario "Dodge: the Creature token does not catch its player" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "dodge" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "play Dodge" },
    { check = [[ return seat.get(2, "will") == 3 and game.get("assimilation") == 7 ]] },
  },
  expect = { log = { "Dodge: the Creature token has no effect on seat 2" } },
}

scenario "Drone uses the Rover's power instead of the place's" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "drone" }); setup_places(2, { "beach", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "power", "drone" } } },
    { seat = "hunted", answer = "drone" },
    { seat = "hunted", answer = "Artefact" },
    { check = [[ return #zone.search(hand(2), "artefact") == 1 and game.get("marker") == false ]] },
  },
  expect = { log = { "seat 2 plays Drone", "uses the power of the Rover (Drone)" } },
}

scenario "Gate uses the power of an adjacent place" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "gate" }); setup_places(2, { "beach", "lair" }); seat.set(2, "will", 2) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "gate" },
    { decision = { seat = 2, options = { "River", "Rover", "Source" } } },
    { seat = "hunted", answer = "Source" },
    { seat = "hunted", answer = "Will for seat 2" },
    { check = [[ return seat.get(2, "will") == 3 and game.get("marker") == false ]] },
  },
}

scenario "Hologram moves the Artemia token to an adjacent place" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "mutation", "tracking" }); setup_survival(2, { "hologram" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Lair" },
    { seat = "creature", answer = "play Mutation" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted#1", answer = "play Hologram" },
    { decision = { seat = 2, options = { "Lair", "River", "Shelter" } } },
    { seat = "hunted#1", answer = "Lair" },
    -- seat 2 resolves the Jungle (only the power: no question)
    { seat = "hunted#2", answer = "River" },                -- seat 3 discards (Artemia on the Lair)
    { check = [[ return seat.get(2, "will") == 3 and seat.get(3, "will") == 2 and holds(discard(3), { "river", "lair" }) ]] },
  },
}

scenario "Wrong Track moves the Creature token to an adjacent place" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "wrong_track" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "play Wrong Track" },       -- Phase 3, after the reveal
    { decision = { seat = 2, options = { "Lair", "River", "Shelter" } } },
    { seat = "hunted", answer = "River" },
    { check = [[ return seat.get(2, "will") == 3 and game.get("assimilation") == 7 ]] },
  },
  expect = { log = { "the Creature token is on the River" } },
}

scenario "Amplifier takes the Marker off the Beach for Rescue at once" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "amplifier" }); game.set("marker", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "pass" },                 -- Phase 4 window: the Creature first
    { seat = "hunted", answer = "play Amplifier" },
    { check = [[ return game.get("rescue") == 12 and game.get("marker") == false ]] },  -- at once
    { seat = "creature", answer = "pass" },                 -- offered again after a play
    { check = [[ return game.get("rescue") == 11 and game.turn() == 2 ]] },
  },
  expect = { log = { "Rescue advances 1 (Amplifier)" } },
}

scenario "Double Back keeps the played card in hand" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "double_back" }); setup_places(2, { "beach", "lair" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "pass" },
    { seat = "hunted", answer = "play Double Back" },
    { check = [[ return holds(hand(2), { "beach", "lair" }) and zone.count(discard(2)) == 0 ]] },
  },
}
