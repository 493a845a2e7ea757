-- Duel (tests/packs/duel): every card, triggers and their order, durations, Force drain,
-- forfeits, hidden information and the win.

defaults { game = "tests/packs/duel", players = 2, helpers_file = "duel.helpers.lua" }

-- the Dark Side's first turn, its 3 Force activated: its hand and the Light Side's are
-- emptied into the reserve decks
local EMPTY = [[ reset(1) reset(2) ]]

scenario "Stormtrooper deploys to the site chosen, paying 1 Force into the used pile" {
  setup = EMPTY .. [[ to_hand(1, "stormtrooper") ]],
  steps = {
    { decision = { seat = 1, prompt = "deploy a character or Effect, or pass", options = { "pass", "play Stormtrooper" } } },
    "1: play Stormtrooper",
    { decision = { seat = 1, prompt = "deploy Stormtrooper to which site?",
                   options = { "Cantina", "Death Star Corridor", "Echo Base" } } },
    "1: Echo Base",
    { check = [[ local c = named("hand", 1, "stormtrooper") == nil and zone.search(zone.get("table"), "stormtrooper")[1]
      return c and card.get(c, "at") == 3 and zone.count(z("force", 1)) == 2 and zone.count(z("used", 1)) == 1 ]] },
  },
  expect = { log = { "Stormtrooper (seat 1) at Echo Base" } },
}

scenario "a card the force pile cannot pay for is not offered, and says why" {
  setup = EMPTY .. [[ to_hand(1, "vader") ]],
  steps = {
    { check = [[ local ok, why = card.call(named("hand", 1, "vader"), "can_play", { seat = 1, window = "deploy" })
      return ok == false and why == "it costs 4 Force and your force pile holds 3" ]] },
  },
}

