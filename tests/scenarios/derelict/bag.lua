-- Derelict (tests/packs/derelict): the intruder bag drawn from at random
-- (`rng.pick(zone.cards(bag))` in the rules' spawn), each draw fixed with rng.force: the
-- bag's k-th token, top first, comes out. Rooms: 1 Hibernatorium, 5 Bridge.

-- hand_of, character_of, objective_of, bag_of and count come from derelict.helpers.lua
-- (shared with actions.lua and events.lua); base(), here: two Medics, seat 1 in the
-- Hibernatorium, seat 2 on the Bridge; the bag holds a Larva, a Creeper and the Queen, in
-- that order; seat 1's noise roll is a 6, seat 2's a 1.
defaults { game = "tests/packs/derelict", players = 2, helpers_file = "derelict.helpers.lua", helpers = [[
  local function base()
    character_of(1, "medic"); character_of(2, "medic")
    objective_of(1, "obj_survive"); objective_of(2, "obj_survive")
    bag_of({ "larva", "creeper", "queen" })
    hand_of(1, { "hide" }); hand_of(2, { "hide" })
    seat.set(2, "room", 5)
    dice.force({ 6, 1 })
  end
]] }

local PASS = { "1: end your turn", "2: end your turn" }

scenario "the third token of the bag comes out: the Queen, and she attacks at once" {
  setup = [[ base() rng.force({ 3 }) ]],
  steps = PASS,
  expect = {
    log = { "noise roll 6 in the Hibernatorium: something comes", "a Queen comes out of the vents in the Hibernatorium",
            "Queen attacks seat 1 in the Hibernatorium" },
    checks = { [[ return count(room_zone(1), "queen") == 1 and zone.count(zone.get("bag")) == 2
                                and count(zone.get("bag"), "larva") == 1 and count(zone.get("bag"), "creeper") == 1 ]] },
  },
}

scenario "forced values go to the draws in the order the game makes them: the token, then whom it attacks" {
  -- both seats in the Hibernatorium: the bag draw takes the 2, the attack's pick of a
  -- seat among the two there takes the 2 after it (no second noise roll: the forced
  -- dice give seat 2's room, the same one, a 1)
  setup = [[ base() seat.set(2, "room", 1); rng.force({ 2, 2 }) ]],
  steps = PASS,
  expect = {
    log = { "a Creeper comes out of the vents in the Hibernatorium", "Creeper attacks seat 2 in the Hibernatorium" },
    checks = { [[ return seat.get(2, "wounds") == 1 and seat.get(1, "wounds") == 0 ]] },
  },
}

scenario "a forced value past the bag's last token is the draw's error, naming the value and the range" {
  setup = [[ base() rng.force({ 4 }) ]],
  steps = PASS,
  expect = {
    errors = 1,
    log = { "rng.pick: the forced value 4 is not in 1..3 (the positions of the list; rng.force)" },
    checks = { [[ return zone.count(zone.get("bag")) == 3 ]] },
  },
}
