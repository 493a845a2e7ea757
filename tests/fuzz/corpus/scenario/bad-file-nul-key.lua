scenario "n" { game = "artemia-lite", options = { ["a\0b"] = 1 } }
