scenario "x" { game = "artemia-lite", setup = [[ game.set("rescue", 1) }
