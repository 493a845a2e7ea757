scenario "\xff" { game = "artemia-lite" }
