scenario "players text" { game = "artemia-lite", players = "2" }
scenario "players float" { game = "artemia-lite", players = 2.5 }
scenario "players float whole" { game = "artemia-lite", players = 4 / 2 }
scenario "seed huge" { game = "artemia-lite", seed = 9223372036854775807 }
scenario "seed float" { game = "artemia-lite", seed = 1e300 }
scenario "setup table" { game = "artemia-lite", setup = { "game.set(\"rescue\", 1)" } }
scenario "steps text" { game = "artemia-lite", steps = "2: beach" }
scenario "expect number" { game = "artemia-lite", expect = 5 }
scenario "checks text" { game = "artemia-lite", expect = { checks = "return false" } }
scenario "checks false" { game = "artemia-lite", expect = { checks = { false } } }
scenario "log text" { game = "artemia-lite", expect = { log = "x" } }
scenario "errors text" { game = "artemia-lite", expect = { errors = "0" } }
scenario "over true" { game = "artemia-lite", expect = { over = true } }
scenario "stopped number" { game = "artemia-lite", expect = { stopped = 1 } }
