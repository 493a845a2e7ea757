scenario "no game" { players = 2 }
scenario "unknown game" { game = "nope", players = 2 }
scenario "empty game" { game = "" }
scenario "dot" { game = "." }
scenario "root" { game = "/" }
scenario "a folder" { game = "tests" }
scenario "a file" { game = "README.md" }
scenario "up" { game = "../main" }
scenario "number" { game = 3 }
