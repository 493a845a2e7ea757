-- Not Alone: each pack option (games/notalone/pack.json) away from its default, and
-- where useful the default beside it. Seat 1 is the Creature.

-- Board side 1 unless a scenario says otherwise (the pack lets the Creature choose).
defaults { options = { board_side = 1 } }

local ALL_PLACES = { "Lair", "Jungle", "River", "Beach", "Rover", "Swamp", "Shelter", "Wreck",
                     "Source", "Artefact" }

scenario "option board_side = creature: the Creature chooses the side" {
  game = "notalone", players = 2, options = { board_side = "creature" },
  steps = {
    { decision = { seat = 1, options = { "side 1: Artemia symbols 1 to 6 spaces from the star",
                                         "side 2: Artemia symbols 1, 3, 5, 7, 9 and 11 spaces from the star" } } },
    { decision = { prompt = "choose the board side: in a turn that starts with the Rescue counter on an Artemia "
                   .. "symbol the Creature has the Artemia token; the sides differ only in where those symbols are" } },
    { seat = "creature", answer = "side 2: Artemia symbols 1, 3, 5, 7, 9 and 11 spaces from the star" },
    { check = [[ return game.get("board_side") == 2 ]] },
  },
}

scenario "option expert: a broken Will comes back as 2" {
  game = "notalone", players = 2, options = { expert = true },
  setup = [[ setup_quiet({ "fierceness", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "Lair" },
    { check = [[ return seat.get(2, "will") == 2 and game.get("assimilation") == 5 ]] },
  },
}

scenario "option reshuffle_decks (default): the Hunt discard becomes the deck" {
  game = "notalone", players = 2,
  setup = [[
    setup_quiet()
    for _, c in ipairs(zone.cards(gzone("hunt_deck"))) do card.move(c, gzone("hunt_discard")) end ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "pass" },
    { check = [[ return zone.count(hand(1)) == 3 and zone.count(gzone("hunt_deck")) == 17 ]] },
  },
  expect = { log = { "the Hunt discard pile is shuffled into a new deck" } },
}

scenario "option reshuffle_decks = false: nothing more is drawn" {
  game = "notalone", players = 2, options = { reshuffle_decks = false },
  setup = [[
    setup_quiet()
    for _, c in ipairs(zone.cards(gzone("hunt_deck"))) do card.move(c, gzone("hunt_discard")) end ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "pass" },
    { check = [[ return zone.count(hand(1)) == 1 and zone.count(gzone("hunt_deck")) == 0 ]] },
  },
}

scenario "option phase1_recall = false: Force Field recalls only the cards on its places" {
  game = "notalone", players = 3, options = { phase1_recall = false },
  setup = [[ setup_quiet({ "force_field", "tracking" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Lair" },
    { seat = "hunted#2", answer = "River" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Jungle & River" },
    { decision = { seat = 3, options = { "Lair", "Beach", "Rover" } } },   -- only Y lays again
    { seat = "hunted#2", answer = "Beach" },
    { check = [[ return holds(played(2), { "lair" }) and holds(played(3), { "beach" }) ]] },
  },
}

scenario "option tokens_mandatory = false: the Creature may keep a token" {
  game = "notalone", players = 2, options = { tokens_mandatory = false },
  setup = [[ setup_quiet() ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { decision = { seat = 1, options = { "place it", "keep it" } } },
    { seat = "creature", answer = "keep it" },
    { seat = "creature", answer = "pass" },
    { check = [[ return game.get("assimilation") == 7 and game.turn() == 2 ]] },
  },
}

scenario "option reckoning_windows = once: one Phase-3 window" {
  game = "notalone", players = 2, options = { reckoning_windows = "once" },
  setup = [[ setup_quiet(); setup_survival(2, { "wrong_track" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, prompt = "play a Phase-3 card or pass (the Reckoning resolves next)" } },
    { seat = "hunted", answer = "pass" },                   -- after the reveal
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { decision = { seat = 1, options = { "pass", "play Tracking" },
                   prompt = "play a Phase-4 card or pass" } },   -- then Phase 4
  },
}

scenario "option reckoning_windows (default): a window names the Target token when there is one" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "clone", "tracking" }); setup_survival(2, { "wrong_track" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "Beach" },                -- Target token
    { decision = { seat = 2, prompt = "play a Phase-3 card or pass (the places with no token resolve next)" } },
    { seat = "hunted", answer = "pass" },
    { seat = 2, answer = "power" },
    { decision = { seat = 2, prompt = "play a Phase-3 card or pass (the Target token resolves next)" } },
    { seat = "hunted", answer = "pass" },
    { decision = { seat = 2, prompt = "play a Phase-3 card or pass (no Artemia token this turn; its step is next)" } },
  },
}

scenario "option reckoning_windows (default): a window before each step" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "wrong_track" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, prompt = "play a Phase-3 card or pass (the places with no token resolve next)" } },
    { seat = "hunted", answer = "pass" },                   -- after the reveal
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    -- no Target or Artemia token this turn: the windows say so rather than name one
    { decision = { seat = 2, prompt = "play a Phase-3 card or pass (no Target token this turn; its step is next)" } },
    { seat = "hunted", answer = "pass" },                   -- before the Target step
    { decision = { seat = 2, prompt = "play a Phase-3 card or pass (no Artemia token this turn; its step is next)" } },
    { seat = "hunted", answer = "pass" },                   -- before the Artemia step
    { decision = { seat = 2, prompt = "play a Phase-3 card or pass (the Creature token resolves next)" } },
    { seat = "hunted", answer = "pass" },                   -- before the Creature step
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },
  },
}

