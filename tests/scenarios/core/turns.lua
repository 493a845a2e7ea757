-- The turn's frame on the test pack tests/packs/turns: steps a, b, c with enter and
-- leave hooks noting "<turn><step>@<active seat>" in the game's text "trail" ("/a" is
-- a's leave hook; "/bx" or "/b-" and "cx" or "c-" say whether the property x was still
-- there); step b asks the active seat; the active seat rotates each turn.

defaults { game = "tests/packs/turns", players = 3 }

local function trail(want)
  return { check = "return game.get('trail') == '" .. want .. "'" }
end

scenario "a step's leave hook runs when it ends, before the next step, and sees what lasts until the step's end" {
  steps = {
    trail(" 1a@1 1/a@1 1b@1"),
    { lua = [[ game.set("x", 1, "step") ]] },
    "1: go",
    trail(" 1a@1 1/a@1 1b@1 1/bx@1 1c-@1 2a@2 2/a@2 2b@2"),
  },
}

scenario "game.skip: the step does not run this turn, the next turn it does" {
  steps = {
    { lua = [[ game.skip("c") ]] }, -- the last step: the turn ends after b
    "1: go",
    trail(" 1a@1 1/a@1 1b@1 1/b-@1 2a@2 2/a@2 2b@2"),
    "2: go",
    trail(" 1a@1 1/a@1 1b@1 1/b-@1 2a@2 2/a@2 2b@2 2/b-@2 2c-@2 3a@3 3/a@3 3b@3"),
  },
}

scenario "game.skip of a step already begun or already over this turn changes nothing" {
  steps = {
    { lua = [[ game.skip("b") game.skip("a") ]] },
    "1: go",
    trail(" 1a@1 1/a@1 1b@1 1/b-@1 1c-@1 2a@2 2/a@2 2b@2"),
  },
}

scenario "extra turns queue in order, and turns go on from the seat after the last of them" {
  steps = {
    { lua = [[ game.extra_turn(3) game.extra_turn(2) ]] },
    { check = [[ return game.turn() == 1 and game.active() == 1 ]] }, -- this turn goes on
    "1: go",
    { decision = { seat = 3 } }, "3: go",
    { decision = { seat = 2 } }, "2: go",
    { decision = { seat = 3 } }, "3: go",
    { decision = { seat = 1 } },
    { check = [[ return game.turn() == 5 ]] },
  },
}

scenario "at most 8 extra turns wait" {
  steps = {
    { lua = [[ for i = 1, 8 do game.extra_turn(2) end ]] },
    { lua = [[ local ok, err = pcall(game.extra_turn, 2) game.set("err", ok and "" or err) ]] },
    { check = [[ return game.get("err"):find("at most 8 extra turns may be queued", 1, true) ~= nil ]] },
    "1: go",
    { check = [[ return game.turn() == 2 and game.active() == 2 ]] },
  },
}
