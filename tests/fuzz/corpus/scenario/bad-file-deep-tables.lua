local t = {} for i = 1, 40 do t = { t } end
scenario "deep" { game = "artemia-lite", expect = { checks = t } }