scenario "option clone_target_cards = false: Scream is skipped under Clone" {
  game = "notalone", players = 2, options = { clone_target_cards = false },
  setup = [[ setup_quiet({ "clone", "scream", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Target = clone
    -- caught by the clone, no Scream question
    { check = [[ return seat.get(2, "will") == 2 and game.turn() == 2 ]] },
  },
}

scenario "option clone_target_cards (default): Scream still applies under Clone" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "clone", "scream", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "lose 1 Will" },
    { check = [[ return seat.get(2, "will") == 1 and game.turn() == 2 ]] },
  },
}

scenario "option broken_will_returns_played = false: the played card is discarded" {
  game = "notalone", players = 2, options = { broken_will_returns_played = false },
  setup = [[ setup_quiet(); setup_places(2, { "river", "lair" }, { "beach" }); seat.set(2, "will", 1) ]],
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "creature", answer = "River" },
    { seat = "creature", answer = "pass" },
    { check = [[ return holds(hand(2), { "lair", "beach" }) and holds(discard(2), { "river" }) ]] },
  },
}

scenario "option place_pass = true: a Hunted may do nothing" {
  game = "notalone", players = 2, options = { place_pass = true },
  setup = [[ setup_quiet() ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "power", "nothing" }, prompt = "on the Beach: use its power" } },
    { seat = "hunted", answer = "nothing" },
    { check = [[ return game.get("marker") == false ]] },
  },
}

-- the question says what its options offer: a place whose power cannot be used offers
-- the take-back (and, under place_pass, nothing), and says so
scenario "option place_pass = true: a place whose power cannot be used asks for a take-back" {
  game = "notalone", players = 2, options = { place_pass = true },
  setup = [[ setup_quiet(); seat.set(2, "next_two", "artefact"); setup_places(2, { "river", "artefact", "lair" }, { "jungle" }) ]],
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "hunted", answer = "Artefact" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "River" },
    { decision = { seat = 2, options = { "power", "take back", "nothing" },
                   prompt = "on the River: use its power or take back a card" } },
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "take back", "nothing" },
                   prompt = "on the Artefact: take back a card (its power cannot be used now)" } },
    { seat = "hunted", answer = "take back" },
    { seat = "creature", answer = "pass" },
    { check = [[ return holds(hand(2), { "lair", "jungle" }) ]] },
  },
}

