scenario "f" { game = "artemia-lite", setup = function() end }
