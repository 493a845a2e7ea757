scenario "a" { game = "artemia-lite", players = 2, steps = { {}, 5, true } }
scenario "b" { game = "artemia-lite", players = 2, steps = { { check = "return true", lua = "x = 1" } } }
scenario "c" { game = "artemia-lite", players = 2, steps = { { seat = 1 } } }
scenario "d" { game = "artemia-lite", players = 2, steps = { { lua = 5 } } }
scenario "e" { game = "artemia-lite", players = 2, steps = { { check = false } } }
scenario "f" { game = "artemia-lite", players = 2, steps = { { bot = "many" } } }
scenario "g" { game = "artemia-lite", players = 2, steps = { { bot = -5 } } }
scenario "h" { game = "artemia-lite", players = 2, steps = { [2] = "2: beach" } }