scenario "option river_artefact_exclusive (default): River then Artefact" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); seat.set(2, "next_two", "artefact"); setup_places(2, { "river", "artefact", "lair" }, { "jungle" }) ]],
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "hunted", answer = "Artefact" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "River" },                  -- resolve the River first
    { seat = "hunted", answer = "power" },
    -- the Artefact can no longer be used: its take-back is all that is left (the Jungle)
    { seat = "creature", answer = "pass" },
    { check = [[ return holds(hand(2), { "lair", "jungle" }) and seat.get(2, "lay2") == "river" ]] },
  },
}

scenario "option river_artefact_exclusive = false: both powers" {
  game = "notalone", players = 2, options = { river_artefact_exclusive = false },
  setup = [[ setup_quiet(); seat.set(2, "next_two", "artefact"); setup_places(2, { "river", "artefact", "lair" }, { "jungle" }) ]],
  steps = {
    { seat = "hunted", answer = "River" },
    { seat = "hunted", answer = "Artefact" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "River" },
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "power", "take back" } } },
    { seat = "hunted", answer = "power" },
    { seat = "creature", answer = "pass" },
    { check = [[ return seat.get(2, "lay2") == "artefact" ]] },
  },
}

scenario "option source_needs_wounded = false: the Source may revive a Hunted at 0" {
  game = "notalone", players = 3, options = { source_needs_wounded = false },
  setup = [[ setup_quiet(); setup_places(2, { "source", "lair" }); seat.set(3, "will", 0) ]],
  steps = {
    { seat = "hunted#1", answer = "Source" },
    { seat = "hunted#2", answer = "Lair" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "will for seat 3", "draw a Survival card" } } },
  },
}

scenario "option source_needs_wounded (default): not a Hunted at 0" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet(); setup_places(2, { "source", "lair" }); seat.set(3, "will", 0); setup_survival_deck_top({ "dodge" }) ]],
  steps = {
    { seat = "hunted#1", answer = "Source" },
    { seat = "hunted#2", answer = "Lair" },
    { seat = "creature", answer = "Wreck" },
    -- only the draw is left: taken without a question
    { check = [[ return holds(shand(2), { "dodge" }) ]] },
  },
}

scenario "option copy_ignores_ineffective = false: the Lair cannot copy a switched-off Wreck" {
  game = "notalone", players = 2, options = { copy_ignores_ineffective = false },
  setup = [[ setup_quiet({ "interference", "tracking" }); setup_places(2, { "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Interference" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    -- "copy the Wreck" is not offered: only the take-all, without a question
    { check = [[ return game.get("rescue") == 12 and game.turn() == 2 and holds(hand(2), { "river" }) ]] },
  },
}

scenario "option copy_ignores_ineffective (default): the Lair copies a switched-off Wreck" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "interference", "tracking" }); setup_places(2, { "lair" }, { "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Interference" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "power" },
    { decision = { seat = 2, options = { "take back all", "copy the Wreck" } } },
  },
}

scenario "option stasis_blocks_amplifier = true: no Amplifier after Stasis" {
  game = "notalone", players = 2, options = { stasis_blocks_amplifier = true },
  setup = [[ setup_quiet({ "stasis", "tracking" }); setup_survival(2, { "amplifier" }); game.set("marker", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "play Stasis" },
    { check = [[ return game.turn() == 2 and game.get("rescue") == 13 and game.get("marker") ]] },
  },
}

scenario "option stasis_blocks_amplifier (default): Amplifier after Stasis" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "stasis", "tracking" }); setup_survival(2, { "amplifier" }); game.set("marker", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },                     -- asked: it holds a Survival card
    { seat = "creature", answer = "play Stasis" },
    { seat = "hunted", answer = "play Amplifier" },
    { check = [[ return game.get("rescue") == 12 ]] },
  },
}

