-- Labels test pack: seat 1 picks one or two routes, some of whose labels contain a
-- comma. The picks are kept, in order, in the game property "route" as route numbers
-- (1 north, 2 east, 3 "north, then east", 4 "south, west", 5 "seat 2": an option that
-- reads like the REPL command `seat`, 6 "": an empty label). A setup chunk that sets the
-- game's "ask" makes it ask one of the questions of ASKED instead.
local ROUTES = { "north", "east", "north, then east", "south, west", "seat 2", "" }

-- Other questions, for the scenarios of decide.choose itself (a setup chunk sets the
-- game's "ask"); each keeps what it got in the game's "got", and ends the game.
local ASKED = {
  -- nothing to choose from: nil or an empty list when min = 0, else an error; min and
  -- max out of order are an error too (the errors' texts are kept in "errors")
  empty = function()
    local one, many = decide.choose(1, {}, { min = 0 }), decide.choose(1, {}, { min = 0, max = 2 })
    game.set("got", (one == nil and type(many) == "table" and #many == 0) and "nil and {}" or "something")
    local _, e1 = pcall(decide.choose, 1, {}, { prompt = "pick one of none" })
    local _, e2 = pcall(decide.choose, 1, { "a", "b" }, { min = 2, max = 1 })
    game.set("errors", e1 .. " / " .. e2)
    game.win("walker", "nothing to choose")
  end,
  -- options of every kind: an integer, other values, a table with a label, a card seat
  -- 1 cannot see (a Stone in a hidden pouch); "got" says which was picked
  mixed = function()
    local stone = card.new("stone", zone.new("pouch", { visibility = "hidden" }))
    local pick = decide.choose(1, { 7, true, { x = 1 }, { label = "labelled" }, stone }, { prompt = "pick anything" })
    game.set("got", pick == stone and "the stone" or type(pick) == "table" and (pick.label or "a table") or tostring(pick))
    game.win("walker", "picked")
  end,
  -- an option table about a card ({ label, card = c }) comes back whole; a 'card' that
  -- is not a live handle is an error (its text kept in "errors")
  about = function()
    local stone = card.new("stone", zone.new("pouch", { visibility = "public" }))
    local _, e = pcall(decide.choose, 1, { { label = "a", card = 999999 }, "b" })
    game.set("errors", e)
    local pick = decide.choose(1, { { label = "take the Stone", card = stone }, "leave it" }, { prompt = "the stone" })
    game.set("got", type(pick) == "table" and pick.card == stone and pick.label or tostring(pick))
    game.win("walker", "picked")
  end,
}

return {
  turn = { "choose" },

  setup = function(ctx)
    seat.set_role(1, "walker")
    game.set("route", {})
  end,

  steps = {
    choose = { enter = function(ctx)
      if game.get("ask") then return ASKED[game.get("ask")]() end
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
