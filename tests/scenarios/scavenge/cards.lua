-- Scavenge (tests/packs/scavenge): digging in the Junkyard, hiring mercenaries, and
-- what each card is worth (food, medicine, dig, fight; people at the end:
-- tests/scenarios/scavenge/end.lua).

local IDLE = [[ stack(2, { "refugee", "refugee", "refugee", "refugee", "refugee" }) ]]

defaults { game = "tests/packs/scavenge", players = 2, helpers_file = "scavenge.helpers.lua" }

scenario "dig: the top two of the Junkyard are shown to the digger, one is kept, the other goes to the bottom" {
  setup = IDLE .. [[
    stack(1, { "scavenger", "refugee", "refugee", "refugee", "refugee" })
    junk({ "spear", "pills" })
  ]],
  steps = {
    { decision = { seat = 1, options = { "dig with Scavenger", "hire Scout (1 food)", "done" } } },
    "1: dig with Scavenger",
    { decision = { seat = 1, prompt = "dig: keep which card? (the other goes to the bottom)",
                   options = { "Spear", "Pills" } } },
    { check = [[
      local j = zone.get("junkyard")
      local top2 = { zone.at(j, 1), zone.at(j, 2) }
      -- seat 1 sees the two it dug up; seat 2 sees neither
      return card.visible(top2[1], 1) and card.visible(top2[2], 1)
         and not card.visible(top2[1], 2) and not card.visible(top2[2], 2)
    ]] },
    "1: Spear",
    -- one dig a round, and the Scavenger is spent: with four Refugees left, seat 1 has
    -- nothing more to do than commit
    { decision = { seat = 1, prompt = "commit cards to the skirmish (face down; none is fine)" } },
    -- seat 1 read what it dug up; seat 2 only that two cards were shown, and then the
    -- kept one, which goes to a public discard pile
    { log = { seat = 1, includes = { "Spear, Pills (Junkyard) shown to seat 1", "Spear: Junkyard -> discard of seat 1" } } },
    { log = { seat = 2, includes = { "2 cards (Junkyard) shown to seat 1", "Spear: Junkyard -> discard of seat 1" },
              excludes = { "Pills" } } },
  },
  expect = {
    checks = {
      [[ local c = zone.at(zone.get("discard", 1)) return card.id(c) == "spear" and card.owner(c) == 1 ]],
      -- the Pills went to the bottom, where nobody knows it, its digger neither
      [[ local c = zone.at(zone.get("junkyard"), -1) return card.id(c) == "pills" and not card.visible(c, 1) ]],
      [[ return zone.count(zone.get("junkyard")) == 21 ]],
      [[ return ids(zone.get("played", 1)) == "scavenger" ]],
    },
    -- the spectator's log, which `expect.log` reads, does not name them either
    log = { "2 cards (Junkyard) shown to seat 1" },
  },
}

scenario "dig with one card left in the Junkyard: it is kept without a question; an empty Junkyard offers no dig" {
  setup = IDLE .. [[
    stack(1, { "scout", "scavenger", "refugee", "refugee", "refugee" })
    local j = zone.get("junkyard")
    for _, c in ipairs(zone.cards(j)) do card.destroy(c) end
    junk({ "cans" })
  ]],
  steps = {
    "1: dig with Scout",
    -- the Canned Food came without a question, and the Scavenger left in hand cannot
    -- dig: the Junkyard is empty. Its 1 food hires a Scout.
    { decision = { seat = 1, options = { "hire Scout (1 food)", "done" } } },
  },
  expect = { checks = {
    [[ return card.id(zone.at(zone.get("discard", 1))) == "cans" and zone.count(zone.get("junkyard")) == 0 ]],
  } },
}

scenario "hire: only mercenaries the hand's food and medicine pay for are offered" {
  -- 2 food (two Scavengers), no medicine: no Thug (3 food, 1 medicine), no Sniper (1 medicine)
  setup = IDLE .. [[ stack(1, { "scavenger", "scavenger", "refugee", "brawler", "brawler" }) ]],
  steps = {
    { decision = { seat = 1, options = { "dig with Scavenger", "dig with Scavenger", "hire Hunter (2 food)",
                                         "hire Scout (1 food)", "hire Medic (2 food)", "done" } } },
  },
}

scenario "hire a Thug: the seat pays 3 food and 1 medicine card by card; a card it must use is paid without a question" {
  -- Hunter: 2 food; Scavenger: 1 food; Scout: 1 medicine
  setup = IDLE .. [[ stack(1, { "hunter", "scavenger", "scout", "refugee", "brawler" }) ]],
  steps = {
    { decision = { seat = 1, includes = { "hire Thug (3 food, 1 medicine)", "hire Sniper (2 food, 1 medicine)" } } },
    "1: hire Thug",
    { decision = { seat = 1, prompt = "hire Thug: pay with which card? (3 food, 1 medicine due)",
                   options = { "Hunter", "Scavenger", "Scout" } } },
    "1: Hunter",
    { decision = { seat = 1, prompt = "hire Thug: pay with which card? (1 food, 1 medicine due)",
                   options = { "Scavenger", "Scout" } } },
    "1: Scavenger",
    -- the Scout pays the medicine by itself; one hire a round, and the Scout that could
    -- dig is spent: nothing is left to do but be done
    { decision = { seat = 1, prompt = "commit cards to the skirmish (face down; none is fine)" } },
  },
  expect = { checks = {
    [[ local c = zone.at(zone.get("discard", 1)) return card.id(c) == "thug" and card.owner(c) == 1 ]],
    [[ return ids(zone.get("played", 1)) == "hunter scavenger scout" ]],
    [[ return #zone.search(zone.get("market"), "thug") == 2 ]],
    [[ return ids(zone.get("hand", 1)) == "refugee brawler" ]],
  } },
}

scenario "junk pays too: Canned Food 2 food, Pills and a Medkit medicine; a Sniper is hired with them" {
  setup = IDLE .. [[ stack(1, { "cans", "pills", "medkit", "scrap", "refugee" }) ]],
  steps = {
    { decision = { seat = 1, includes = { "hire Sniper (2 food, 1 medicine)" }, excludes = { "hire Thug (3 food, 1 medicine)" } } },
    "1: hire Sniper",
    -- Scrap and the Refugee pay nothing and are not offered
    { decision = { seat = 1, prompt = "hire Sniper: pay with which card? (2 food, 1 medicine due)",
                   options = { "Canned Food", "Pills", "Medkit" } } },
    "1: Canned Food",
    { decision = { seat = 1, prompt = "hire Sniper: pay with which card? (1 medicine due)", options = { "Pills", "Medkit" } } },
    "1: Medkit",
  },
  expect = { checks = {
    [[ return card.id(zone.at(zone.get("discard", 1))) == "sniper" ]],
    [[ return ids(zone.get("played", 1)) == "cans medkit" ]],
  } },
}
