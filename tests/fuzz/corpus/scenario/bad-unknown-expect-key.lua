scenario "x" { game = "artemia-lite", expect = { check = { "return true" } } }
