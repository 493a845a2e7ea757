scenario "a" { game = "artemia-lite", players = 2, steps = { { decision = { seat = 2, options = { "Lair", 1 } } } } }
scenario "b" { game = "artemia-lite", players = 2, steps = { { decision = { includes = { true } } } } }
scenario "c" { game = "artemia-lite", players = 2, steps = { { decision = { excludes = "x" } } } }
scenario "d" { game = "artemia-lite", players = 2, steps = { { decision = { prompt = 3 } } } }
scenario "e" { game = "artemia-lite", players = 2, steps = { { decision = "x" } } }
scenario "f" { game = "artemia-lite", players = 2, steps = { { decision = { include = { "x" } } } } }
scenario "g" { game = "artemia-lite", players = 2, steps = { { decision = { min = 1, max = 1.5 } } } }
