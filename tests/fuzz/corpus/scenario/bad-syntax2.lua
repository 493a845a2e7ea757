scenario "x" { game = "artemia-lite", steps = { "2: beach" ] }
