scenario {} { game = "artemia-lite" }
