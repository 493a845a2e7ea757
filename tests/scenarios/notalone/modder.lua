-- tests/packs/notalone-modder: two place variants (Swamp, Wreck), three Hunt cards
-- (Stalking, Ultimatum, Retaliation), three Survival cards (Scavenge, Barricade,
-- Jammer) and the pack's option salvage_wreck_draw (docs/games/notalone.md, "Writing
-- cards for Not Alone").

defaults { game = "tests/packs/notalone-modder", players = 2, options = { board_side = 1 } }

scenario "modder: the Swamp variant takes itself back, then a discarded place or a Survival card" {
  setup = [[ setup_quiet(); setup_places(2, { "swamp" }, { "lair", "jungle" }) ]],
  steps = {
    { seat = 2, answer = "Swamp" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },
    { decision = { seat = 2, prompt = "Swamp: take back a discarded place, or draw a Survival card?",
                   options = { "take back a discarded place", "draw a Survival card" } } },
    { seat = 2, answer = "take back a discarded place" },
    { seat = 2, answer = "Lair" },
    { check = [[ return holds(hand(2), { "swamp", "lair" }) and holds(discard(2), { "jungle" }) ]] },
  },
  expect = { log = { "seat 2 takes the Swamp back to hand", "seat 2 takes back the Lair" } },
}

scenario "modder: the Swamp variant may draw a Survival card instead" {
  setup = [[ setup_quiet(); setup_places(2, { "swamp" }, { "lair" }); setup_survival_deck_top({ "adrenaline" }) ]],
  steps = {
    { seat = 2, answer = "Swamp" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "power" },
    { seat = 2, answer = "draw a Survival card" },
    { check = [[ return holds(hand(2), { "swamp" }) and holds(discard(2), { "lair" })
                   and ids_of(shand(2))[1] == "adrenaline" ]] },
  },
}

scenario "modder: the Wreck variant advances Rescue and draws nothing by default" {
  setup = [[ setup_quiet(); setup_places(2, { "wreck", "lair" }, {}) ]],
  steps = {
    { seat = 2, answer = "Wreck" },
    { seat = "creature", answer = "Lair" },
    { check = [[ return game.get("rescue") == 12 and zone.count(shand(2)) == 0 ]] },   -- 13 - 1
  },
  expect = { log = { "Rescue advances 1 (Wreck)" } },
}

scenario "modder: option salvage_wreck_draw: the Wreck also draws a Survival card" {
  options = { salvage_wreck_draw = true },
  setup = [[ setup_quiet(); setup_places(2, { "wreck", "lair" }, {}); setup_survival_deck_top({ "scavenge" }) ]],
  steps = {
    { seat = 2, answer = "Wreck" },
    { seat = "creature", answer = "Lair" },
    { check = [[ return game.get("rescue") == 12 and ids_of(shand(2))[1] == "scavenge" ]] },
  },
  expect = { log = { "seat 2 salvages a Survival card (Wreck)" } },
}

