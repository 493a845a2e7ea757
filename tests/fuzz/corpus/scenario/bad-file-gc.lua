setmetatable({}, { __gc = function() while true do end end })
scenario "x" { game = "artemia-lite", players = 2 }
