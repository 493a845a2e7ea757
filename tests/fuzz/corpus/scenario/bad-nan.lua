scenario "nan" { game = "artemia-lite", seed = 0/0 }
scenario "inf" { game = "artemia-lite", players = 1/0 }
