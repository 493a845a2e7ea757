-- Twister (tests/packs/twister): combat. The attacker's seat, then the defender's, choose
-- a combat card in secret (each goes to a zone only its owner sees); both are shown at
-- once; the higher total (combat value + card; the Warrior +1 when it defends; a wounded
-- character 0) wins; the loser is wounded, or dies when it was wounded already.

defaults { game = "tests/packs/twister", players = 2, helpers_file = "twister.helpers.lua" }

scenario "each seat chooses its combat card in secret; both are shown at once" {
  -- seat 2 holds no +6 of its own, so "Combat +6" in its view could only be seat 1's
  setup = [[ standard(); put(1, "warrior", "b3"); put(2, "goblin", "c3")
             for _, c in ipairs(zone.search(zone.get("combat", 2), "combat6")) do card.destroy(c) end ]],
  steps = {
    "1: Action 2",
    "1: Warrior: attack Goblin at c3",
    { decision = { seat = 1, prompt = "combat card for Warrior (attacking)" } },
    "1: Combat +6",
    -- seat 2 chooses now: it knows that seat 1 chose, not what
    { decision = { seat = 2, prompt = "combat card for Goblin (defending)" } },
    { seen = { seat = 2, excludes = { "Combat +6" } } },
    { log = { seat = 2, includes = { "a card: combat cards of seat 1 -> combat card chosen of seat 1" },
              excludes = { "Combat +6" } } },
    { seen = { seat = 1, includes = { "Combat +6" } } },
    "2: Combat +2",
    -- shown together: now each seat sees both cards
    { seen = { seat = 2, includes = { "Combat +6", "Combat +2" } } },
    { seen = { seat = 1, includes = { "Combat +6", "Combat +2" } } },
    { check = [[ return card.get(char_of(2, "goblin"), "wounded") == true ]] },
  },
  expect = { log = { "combat: Warrior 3 + 6 = 9 against Goblin 1 + 2 = 3" } },
}

scenario "the loser is wounded: it may not act, and fights with 0" {
  setup = [[ standard(); put(1, "thief", "b3"); put(2, "goblin", "c3") ]],
  steps = {
    "1: Action 3",
    "1: Thief: attack Goblin at c3",
    "1: Combat +0", "2: Combat +3",
    { check = [[ return card.get(char_of(1, "thief"), "wounded") == true ]] },
    -- a wounded Thief has no action any more
    { decision = { seat = 1, prompt = "spend an action point (2 left)",
                   excludes = { "Thief: north to b2", "Thief: attack Goblin at c3" } } },
    "1: end the turn",
    "2: Action 2",
    "2: Goblin: attack Thief at b3",
    "2: Combat +0", "1: Combat +1",
  },
  -- the wounded Thief fights with 0: 1 + 0 against 0 + 1 is a tie
  expect = { log = { "combat: Goblin 1 + 0 = 1 against Thief 0 + 1 = 1", "a tie: nobody is hurt" } },
}

scenario "a wounded defender that wins wounds the attacker, and stays wounded" {
  setup = [[ standard(); put(1, "warrior", "b3"); put(2, "goblin", "c3"); hurt(2, "goblin") ]],
  steps = {
    "1: Action 2",
    "1: Warrior: attack Goblin at c3",
    "1: Combat +1", "2: Combat +6",
    { check = [[ return card.get(char_of(1, "warrior"), "wounded") == true
                 and card.get(char_of(2, "goblin"), "wounded") == true and seat.get(1, "vp") == 0 ]] },
  },
  expect = { log = { "combat: Warrior 3 + 1 = 4 against Goblin 0 + 6 = 6" } },
}

scenario "a wounded character that loses again dies: +1 VP to the winner" {
  setup = [[ standard(); put(1, "warrior", "b3"); put(2, "goblin", "c3"); hurt(2, "goblin") ]],
  steps = {
    "1: Action 2",
    "1: Warrior: attack Goblin at c3",
    "1: Combat +1", "2: Combat +0",
    { check = [[ return char_of(2, "goblin") == nil and zone.count(zone.get("dead", 2)) == 1
                 and seat.get(1, "vp") == 1 ]] },
  },
  expect = { log = { "combat: Warrior 3 + 1 = 4 against Goblin 0 + 0 = 0",
                     "Goblin of seat 2 dies: +1 VP to seat 1" } },
}
