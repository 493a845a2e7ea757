local t = { "return true" } for i = 1, 30 do t = { t, t } end
scenario "dag" { game = "artemia-lite", steps = t }
