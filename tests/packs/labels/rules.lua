-- Labels test pack: seat 1 picks one or two routes, some of whose labels contain a
-- comma. The picks are kept, in order, in the game property "route" as route numbers
-- (1 north, 2 east, 3 "north, then east", 4 "south, west", 5 "seat 2": an option that
-- reads like the REPL command `seat`, 6 "": an empty label).
local ROUTES = { "north", "east", "north, then east", "south, west", "seat 2", "" }

return {
  turn = { "choose" },

  setup = function(ctx)
    seat.set_role(1, "walker")
    game.set("route", {})
  end,

  steps = {
    choose = { enter = function(ctx)
      local picks = decide.choose(1, ROUTES, { prompt = "choose one or two routes", min = 1, max = 2, tag = "route" })
      local route = {}
      for i, p in ipairs(picks) do
        for n, r in ipairs(ROUTES) do
          if r == p then route[i] = n end
        end
      end
      game.set("route", route)
      game.win("walker", "routes chosen")
    end },
  },
}
