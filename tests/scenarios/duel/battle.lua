-- Duel (tests/packs/duel): the battle — Dark Side offered each chance first, Interrupts
-- stacking (a counter to a counter: the last played resolves first), battle destiny
-- and forfeits.

-- The Light Side's turn: a Stormtrooper and a Rebel Trooper face each other at the
-- Cantina. The Dark Side holds Trooper Volley and Imperial Counter and 3 Force; the
-- Light Side holds Heroic Stand and Sense and activates 3 Force.
local STAGE = [[
  reset(1) reset(2)
  game.set_active(2)
  at_site(1, "stormtrooper", 1)
  at_site(2, "rebel_trooper", 1)
  to_hand(1, "trooper_volley") to_hand(1, "imperial_counter")
  for _ = 1, 3 do to_force(1, "stormtrooper") end
  to_hand(2, "heroic_stand") to_hand(2, "sense")
]]
-- at the battle question, the top of each reserve deck (battle destiny): 3 and 3
local DESTINY = [[ on_top(1, "officer") on_top(2, "pilot") ]]

defaults { game = "tests/packs/duel", players = 2, helpers_file = "duel.helpers.lua" }

scenario "the Dark Side is offered the weapons segment first, in the Light Side's battle" {
  setup = STAGE,
  steps = {
    { decision = { seat = 2, options = { "Cantina", "no battle" } } },
    "2: Cantina",
    { check = [[ return game.active() == 2 and game.step() == "battle" ]] },
    { decision = { seat = 1, prompt = "weapons segment: play an Interrupt or pass",
                   options = { "pass", "play Trooper Volley" } } },
    "1: pass",
    { decision = { seat = 2, options = { "pass", "play Heroic Stand" } } },
  },
}

scenario "a counter to a counter: Sense resolves first and cancels Imperial Counter, then Heroic Stand resolves" {
  setup = STAGE,
  steps = {
    { lua = DESTINY },
    "2: Cantina",
    "1: pass",
    "2: play Heroic Stand",
    -- Imperial Counter answers Heroic Stand; Sense answers Imperial Counter
    { decision = { seat = 1, options = { "pass", "play Trooper Volley", "play Imperial Counter" } } },
    "1: play Imperial Counter",
    { decision = { seat = 2, options = { "pass", "play Sense" } } },
    "2: play Sense",
    { check = [[ local st = zone.cards(zone.get("stack"))
      return #st == 3 and card.is(st[1], "sense") and card.is(st[2], "imperial_counter")
        and card.is(st[3], "heroic_stand") ]] },
    "1: pass",                           -- the Light Side has nothing left: Sense resolves
    -- Imperial Counter, canceled, left the window for the Dark Side's lost pile, paid
    -- for as it was played (2 Force left of 3); it will never resolve: Heroic Stand is next
    { check = [[ local items = window.items()
      return named("lost", 1, "imperial_counter") ~= nil and named("lost", 2, "sense") ~= nil
        and #items == 1 and card.is(items[1].card, "heroic_stand")
        and zone.count(zone.get("stack")) == 1 and zone.count(z("force", 1)) == 2
        and seat.get(2, "battle_power") == nil ]] },
    "1: pass",                           -- Heroic Stand resolves: +2 (the canceled Counter waits no round of passes)
    { check = [[ return seat.get(2, "battle_power") == 2 and zone.count(zone.get("stack")) == 0 ]] },
    "1: pass",                           -- the stack is empty: the weapons segment ends
    -- no power-segment play for anybody; battle destiny 3 and 3: 2 + 3 = 5 against 2 + 2 + 3 = 7
    { decision = { seat = 1, min = 0, max = 1, options = { "Stormtrooper" } } },
    "1: Stormtrooper",
  },
  expect = {
    log = { "Sense cancels Imperial Counter", "Imperial Counter (played by seat 1) is canceled",
            "Dark Side: power 2 + destiny 3 = 5", "Light Side: power 4 + destiny 3 = 7",
            "Dark Side loses the battle by 2" },
    checks = { [[
      -- Heroic Stand (a Used Interrupt) went to the used pile, then under the reserve deck;
      -- Sense and the canceled Imperial Counter (Lost Interrupts) are lost
      return named("reserve", 2, "heroic_stand") ~= nil and named("lost", 2, "sense") ~= nil
        and named("lost", 1, "imperial_counter") ~= nil and named("lost", 1, "stormtrooper") ~= nil ]] },
  },
}

scenario "the commander bot counters the opposing Interrupt" {
  setup = STAGE,
  steps = {
    "2: Cantina", "1: pass", "2: play Heroic Stand",
    { bot = 1, as = "commander" },
    { check = [[ return card.is(zone.at(zone.get("stack")), "imperial_counter") ]] },
  },
}

-- Interrupts are paid for as they are played (on_play), before they wait in the window:
-- two plays cannot count on the same Force. With 1 Force the Dark Side plays Trooper
-- Volley; then its Imperial Counter is not offered against Sense, and says why.
scenario "two Interrupts cannot count on the same Force: the second is not offered" {
  setup = STAGE .. [[
    for _ = 1, 2 do card.move(zone.at(zone.get("force", 1)), zone.get("reserve", 1)) end
  ]],
  steps = {
    "2: Cantina",
    "1: play Trooper Volley",             -- its 1 Force paid now, before it waits
    { check = [[ return zone.count(z("force", 1)) == 0 and zone.count(z("used", 1)) == 1
      and #window.items() == 1 and card.is(window.items()[1].card, "trooper_volley") ]] },
    "2: play Sense",                      -- paid too: 3 less the battle's 1, less 1
    -- the Dark Side, its Force spent, is not offered Imperial Counter: it passes by itself
    { decision = { seat = 2, options = { "pass", "play Heroic Stand" } } },
    { check = [[ local ok, why = card.call(named("hand", 1, "imperial_counter"), "can_play", { seat = 1, window = "weapons" })
      return ok == false and why == "it costs 1 Force and your force pile holds 0"
        and zone.count(z("force", 2)) == 1 ]] },
    "2: pass",                            -- Sense resolves: the Volley is canceled, its Force stays paid
    { check = [[ return named("lost", 1, "trooper_volley") ~= nil and named("lost", 2, "sense") ~= nil
      and #window.items() == 0 and zone.count(z("used", 1)) == 1 and zone.count(z("force", 1)) == 0 ]] },
  },
  expect = { log = { "Sense cancels Trooper Volley", "Trooper Volley (played by seat 1) is canceled" } },
}
