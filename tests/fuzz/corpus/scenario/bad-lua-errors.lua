scenario "setup raises" { game = "artemia-lite", players = 2, setup = [[ error("boom") ]] }
scenario "setup loops" { game = "artemia-lite", players = 2, setup = [[ while true do end ]] }
scenario "setup syntax" { game = "artemia-lite", players = 2, setup = [[ local = ]] }
scenario "lua loops" { game = "artemia-lite", players = 2, steps = { { lua = [[ while true do end ]] } } }
scenario "lua pcall loop" { game = "artemia-lite", players = 2, steps = { { lua = [[ while true do pcall(function() while true do end end) end ]] } } }
scenario "check loops" { game = "artemia-lite", players = 2, steps = { { check = [[ while true do end ]] } } }
scenario "check writes" { game = "artemia-lite", players = 2, steps = { { check = [[ game.set("rescue", 5) ]] } } }
scenario "check false" { game = "artemia-lite", players = 2, expect = { checks = { [[ return false ]], [[ return nil ]] } } }
scenario "rep" { game = "artemia-lite", players = 2, setup = [[ local s = string.rep("x", 1e9) ]] }
scenario "end game" { game = "artemia-lite", players = 2, setup = [[ game.set("rescue", 99) ]], steps = { { bot = 1000 } }, expect = { over = "hunted", log = { "nothing like this" } } }
