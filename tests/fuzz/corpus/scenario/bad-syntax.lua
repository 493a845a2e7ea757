scenario "syntax" { game = 
