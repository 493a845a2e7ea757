-- Scavenge (tests/packs/scavenge): committing face down, the reveal (what each seat
-- sees before and after), the fight and its ties, and the Sniper and Medic played in
-- the window after the reveal.

-- hands without any action to take (no dig, no food): the first question is the commit
local HANDS = [[
  stack(1, { "brawler", "brawler", "refugee", "refugee", "refugee", "sniper", "medic" })
  stack(2, { "brawler", "refugee", "refugee", "refugee", "refugee", "thug" })
  prize({ "survivors", "elders", "medkit" })
]]
local COMMIT = "commit cards to the skirmish (face down; none is fine)"

defaults { game = "tests/packs/scavenge", players = 2, helpers_file = "scavenge.helpers.lua" }

scenario "committed cards are face down: only their owner sees them until the reveal" {
  setup = HANDS,
  steps = {
    { decision = { seat = 1, prompt = COMMIT, min = 0, max = 5,
                   options = { "Brawler", "Brawler", "Refugee", "Refugee", "Refugee" } } },
    "1: Brawler, Brawler",
    { decision = { seat = 2, prompt = COMMIT } },
    -- seat 2 commits next, blind to seat 1's cards: it sees two cards and no more
    { check = [[
      local line = zone.cards(zone.get("skirmish", 1))
      assert(#line == 2)
      for _, c in ipairs(line) do
        assert(card.face_down(c) and card.visible(c, 1) and not card.visible(c, 2))
      end
    ]] },
    -- what each seat was told so far: seat 1 its own cards, seat 2 only their number
    { log = { seat = 1, includes = { "Brawler, Brawler: hand of seat 1 -> skirmish of seat 1" } } },
    { log = { seat = 2, includes = { "2 cards: hand of seat 1 -> skirmish of seat 1" },
              excludes = { "Brawler, Brawler" } } },
    "2: Brawler",
    -- after the reveal (now: round 2's first question) both seats read both lines up
    { log = { seat = 2, includes = { "seat 1 reveals Brawler, Brawler", "seat 2 reveals Brawler" } } },
    { log = { seat = 1, includes = { "seat 2 reveals Brawler", "seat 1 wins the skirmish with fight 4 and takes Survivors" } } },
  },
  expect = {
    -- (the cards went to the discard pile, then into the deck at round 2's reshuffle)
    checks = { [[ local c = zone.search(zone.get("deck", 1), "survivors")[1] return c ~= nil and card.owner(c) == 1 ]] },
  },
}

scenario "the highest fight wins the contested card" {
  setup = HANDS,
  steps = { "1: Brawler", { seat = 2, answer = {} } },
  expect = {
    log = { "seat 1 wins the skirmish with fight 2 and takes Survivors" },
    checks = {
      [[ return zone.count(zone.get("prize")) == 1 and card.id(zone.at(zone.get("prize"))) == "elders" ]],
      [[ return zone.count(zone.get("contested")) == 1 ]],
    },
  },
}

scenario "a tie: nobody takes the contested card, it is lost" {
  setup = HANDS,
  steps = { "1: Brawler", "2: Brawler" },
  expect = {
    log = { "a tie at fight 2: nobody takes Survivors" },
    checks = {
      [[ return card.id(zone.at(zone.get("lost"))) == "survivors" and card.owner(zone.at(zone.get("lost"))) == nil ]],
    },
  },
}

scenario "nobody fights: the contested card is lost" {
  setup = HANDS,
  steps = { "1: Refugee", "2: Refugee" },
  expect = { log = { "nobody fought: Survivors is lost" } },
}

scenario "after the reveal a Sniper in hand kills a committed card of an opponent" {
  -- round 2: seat 2 is first; seat 1 draws Sniper, Medic, Brawler, Brawler, Refugee
  -- (its round-1 discard reshuffled under the Sniper and Medic)
  setup = [[
    stack(1, { "refugee", "refugee", "refugee", "refugee", "refugee", "sniper", "scrap" })
    stack(2, { "brawler", "brawler", "refugee", "refugee", "refugee", "thug", "brawler" })
    prize({ "survivors", "elders", "medkit" })
  ]],
  steps = {
    { answer = {} }, { answer = {} },               -- round 1: nobody fights
    -- round 2, seat 2 first: it commits Thug and Brawler (fight 5), seat 1 nothing
    { decision = { seat = 2, prompt = COMMIT } },
    "2: Thug, Brawler",
    { seat = 1, answer = {} },
    -- the window after the reveal: seat 2 has nothing to play, seat 1 its Sniper
    { decision = { seat = 1, prompt = "after the reveal: play a Sniper or a Medic, or pass",
                   options = { "pass", "play Sniper" } } },
    "1: play Sniper",
    -- the targets are named: they were revealed
    { decision = { seat = 1, prompt = "Sniper: kill which card?", options = { "Thug of seat 2", "Brawler of seat 2" } } },
    "1: Thug of seat 2",
  },
  expect = {
    log = { "the Sniper of seat 1 kills Thug of seat 2", "seat 2 wins the skirmish with fight 2 and takes Tribe Elders" },
  },
}

scenario "a Medic saves a card the Sniper killed; it fights again" {
  setup = [[
    stack(1, { "refugee", "refugee", "refugee", "refugee", "refugee", "sniper", "scrap" })
    stack(2, { "refugee", "refugee", "refugee", "refugee", "refugee", "thug", "medic" })
    prize({ "survivors", "elders", "medkit" })
  ]],
  steps = {
    { answer = {} }, { answer = {} },
    -- round 2: seat 2 holds Thug, Medic and three Refugees; seat 1 Sniper, Scrap, ...
    "2: Thug",
    { seat = 1, answer = {} },
    { check = [[
      local medic = zone.search(zone.get("hand", 2), "medic")[1]
      local ok, why = card.call(medic, "can_play", { seat = 2, window = "skirmish" })
      return ok == false and why == "none of your cards was killed this round"
    ]] },
    "1: play Sniper", "1: Thug of seat 2",
    -- the window goes on: seat 2 may now play its Medic
    { decision = { seat = 2, options = { "pass", "play Medic" } } },
    "2: play Medic",
    -- one casualty: saved without a question
  },
  expect = {
    log = { "the Sniper of seat 1 kills Thug of seat 2", "the Medic of seat 2 saves Thug",
            "seat 2 wins the skirmish with fight 3 and takes Tribe Elders" },
  },
}

scenario "a Sniper is not offered while no opponent has a card in the skirmish" {
  setup = [[
    stack(1, { "sniper", "refugee", "refugee", "refugee", "refugee" })
    stack(2, { "refugee", "refugee", "refugee", "refugee", "refugee" })
  ]],
  steps = {
    "1: Refugee",
    { check = [[
      local sniper = zone.search(zone.get("hand", 1), "sniper")[1]
      local ok, why = card.call(sniper, "can_play", { seat = 1, window = "skirmish" })
      return ok == false and why == "no opponent has a card in the skirmish"
    ]] },
    { seat = 2, answer = {} },
    -- no question in the window: round 2 begins with seat 2's commit
    { decision = { seat = 2, prompt = COMMIT } },
  },
  -- a Refugee fights 0: nobody fought
  expect = { log = { "seat 1 reveals Refugee", "seat 2 committed nothing", "nobody fought" } },
}
