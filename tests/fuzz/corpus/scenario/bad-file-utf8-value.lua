scenario "v" { game = "artemia-lite", setup = "\xc3" }
