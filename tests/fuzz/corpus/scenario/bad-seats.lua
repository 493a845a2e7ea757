scenario "a" { game = "artemia-lite", players = 2, steps = { "walker#1x: beach" } }
scenario "b" { game = "artemia-lite", players = 2, steps = { { seat = "hunted#1x", answer = "beach" } } }
scenario "c" { game = "artemia-lite", players = 2, steps = { { seat = "hunted#0", answer = "beach" } } }
scenario "d" { game = "artemia-lite", players = 2, steps = { { seat = "hunted#99", answer = "beach" } } }
scenario "e" { game = "artemia-lite", players = 2, steps = { { seat = "#", answer = "beach" } } }
scenario "f" { game = "artemia-lite", players = 2, steps = { { seat = 0, answer = "beach" } } }
scenario "g" { game = "artemia-lite", players = 2, steps = { { seat = true, answer = "beach" } } }
scenario "h" { game = "artemia-lite", players = 2, steps = { { seat = "creature" } } }
scenario "i" { game = "artemia-lite", players = 2, steps = { ": beach", "2:", ":", "creature: lair" } }
