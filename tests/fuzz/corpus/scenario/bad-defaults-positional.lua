defaults { "artemia-lite" }
