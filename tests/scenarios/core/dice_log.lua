-- dice.roll(n, faces, { log = false }): the roll and its event as ever, with no log line,
-- for a script that narrates its own roll.

scenario "a roll with log = false makes no log line; a plain roll does" {
  game = "tutorial", players = 2,
  steps = {
    { lua = [[ dice.force({ 5, 3 }) game.set("a", dice.total(dice.roll(1, 6, { log = false }))) ]] },
    { lua = [[ game.set("b", dice.total(dice.roll(1, 8, { log = true }))) ]] },
    { check = [[ return game.get("a") == 5 and game.get("b") == 3 ]] },
    { log = { seat = 1, includes = { "rolled 3 (1d8)" }, excludes = { "rolled 5", "(1d6)" } } },
    { log = { seat = 2, excludes = { "(1d6)" } } },
  },
}

scenario "dice.roll refuses an option it does not know" {
  game = "tutorial", players = 2,
  expect = { checks = {
    [[ local ok, e = pcall(dice.roll, 1, 6, { lgo = false })
       return not ok and e:find("dice.roll: unknown option 'lgo' (the options: log)", 1, true) ~= nil ]],
    [[ local ok, e = pcall(dice.roll, 1, 6, { log = "no" })
       return not ok and e:find("dice.roll: 'log' must be true or false", 1, true) ~= nil ]],
  } },
}
