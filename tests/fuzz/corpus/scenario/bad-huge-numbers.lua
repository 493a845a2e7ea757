scenario "a" { game = "artemia-lite", players = 4294967298 }
scenario "b" { game = "artemia-lite", players = 2, steps = { { seat = 4294967298, answer = "beach" } } }
scenario "c" { game = "artemia-lite", players = 2, steps = { { answer = 4294967297 } } }
scenario "d" { game = "artemia-lite", players = 2, steps = { { answer = { 4294967297, -1 } } } }
scenario "e" { game = "artemia-lite", players = 2, steps = { { bot = 9223372036854775807 } } }
scenario "f" { game = "artemia-lite", players = 2, expect = { errors = -9223372036854775807 } }
scenario "g" { game = "artemia-lite", players = 2, steps = { "99999999999999999999: beach" } }
scenario "h" { game = "artemia-lite", players = 2, steps = { { decision = { min = 99999999999, max = -1 } } } }
