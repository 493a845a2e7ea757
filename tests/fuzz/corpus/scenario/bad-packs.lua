scenario "a" { game = "tests/packs/labels", players = 1, steps = { "1: north, then east" } }
scenario "b" { game = "tests/packs/windows", players = 2 }
scenario "c" { game = "tests/packs/hostile", players = 2 }
scenario "d" { game = "tests/packs/undo", players = 2, steps = { { bot = 5 } } }
scenario "e" { game = "tests/packs/notalone-broken", players = 2 }
scenario "f" { game = "tutorial", players = 2, steps = { { bot = 3 } } }
