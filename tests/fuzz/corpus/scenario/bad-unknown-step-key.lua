scenario "x" { game = "artemia-lite", steps = { { anwser = "beach" } } }
