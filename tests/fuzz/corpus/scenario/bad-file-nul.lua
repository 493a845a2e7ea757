scenario "n" { game = "artemia-lite", setup = "return true\0 error()" }
