-- Scavenge (tests/packs/scavenge): the greedy bot of the pack's bots.lua.

defaults { game = "tests/packs/scavenge", players = 2, helpers_file = "scavenge.helpers.lua" }

scenario "greedy commits nothing when it holds no fighter (an empty answer is its answer)" {
  -- the random bot, answering in its place, commits some of the five Refugees with
  -- seed 2 (with seed 1 it happens to commit none): a bot's {} was taken for nil, and
  -- the question left to it
  seed = 2,
  setup = [[
    stack(1, { "refugee", "refugee", "refugee", "refugee", "refugee" })
    stack(2, { "refugee", "refugee", "refugee", "refugee", "refugee" })
  ]],
  steps = {
    { decision = { seat = 1, prompt = "commit cards to the skirmish (face down; none is fine)" } },
    { bot = 1, as = "greedy" },
    { check = [[ return zone.count(zone.get("skirmish", 1)) == 0 and zone.count(zone.get("hand", 1)) == 5 ]] },
  },
}

scenario "greedy hires the strongest mercenary it can pay for, paying with its weakest fighters" {
  setup = [[
    stack(1, { "hunter", "scavenger", "scout", "refugee", "brawler" })
    stack(2, { "refugee", "refugee", "refugee", "refugee", "refugee" })
  ]],
  steps = {
    { decision = { seat = 1, options = { "dig with Scavenger", "dig with Scout", "hire Hunter (2 food)", "hire Scout (1 food)",
                                         "hire Thug (3 food, 1 medicine)", "hire Sniper (2 food, 1 medicine)",
                                         "hire Medic (2 food)", "done" } } },
    -- hire Thug; pay with the Scavenger, then the Scout (fight 0 before the Hunter's 1)
    { bot = 3, as = "1=greedy" },
    { check = [[ return card.id(zone.at(zone.get("discard", 1))) == "thug" ]] },
    { check = [[ return card.id(zone.at(zone.get("played", 1), 1)) == "scavenger" and card.id(zone.at(zone.get("played", 1), 2)) == "scout" ]] },
  },
}

scenario "greedy commits its fighters but keeps its Sniper, and snipes the strongest card" {
  setup = [[
    stack(1, { "refugee", "refugee", "refugee", "refugee", "refugee", "sniper", "brawler", "brawler", "scrap", "scrap" })
    stack(2, { "refugee", "refugee", "refugee", "refugee", "refugee", "thug", "brawler", "scrap", "scrap", "scrap" })
  ]],
  steps = {
    { answer = {} }, { answer = {} },           -- round 1: nobody fights
    "2: Thug, Brawler",                          -- round 2: seat 2 first
    { decision = { seat = 1, prompt = "commit cards to the skirmish (face down; none is fine)" } },
    { bot = 1, as = "1=greedy" },                -- the two Brawlers, not the Sniper
    { check = [[ return zone.count(zone.get("skirmish", 1)) == 2 and #zone.search(zone.get("hand", 1), "sniper") == 1 ]] },
    { decision = { seat = 1, options = { "pass", "play Sniper" } } },
    { bot = 2, as = "1=greedy" },                -- plays it, on the Thug
  },
  expect = { log = { "the Sniper of seat 1 kills Thug of seat 2", "seat 1 wins the skirmish with fight 4" } },
}
