scenario "x" { game = "artemia-lite", option = { } }
