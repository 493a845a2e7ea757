scenario "k" { game = "artemia-lite", options = { [true] = 1 } }
scenario "k2" { game = "artemia-lite", options = { [1.5] = 1 } }
