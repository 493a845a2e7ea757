-- The turn's frame: each hook notes "<turn><step>@<active seat>" at the end of the
-- game's text "trail" ("/a" for a's leave hook); b's leave hook also notes whether the property
-- "x", which a test may set until the end of the step, is still there ("x" or "-").
local function note(what)
  game.set("trail", game.get("trail") .. " " .. game.turn() .. what .. "@" .. game.active())
end

return {
  turn = { "a", "b", "c" },
  rotate_active = true,
  setup = function(ctx)
    game.set("trail", "")
    zone.new("table", {})
    for s = 1, game.seats() do zone.new("pile", { owner = s }) end
  end,
  steps = {
    a = { enter = function(ctx) note("a") end, leave = function(ctx) note("/a") end },
    b = {
      enter = function(ctx)
        note("b")
        decide.choose(game.active(), { "go", "stay" }, { prompt = "go on" })
      end,
      leave = function(ctx) note("/b" .. (game.get("x") and "x" or "-")) end,
    },
    c = { enter = function(ctx)
      note("c" .. (game.get("x") and "x" or "-"))
      if game.turn() >= 8 then game.win(1, "test over") end
    end },
  },
}
