scenario "n" { game = "artemia-lite", options = { [string.rep("k", 100) .. "1"] = 1, [string.rep("k", 100) .. "2"] = 2 } }
