-- Not Alone: an audit of the Survival cards, the Place cards, Exploration, End of turn
-- and the win conditions against the rules digest (../shared/rules/notalone.md), one
-- scenario per behaviour no other file covers (two of them check what each seat sees
-- while the game runs). The audit found no contradiction of a confirmed rule: each
-- scenario asserts the digest's behaviour and passes.

-- Board side 1 unless a scenario says otherwise (the pack lets the Creature choose).
defaults { options = { board_side = 1 } }

-- digest 2.1 / 2.0: a Hunted's Phase-1 play in the window lets the Creature answer
scenario "audit: the Creature is asked again after a Hunted's Phase-1 card in the window" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "despair", "tracking" }); setup_survival(2, { "sixth_sense" })
             setup_places(2, { "jungle", "lair" }, { "river", "beach" }) ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 1, answer = "pass" },
    { seat = 2, answer = "play Sixth Sense" },
    { decision = { seat = 1, includes = { "play Despair" } } },
  },
}

-- digest 2.1: Give Up at 3 Will with a discard pile: everything back, Assimilation +1
scenario "audit: Give Up at 3 Will with a discard pile" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_places(2, { "jungle", "lair" }, { "river", "beach" }) ]],
  steps = {
    { seat = 2, answer = "give up" },
    { check = [[ return game.get("assimilation") == 6 and seat.get(2, "will") == 3
                   and holds(hand(2), { "lair", "jungle", "river", "beach" }) ]] },
  },
}

-- digest 2.1 + FAQ 9: after Despair's recall the Hunted chooses again, Resist included
scenario "audit: Resist is offered again after Despair recalls the laid card" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "despair", "tracking" }); setup_places(2, { "jungle", "lair" }, { "river", "beach", "rover" }) ]],
  steps = {
    { seat = 2, answer = "resist" },
    { seat = 2, answer = { "River" } },
    { seat = 2, answer = "Jungle" },
    { seat = 1, answer = "play Despair" },
    { decision = { seat = 2, includes = { "resist", "give up" } } },
  },
}

-- digest 2.0: one Survival card per turn: a Phase-1 card spends the Phase-4 one
scenario "audit: after Sixth Sense, Double Back is refused in Phase 4" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet(); setup_survival(2, { "sixth_sense", "double_back" })
             setup_places(2, { "beach", "lair" }, { "river", "jungle" }) ]],
  steps = {
    { seat = 2, answer = "Beach" },
    { seat = 2, answer = "play Sixth Sense" },            -- two discarded, two taken: no question
    { seat = 1, answer = "Wreck" },                        -- the Beach resolves (only the power)
    { decision = { seat = 1, options = { "pass", "play Tracking" } } },   -- Phase 4
    { check = [[ local c = zone.search(shand(2), "double_back")[1]
                 return holds(played(2), { "beach" })
                   and card.call(c, "can_play", { seat = 2, window = "end" }) == false ]] },
  },
}

-- digest 1.6 + S05: under Smokescreen, a place Sacrifice throws away is hidden from the Creature
scenario "audit: Smokescreen hides a place Sacrifice discards from the Creature" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet(); setup_survival(2, { "smokescreen" }); setup_survival(3, { "sacrifice" })
             setup_places(2, { "jungle", "lair" }, {}); setup_places(3, { "beach", "wreck", "rover" }, {}) ]],
  steps = {
    { seat = 2, answer = "play Smokescreen" },
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "play Sacrifice" },
    { seat = 3, answer = "Rover" },
    { check = [[ local c = zone.at(discard(3), 1)
                 return card.id(c) == "rover" and not card.visible(c, 1) and card.visible(c, 2) ]] },
  },
}

-- digest 3.1 Shelter / 4.4 [U]: with one Survival card left to draw it is drawn and kept
scenario "audit: the Shelter with one Survival card left draws and keeps it" {
  game = "notalone", players = 2, options = { reshuffle_decks = false },
  setup = [[ setup_quiet(); setup_places(2, { "shelter", "jungle" }, {})
             local deck = gzone("survival_deck")
             while zone.count(deck) > 1 do card.move(zone.at(deck, 1), gzone("survival_discard"), { face = "up" }) end ]],
  steps = {
    { seat = 2, answer = "Shelter" },
    { seat = 1, answer = "Jungle" },
    { check = [[ return zone.count(shand(2)) == 1 and zone.count(gzone("survival_deck")) == 0 ]] },
  },
}

-- digest 1.6 + S05/S07: under Smokescreen the Creature sees neither the card Vortex
-- takes from the discard pile nor the one it puts there (until the reveal)
scenario "audit: Vortex under Smokescreen hides both swapped cards from the Creature" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet({ "fierceness", "tracking" }); setup_survival(2, { "smokescreen" }); setup_survival(3, { "vortex" })
             setup_places(2, { "jungle", "lair" }, {}); setup_places(3, { "beach", "wreck" }, { "rover", "river" }) ]],
  steps = {
    { seat = 2, answer = "play Smokescreen" },
    { seat = 2, answer = "Jungle" },
    { seat = 3, answer = "Beach" },
    { seat = 1, answer = "pass" },
    { seat = 1, answer = "Lair" },
    { seat = 1, answer = "pass" },
    { seat = 3, answer = "play Vortex" },
    { seat = 3, answer = "Rover" },
    { decision = { seat = 1 } },                            -- still Phase 2: before the reveal
    { check = [[ local c = zone.at(played(3), 1)
                 local old = zone.search(discard(3), "beach")[1]
                 return card.id(c) == "rover" and not card.visible(c, 1) and not card.visible(c, 2)
                   and not card.visible(old, 1) ]] },
  },
}

-- digest 2.3 Step 0 / 1.6: the card a River player takes back stays hidden from every other seat
scenario "audit: the River's returned card is hidden from the Creature and the other Hunted" {
  game = "notalone", players = 3,
  setup = [[ setup_quiet(); setup_places(2, { "jungle", "lair", "beach" }, {}); seat.set(2, "next_two", "river") ]],
  steps = {
    { seat = 2, answer = "Jungle" },
    { seat = 2, answer = "Beach" },
    { seat = 3, answer = "Lair" },
    { seat = 1, answer = "Wreck" },
    { seat = 2, answer = "Beach" },
    { check = [[ local j = zone.search(hand(2), "jungle")[1]
                 return j ~= nil and not card.visible(j, 1) and not card.visible(j, 3) ]] },
  },
}
