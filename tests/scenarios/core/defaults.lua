-- A scenario file's defaults { ... }: what the scenarios declared after it leave out —
-- game, players, seed, and each option their own `options` does not set.

defaults { game = "notalone", players = 3, options = { board_side = 2, expert = true } }

scenario "defaults give a scenario the game, the players and the options it leaves out" {
  steps = {
    { check = [[ return game.seats() == 3 and game.get("board_side") == 2 and game.option("expert") == true ]] },
  },
}

scenario "a scenario's own settings win over the defaults, option by option" {
  players = 2, options = { board_side = 1 },
  steps = {
    { check = [[ return game.seats() == 2 and game.get("board_side") == 1 and game.option("expert") == true ]] },
  },
}

defaults { game = "notalone", players = 2 }

scenario "a later defaults replaces the earlier one" {
  steps = {
    { check = [[ return game.seats() == 2 and game.option("board_side") == "creature" and game.option("expert") == false ]] },
  },
}
