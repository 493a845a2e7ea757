scenario "forgot its table"
scenario "x" { game = "artemia-lite" }
