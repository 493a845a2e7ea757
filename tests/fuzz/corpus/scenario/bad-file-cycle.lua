local t = {} t.t = t
scenario "cycle" { game = "artemia-lite", expect = t }
