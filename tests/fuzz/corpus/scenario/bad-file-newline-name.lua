scenario "two\nlines" { game = "artemia-lite", players = 9 }
