-- The statistics Not Alone counts for sim (game.stat; docs/games/notalone.md): Resists,
-- Give Ups, Will lost other than by Resisting, Hunt and Survival cards played. Seat 1 is
-- the Creature.

defaults { game = "notalone", players = 2, options = { board_side = 1 } }

scenario "stats: a Resist that costs the last Will counts a Resist and a Give Up, no Will lost" {
  setup = [[ setup_quiet(); setup_places(2, { "lair" }, { "jungle", "river", "beach" }); seat.set(2, "will", 1) ]],
  steps = { "2: resist",
    { check = [[ return game.stat("Resists") == 1 and game.stat("Give Ups") == 1
                   and game.stat("Will lost (Resist aside)") == 0 ]] } } }

scenario "stats: a Hunted caught by the Creature token loses 1 Will, counted" {
  setup = [[ setup_quiet() ]],
  steps = { "2: Jungle", "1: Jungle", { bot = 1 },
    { check = [[ return game.stat("Will lost (Resist aside)") == 1 and game.stat("Resists") == 0 ]] } } }

scenario "stats: a Hunt card played is counted" {
  setup = [[ setup_quiet({ "despair", "tracking" }) ]],
  steps = { "2: Jungle", { check = [[ return game.stat("Hunt cards played") == 0 ]] }, "1: play Despair",
    { check = [[ return game.stat("Hunt cards played") == 1 and game.stat("Survival cards played") == 0 ]] } } }

scenario "stats: a Survival card played is counted" {
  setup = [[ setup_quiet(); setup_survival(2, { "adrenaline" }); seat.set(2, "will", 2) ]],
  steps = { "2: Jungle", "2: play Adrenaline",
    { check = [[ return game.stat("Survival cards played") == 1 and game.stat("Hunt cards played") == 0 ]] } } }
