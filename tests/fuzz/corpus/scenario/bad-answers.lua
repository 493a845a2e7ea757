scenario "a" { game = "artemia-lite", players = 2, steps = { "2: nothing like it" } }
scenario "b" { game = "artemia-lite", players = 2, steps = { "2: #999" } }
scenario "c" { game = "artemia-lite", players = 2, steps = { "2: #1x" } }
scenario "d" { game = "artemia-lite", players = 2, steps = { "2: beach, beach, beach" } }
scenario "e" { game = "artemia-lite", players = 2, steps = { { answer = {} } } }
scenario "f" { game = "artemia-lite", players = 2, steps = { { answer = { true } } } }
scenario "g" { game = "artemia-lite", players = 2, steps = { { answer = { lair = 1 } } } }
scenario "h" { game = "artemia-lite", players = 2, steps = { "2: ,,,,", "2: " } }
scenario "i" { game = "artemia-lite", players = 2, steps = { "2: beach", "1: lair", "2: beach", "1: lair", "2: river" } }