scenario "Imperial Officer, Rebel Trooper and Rebel Pilot deploy like any character" {
  setup = EMPTY .. [[ to_hand(1, "officer") game.set_active(2) to_hand(2, "rebel_trooper") to_hand(2, "pilot") ]],
  steps = {
    "2: play Rebel Pilot", "2: Cantina",
    "2: play Rebel Trooper", "2: Cantina",
    -- the Dark Side's turn 2: its Imperial Officer (2 of its 3 Force)
    "1: play Imperial Officer", "1: Death Star Corridor",
    { check = [[ return #chars_at(2, 1) == 2 and #chars_at(1, 2) == 1 and zone.count(z("force", 1)) == 1 ]] },
  },
}

scenario "Darth Vader's triggered effect: when deployed, the Light Side loses 1 Force" {
  setup = EMPTY .. [[ to_hand(1, "vader") to_force(1, "stormtrooper") to_force(2, "rebel_trooper") ]],
  steps = {
    "1: play Darth Vader", "1: Cantina",
    -- the Light Side's turn 2 (it activated 3): its Rebel Trooper was lost in turn 1
    { check = [[ return named("lost", 2, "rebel_trooper") ~= nil and zone.count(z("lost", 2)) == 1
      and zone.count(z("force", 2)) == 3 and #chars_at(1, 1) == 1 ]] },
  },
  expect = { log = { "Darth Vader arrives: the Light Side loses 1 Force", "Rebel Trooper: force pile of seat 2 -> lost pile of seat 2" } },
}

scenario "Luke Skywalker's triggered effect: when deployed, the Light Side activates 1 Force" {
  setup = EMPTY .. [[ game.set_active(2) to_hand(2, "luke") to_force(2, "rebel_trooper") ]],
  steps = {
    -- 3 activated + 1 = 4: Luke is paid for and one more is activated
    "2: play Luke Skywalker", "2: Echo Base",
    { check = [[ return zone.count(z("force", 2)) == 1 and zone.count(z("used", 2)) == 4 ]] },
  },
  expect = { log = { "Luke Skywalker arrives: the Light Side activates 1 Force" } },
}

-- Imperial Order is deployed through the deploy window; Rebel Resolve waits at the
-- Cantina. A battle there sets both off: the Dark Side's trigger resolves first. They
-- resolve in the engine's "triggers" window as the battle step's action ends, before
-- the weapons window opens: windows.triggers' roles_first orders them.
scenario "two Effects' triggers at a battle's start: the Dark Side's resolves first; both last until end of turn" {
  setup = EMPTY .. [[
    at_site(1, "stormtrooper", 1)
    at_site(2, "rebel_trooper", 1)
    at_site(2, "rebel_resolve", 1)
    to_hand(1, "imperial_order")
  ]],
  steps = {
    "1: play Imperial Order", "1: Cantina",
    { lua = [[ on_top(1, "stormtrooper") on_top(2, "rebel_trooper") ]] },  -- destiny 2 and 2
    "1: Cantina",
    -- the battle is a tie (2 + 1 + 2 each); the move step asks
    { decision = { seat = 1, prompt = "move a character (1 Force)?" } },
    { check = [[ return card.get(chars_at(1, 1)[1], "power_mod") == 1
      and card.get(chars_at(2, 1)[1], "power_mod") == 1 ]] },
    "1: no move", "1: 0",
    -- the Light Side's turn: the +1s ended with the Dark Side's turn
    { decision = { seat = 2, prompt = "initiate a battle (1 Force)?" } },
    { check = [[ return card.get(chars_at(1, 1)[1], "power_mod") == nil
      and card.get(chars_at(2, 1)[1], "power_mod") == nil ]] },
  },
  expect = {
    log = { "Dark Side: power 3 + destiny 2 = 5", "Light Side: power 3 + destiny 2 = 5", "the battle is a tie" },
    logs = { { includes = { "Imperial Order: the Dark Side's characters here are power +1",
                       "Rebel Resolve: the Light Side's characters here are power +1" }, ordered = true } },
  },
}

scenario "Trooper Volley: a Light Side character is power -2 until end of turn" {
  setup = EMPTY .. [[
    at_site(1, "stormtrooper", 1)
    at_site(2, "rebel_trooper", 1)
    to_hand(1, "trooper_volley")
  ]],
  steps = {
    "1: Cantina",
    { decision = { seat = 1, options = { "pass", "play Trooper Volley" } } },
    { lua = [[ on_top(1, "stormtrooper") on_top(2, "rebel_trooper") ]] },
    "1: play Trooper Volley",             -- nobody has anything more: it resolves
    { decision = { seat = 1, prompt = "Trooper Volley: target a character", options = { "Rebel Trooper" } } },
    "1: Rebel Trooper",
    { check = [[ return card.get(chars_at(2, 1)[1], "power_mod") == -2 ]] },
  },
  expect = {
    log = { "Trooper Volley hits Rebel Trooper: power -2 until end of turn",
            "Light Side: power 0 + destiny 2 = 2", "Light Side loses the battle by 2",
            "Trooper Volley: played Interrupts -> lost pile of seat 1" },
  },
}

scenario "Heroic Stand is offered only with a character in the battle" {
  setup = EMPTY .. [[
    at_site(1, "stormtrooper", 1)
    at_site(2, "rebel_trooper", 2)
    to_hand(2, "heroic_stand")
    to_force(2, "pilot") to_force(2, "pilot")   -- the Dark Side drains 1 at the Cantina
    game.set("battle_site", 1, "battle")    -- a battle at the Cantina, where it has nobody
  ]],
  steps = {
    { check = [[ local ok, why = card.call(named("hand", 2, "heroic_stand"), "can_play", { seat = 2, window = "power" })
      return ok == false and why == "you have no character in the battle" ]] },
  },
}

scenario "a Force drain: the other side loses Force for its own icons where it has no character" {
  setup = EMPTY .. [[
    at_site(1, "stormtrooper", 3)           -- Echo Base: 2 Light Side icons
    at_site(1, "stormtrooper", 1)           -- the Cantina: contested, no drain
    at_site(2, "rebel_trooper", 1)
    at_site(1, "officer", 2)                -- Death Star Corridor: no Light Side icon
    to_force(2, "pilot") to_force(2, "luke") to_force(2, "sense")
  ]],
  steps = {
    { decision = { seat = 1, prompt = "initiate a battle (1 Force)?" } },
    { check = [[ return zone.count(z("lost", 2)) == 2 and zone.count(z("force", 2)) == 1 ]] },
  },
  expect = { log = { "Dark Side drains 2 Force at Echo Base" } },
}

scenario "the loser picks its forfeits; what they do not cover is lost from its Force" {
  setup = EMPTY .. [[
    at_site(1, "vader", 1)
    at_site(2, "rebel_trooper", 1)
    at_site(2, "pilot", 1)
  ]],
  steps = {
    { lua = [[ on_top(1, "stormtrooper") on_top(2, "rebel_trooper") ]] },
    "1: Cantina",
    -- 6 + 2 = 8 against 4 + 2 = 6: 2 battle damage; the Light Side forfeits the Trooper (1)
    { decision = { seat = 2, min = 0, max = 2, options = { "Rebel Trooper", "Rebel Pilot" },
                   prompt = "forfeit characters to cover 2 battle damage (the rest is lost from your Force)" } },
    "2: Rebel Trooper",
    { check = [[ return #chars_at(2, 1) == 1 and named("lost", 2, "rebel_trooper") ~= nil
      and zone.count(z("lost", 2)) == 2 ]] },
  },
}

scenario "battle destiny is shown to both sides; hands and the reserve deck's order stay secret" {
  setup = EMPTY .. [[
    at_site(1, "stormtrooper", 1)
    at_site(2, "rebel_trooper", 1)
    to_hand(1, "vader")
    to_hand(2, "luke")
  ]],
  steps = {
    { lua = [[ on_top(1, "officer") on_top(2, "pilot") ]] },
    { check = [[
      local top1, top2 = zone.at(z("reserve", 1)), zone.at(z("reserve", 2))
      return not card.visible(top1, 1) and not card.visible(top1, 2) and not card.visible(top2, 2)
        and card.visible(named("hand", 1, "vader"), 1) and not card.visible(named("hand", 1, "vader"), 2)
        and card.visible(named("hand", 2, "luke"), 2) and not card.visible(named("hand", 2, "luke"), 1) ]] },
    -- nobody knows the cards of a force pile or a used pile, their owner neither
    { check = [[ local f = zone.cards(z("force", 1))
      return #f == 3 and not card.visible(f[1], 1) and not card.visible(f[3], 1) and not card.visible(f[1], 2) ]] },
    "1: Cantina",
    -- battle destiny 3 and 3: a tie; the two destiny cards are in the used piles now
    { check = [[ local u = named("used", 1, "officer")
      return u ~= nil and not card.visible(u, 2) and not card.visible(u, 1) ]] },
  },
  expect = {
    log = { "Dark Side draws battle destiny 3 (Imperial Officer)" },
    logs = {
      { seat = "light", includes = { "Dark Side draws battle destiny 3 (Imperial Officer)",
                                "Light Side draws battle destiny 3 (Rebel Pilot)" }, ordered = true,
        excludes = { "Darth Vader" } },
      { seat = "dark", includes = { "Imperial Officer: reserve deck of seat 1 -> destiny",
                               "Rebel Pilot: reserve deck of seat 2 -> destiny" },
        excludes = { "Luke Skywalker" } },
    },
  },
}

scenario "the Light Side's life force reaches 0: the Dark Side wins" {
  setup = [[
    reset(1) reset(2)
    at_site(1, "stormtrooper", 3)
    -- the Light Side keeps 2 cards of life force: all the rest are lost
    local keep = 2
    for _, c in ipairs(zone.cards(z("reserve", 2))) do
      if keep > 0 then keep = keep - 1 else card.move(c, z("lost", 2)) end
    end
  ]],
  steps = {},
  expect = { over = "dark", log = { "Dark Side drains 2 Force at Echo Base", "game over: seat 1 wins — Light Side has no life force left" } },
}
