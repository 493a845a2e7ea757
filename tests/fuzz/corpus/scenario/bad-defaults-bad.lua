defaults { gmae = "artemia-lite" }