scenario "modder: Stalking costs 1 Will for each Survival card played this turn" {
  setup = [[ setup_quiet({ "stalking" }); setup_survival(2, { "dodge" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = "creature", answer = "play Stalking" },
    { seat = "creature", answer = "Jungle" },                 -- the Creature token on seat 2
    { seat = 2, answer = "play Dodge" },                      -- the Phase-3 window
  },
  expect = {
    checks = { [[ return seat.get(2, "will") == 2 ]] },       -- Dodge: not caught; Stalking: -1
    log = { "seat 1 plays Stalking", "seat 2 loses 1 Will (Stalking): 2 left" },
  },
}

scenario "modder: Ultimatum: the Creature picks a Hunted, who discards 2 places or loses 1 Will" {
  players = 3,
  setup = [[ setup_quiet({ "ultimatum" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "play Ultimatum" },
    { decision = { seat = "creature", prompt = "Ultimatum: which Hunted?", options = { "seat 2", "seat 3" } } },
    { seat = "creature", answer = "seat 3" },
    { decision = { seat = 3, options = { "discard 2 Place cards", "lose 1 Will" } } },
    { seat = 3, answer = "discard 2 Place cards" },
    { seat = 3, answer = { "Lair", "River" } },
    { check = [[ return holds(discard(3), { "lair", "river" }) and seat.get(3, "will") == 3 ]] },
  },
  expect = { log = { "Ultimatum: seat 3 discards 2 Place cards" } },
}

scenario "modder: Retaliation is offered only after a Survival card, and hits who played one" {
  players = 3,
  setup = [[ setup_quiet({ "retaliation" }); setup_survival(2, { "adrenaline" }); seat.set(2, "will", 2) ]],
  steps = {
    { seat = 2, answer = "play Adrenaline" },
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { decision = { seat = "creature", options = { "pass", "play Retaliation" } } },
    { seat = "creature", answer = "play Retaliation" },
    { check = [[ return seat.get(2, "will") == 2 and seat.get(3, "will") == 3 ]] },
  },
  expect = { log = { "seat 2 loses 1 Will (Retaliation): 2 left" } },
}

scenario "modder: Scavenge gives a Will back or a Place card, as the Hunted chooses" {
  setup = [[ setup_quiet(); setup_survival(2, { "scavenge" }); setup_places(2, { "lair", "jungle" }, { "river" });
             seat.set(2, "will", 2) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = 2, answer = "play Scavenge" },
    { decision = { seat = 2, options = { "get 1 Will back", "take back a Place card" } } },
    { seat = 2, answer = "take back a Place card" },
    { check = [[ return holds(hand(2), { "lair", "jungle", "river" }) and seat.get(2, "will") == 2 ]] },
  },                                                          -- (then the Jungle takes itself back)
}

scenario "modder: Barricade takes back a place each time its Hunted loses Will this turn" {
  setup = [[ setup_quiet(); setup_survival(2, { "barricade" }); setup_places(2, { "lair", "jungle" }, { "river", "beach" }) ]],
  steps = {
    { seat = 2, answer = "play Barricade" },
    { seat = 2, answer = "Jungle" },
    { seat = "creature", answer = "Jungle" },                 -- caught: 1 Will lost
    { decision = { seat = 2, prompt = "Barricade: take back 1 card from your discard pile" } },
    { seat = 2, answer = "River" },
    { check = [[ return seat.get(2, "will") == 2 and holds(hand(2), { "lair", "river" }) ]] },
  },
  expect = { log = { "Barricade: seat 2 takes back a place each time it loses Will this turn", "seat 2 takes back the River" } },
}

scenario "modder: Jammer is offered after a Hunt card and stops a second one (Tracking)" {
  setup = [[ setup_quiet({ "persecution", "fierceness" }); game.set("tracking_next", true); setup_survival(2, { "jammer" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { decision = { seat = "creature", includes = { "play Persecution", "play Fierceness" } } },
    { seat = "creature", answer = "play Persecution" },
    { decision = { seat = 2, options = { "pass", "play Jammer" } } },
    { seat = 2, answer = "play Jammer" },
    -- the Creature's next question in the window is pass only (answered on the way)
    { decision = { seat = "creature", prompt = "place the Creature token" } },
    { check = [[ return game.get("hunt_allowance") == 1 and game.get("hunt_count") == 1 ]] },
  },
  expect = { log = { "Jammer: the Creature may play no more Hunt cards this turn" } },
}

scenario "modder: Jammer is not offered before the Creature has played a Hunt card" {
  setup = [[ setup_quiet({ "persecution" }); setup_survival(2, { "jammer" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { check = [[ local j = zone.cards(shand(2))[1]
                 return card.call(j, "can_play", { seat = 2, window = "hunting" }) == false ]] },
    { seat = "creature", answer = "pass" },
    -- seat 2's question (pass only) is answered on the way
    { decision = { seat = "creature", prompt = "place the Creature token" } },
  },
}

scenario "modder: Flashback copying Stalking registers its effect, and the handler runs" {
  setup = [[ setup_quiet({ "flashback" }); setup_hunt_discard({ "stalking" }); setup_survival(2, { "dodge" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = "creature", answer = "play Flashback" },
    { seat = "creature", answer = "Jungle" },
    { seat = 2, answer = "play Dodge" },
  },
  expect = {
    checks = { [[ return seat.get(2, "will") == 2 ]] },
    log = { "Flashback acts as Stalking", "seat 2 loses 1 Will (Stalking): 2 left" },
  },
}
