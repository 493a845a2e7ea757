scenario(5) { game = "artemia-lite" }
