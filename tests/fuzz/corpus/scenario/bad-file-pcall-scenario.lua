pcall(scenario "in pcall", { game = "artemia-lite" })