scenario "option flashback_same_turn = true: Flashback copies a card of the same turn" {
  game = "notalone", players = 2, options = { flashback_same_turn = true },
  setup = [[ setup_quiet({ "mutation", "flashback", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Mutation" },
    { decision = { seat = 1, options = { "pass", "play Flashback" } } },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- one Artemia token, two Mutations
    { seat = "hunted", answer = "Lair" },
    { check = [[ return seat.get(2, "will") == 1 ]] },
  },
  expect = { log = { "Flashback acts as Mutation" } },
}

-- Anticipation and a Flashback copy of it both count: the first named Hunted is not
-- forgotten when the copy names another, and naming one Hunted twice counts twice
scenario "option flashback_same_turn = true: two Anticipations name two Hunted, both count" {
  game = "notalone", players = 3, options = { flashback_same_turn = true },
  setup = [[ setup_quiet({ "anticipation", "flashback", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Lair" },
    { seat = "creature", answer = "play Anticipation" },
    { seat = "creature", answer = "seat 2" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "seat 3" },
    { seat = "creature", answer = "Jungle" },               -- the Creature token catches seat 2
    -- (seat 3 on the Lair, not caught; the next question is turn 2's)
    { check = [[ return game.get("assimilation") == 6 ]] }, -- 8: -1 the catch, -1 Anticipation
  },
}

scenario "option flashback_same_turn = true: two Anticipations on one caught Hunted count twice" {
  game = "notalone", players = 3, options = { flashback_same_turn = true },
  setup = [[ setup_quiet({ "anticipation", "flashback", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Lair" },
    { seat = "creature", answer = "play Anticipation" },
    { seat = "creature", answer = "seat 2" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "seat 2" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.get("assimilation") == 5 ]] }, -- 8: -1 the catch, -2 Anticipation
  },
  expect = { log = { "Assimilation advances 2 (Anticipation)" } },
}

scenario "option strict_playability = false: Adrenaline at 3 Will" {
  game = "notalone", players = 2, options = { strict_playability = false },
  setup = [[ setup_quiet(); setup_survival(2, { "adrenaline" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { decision = { seat = 2, options = { "pass", "play Adrenaline" } } },
  },
}

scenario "option empty_survival_draw (default): no Shelter with nothing to draw" {
  game = "notalone", players = 2,
  setup = [[
    setup_quiet(); setup_places(2, { "shelter", "lair" }, { "river" })
    for _, c in ipairs(zone.cards(gzone("survival_deck"))) do card.destroy(c) end ]],
  steps = {
    { seat = "hunted", answer = "Shelter" },
    { seat = "creature", answer = "Wreck" },
    -- the power cannot be used: the River comes back without a question
    { seat = "creature", answer = "pass" },
    { check = [[ return holds(hand(2), { "lair", "river" }) ]] },
  },
}

scenario "option empty_survival_draw = partial: the Shelter draws what there is" {
  game = "notalone", players = 2, options = { empty_survival_draw = "partial" },
  setup = [[
    setup_quiet(); setup_places(2, { "shelter", "lair" }, { "river" })
    for _, c in ipairs(zone.cards(gzone("survival_deck"))) do card.destroy(c) end ]],
  steps = {
    { seat = "hunted", answer = "Shelter" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 2, options = { "power", "take back" } } },
  },
}

scenario "option shelter_immediate_play (default): a drawn Phase-3 card may be played at once" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "shelter", "lair" }); setup_survival_deck_top({ "wrong_track", "adrenaline" }) ]],
  steps = {
    { seat = "hunted", answer = "Shelter" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "Wrong Track" },            -- keep it
    { decision = { seat = 2, options = { "pass", "Wrong Track" } } },
    { seat = "hunted", answer = "Wrong Track" },
    { decision = { seat = 2, options = { "River", "Shelter", "Source" } } },   -- around the Wreck
  },
}

scenario "option shelter_immediate_play = false: it waits for the next window" {
  game = "notalone", players = 2, options = { shelter_immediate_play = false },
  setup = [[ setup_quiet(); setup_places(2, { "shelter", "lair" }); setup_survival_deck_top({ "wrong_track", "adrenaline" }) ]],
  steps = {
    { seat = "hunted", answer = "Shelter" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "Wrong Track" },
    { decision = { seat = 2, options = { "pass", "play Wrong Track" } } },   -- the window before Step 4
  },
}

scenario "option resist_style = rules: 2 Will for 4 cards, once a turn" {
  game = "notalone", players = 2, options = { resist_style = "rules" },
  setup = [[ setup_quiet(); setup_places(2, { "lair" }, { "jungle", "river", "beach", "rover" }) ]],
  steps = {
    { seat = "hunted", answer = "resist" },
    { decision = { seat = 2, options = { "pay 1 Will for up to 2 cards", "pay 2 Will for up to 4 cards" } } },
    { seat = "hunted", answer = "pay 2 Will for up to 4 cards" },
    { decision = { seat = 2, min = 1, max = 4 } },
    { seat = "hunted", answer = { "Jungle", "River", "Beach", "Rover" } },
    -- no second Resist
    { decision = { seat = 2, options = { "Lair", "Jungle", "River", "Beach", "Rover", "give up" } } },
    { check = [[ return seat.get(2, "will") == 1 and zone.count(discard(2)) == 0 ]] },
  },
}

-- digest 2.1: "pay 1 Will: take back up to 2 chosen cards", so 1 is an answer too
scenario "option resist_style = rules: up to 2 cards for 1 Will, so one is enough" {
  game = "notalone", players = 2, options = { resist_style = "rules" },
  setup = [[ setup_quiet(); setup_places(2, { "lair" }, { "jungle", "river", "beach" }) ]],
  steps = {
    { seat = "hunted", answer = "resist" },
    { seat = "hunted", answer = "pay 1 Will for up to 2 cards" },
    { seat = "hunted", answer = { "River" } },
    { check = [[ return seat.get(2, "will") == 2 and holds(discard(2), { "jungle", "beach" })
                   and holds(hand(2), { "lair", "river" }) ]] },
  },
}

scenario "option anticipation_counts_clone = false: a Clone catch is not enough" {
  game = "notalone", players = 3, options = { anticipation_counts_clone = false },
  setup = [[ setup_quiet({ "anticipation", "clone", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "play Anticipation" },
    { seat = "creature", answer = "seat 2" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Beach" },                -- Creature token on Y
    { seat = "creature", answer = "Jungle" },               -- the clone on X, the named one
    { check = [[ return game.get("assimilation") == 7 ]] },
  },
}

scenario "option anticipation_counts_clone (default): a Clone catch counts" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "anticipation", "clone", "tracking" }); game.set("tracking_next", true) ]],
  steps = {
    { seat = "hunted#1", answer = "Jungle" },
    { seat = "hunted#2", answer = "Beach" },
    { seat = "creature", answer = "play Anticipation" },
    { seat = "creature", answer = "seat 2" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Beach" },
    { seat = "creature", answer = "Jungle" },
    { check = [[ return game.get("assimilation") == 6 ]] },
  },
}

scenario "each window says which phase's cards it is for, and what comes next" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "despair", "anticipation", "tracking" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { decision = { seat = 1, prompt = "play a Phase-1 card or pass", options = { "pass", "play Despair" } } },
    { seat = "creature", answer = "pass" },
    { decision = { seat = 1, prompt = "play a Phase-2 card or pass (the Creature places its tokens next)",
                   options = { "pass", "play Anticipation" } } },
    { seat = "creature", answer = "pass" },
    { decision = { seat = 1, prompt = "place the Creature token" } },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = 1, prompt = "play a Phase-2 card or pass (the tokens are placed)" } },
  },
}
