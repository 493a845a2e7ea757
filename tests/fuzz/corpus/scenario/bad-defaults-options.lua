defaults { game = "notalone", options = 3 }
scenario "x" { players = 2 }
