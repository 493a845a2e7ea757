-- Not Alone: an audit of the Hunt cards and the Reckoning's order against the rules
-- digest (../shared/rules/notalone.md §2.3, §3.2, §4), one scenario per combination no
-- other file covers. The audit found no contradiction of a confirmed rule: each
-- scenario asserts the digest's behaviour and passes.
defaults { options = { board_side = 1 } }

-- §2.3 Step 6 + Step 7, H03, H05, §4.1 FAQ 1: named Hunted caught on the Lair under
-- Fierceness: 1 + 1 (Lair) + 1 (Fierceness) = 3 Will, so the last Will goes too.
-- Assimilation: catch +1, Anticipation +1, broken Will +1 = 7 - 3 = 4.
scenario "audit: Anticipation + Fierceness on the Lair (Tracking): three Assimilation steps" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "tracking" }); setup_hunt_deck_top({ "anticipation", "fierceness", "stasis" })
             setup_places(2, { "lair", "jungle", "river" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "play Tracking" },
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "play Anticipation" },
    { seat = "creature", answer = "play Fierceness" },
    { seat = "creature", answer = "Lair" },
    { check = [[ return game.get("assimilation") == 4 and seat.get(2, "will") == 3 ]] },
  },
  expect = { log = { "seat 2 loses 3 Will (caught)", "Assimilation advances 1 (Anticipation)",
                     "Assimilation advances 1 (a Hunted lost their last Will)" } },
}

-- H16 + H14 + §2.3 Step 4: Cataclysm played in the window before the Target step on the
-- Scream place: the Hunted still suffers Scream, then gets neither power nor take-back.
scenario "audit: Cataclysm before the Target step on the Scream place: Scream, then nothing" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "tracking" }); setup_hunt_deck_top({ "scream", "cataclysm", "stasis" })
             setup_places(2, { "lair", "jungle", "river", "beach" }, { "rover" }) ]],
  steps = {
    { seat = "hunted", answer = "Lair" },
    { seat = "creature", answer = "Wreck" },
    { seat = "hunted", answer = "take back" },              -- the Rover back
    { seat = "creature", answer = "play Tracking" },
    { seat = "hunted", answer = "Jungle" },                 -- turn 2
    { seat = "creature", answer = "play Scream" },
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "Jungle" },               -- Target token
    { seat = "creature", answer = "pass" },                 -- the window after the reveal
    { seat = "creature", answer = "play Cataclysm" },       -- the window before Step 4
    { seat = "creature", answer = "Jungle" },
    { seat = "hunted", answer = "lose 1 Will" },
    -- turn 3: no Jungle power (the Jungle was discarded), no take-back
    { check = [[ return seat.get(2, "will") == 2 and holds(discard(2), { "lair", "jungle" }) ]] },
  },
  expect = { log = { "seat 2: the Jungle has no power this turn" } },
}

-- H02 + H17: a Hunted Detoured onto a Force Field place is not blocked from resolving it
-- (Force Field forbids playing the places; its token has no further effect).
scenario "audit: Force Field + Detour onto the pair (Tracking): the place resolves normally" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "force_field", "detour" }); game.set("tracking_next", true)
             setup_places(2, { "lair", "jungle", "beach" }, { "rover" }) ]],
  steps = {
    { seat = "hunted", answer = "Beach" },
    { seat = "creature", answer = "play Force Field" },
    { seat = "creature", answer = "Jungle & River" },
    { seat = "hunted", answer = "Beach" },                  -- laid again
    { seat = "creature", answer = "Wreck" },
    { seat = "creature", answer = "play Detour" },
    { seat = "creature", answer = "River" },
    { decision = { seat = 2, options = { "power", "take back" } } },
  },
}

-- H12 + H17: Detour onto the Clone target: caught by it (Will -1, Assimilation +1).
scenario "audit: Clone + Detour onto the Clone target (Tracking): caught" {
  game = "notalone", players = 2,
  setup = [[ setup_quiet({ "clone", "detour" }); game.set("tracking_next", true)
             setup_places(2, { "lair", "jungle", "beach" }, { "rover" }) ]],
  steps = {
    { seat = "hunted", answer = "Jungle" },
    { seat = "creature", answer = "play Clone" },
    { seat = "creature", answer = "Wreck" },                -- Creature token
    { seat = "creature", answer = "River" },                -- Target token = clone
    { seat = "creature", answer = "play Detour" },
    { seat = "creature", answer = "River" },
    { check = [[ return seat.get(2, "will") == 2 and game.get("assimilation") == 6 ]] },
  },
}
