defaults { game = "artemia-lite", players = 2, seed = 3, options = { nope = 1 } }
scenario "x" { options = "text" }
scenario "y" { }
