-- Window styles test pack: seat 1 and 2 each hold spells; the main step opens one
-- window of the kind chosen by the "style" option. Spells record the order they
-- resolve in the game property "order" (a list of their numbers).
return {
  turn = { "main", "cleanup" },
  windows = {
    immediate = { style = "immediate", trigger_order = "seat", play_zone = "stack" },
    stack = { style = "stack", trigger_order = "seat", play_zone = "stack" },
    chain = { style = "chain", trigger_order = "seat", play_zone = "stack" },
    choose = { style = "immediate", trigger_order = "choose", play_zone = "stack" },
    -- every seat is asked, also with nothing playable; only cards in hand are offered
    asked = { style = "immediate", play_zone = "stack", always_ask = true, from = { "hand" } },
    triggers = { style = "immediate", trigger_order = "seat" },
    -- seats of role "dark", then "grey", are offered plays and order triggers first
    -- (opened instead of the option's kind when a chunk sets the game's "kind")
    roles = { style = "immediate", trigger_order = "choose", play_zone = "stack", always_ask = true,
              roles_first = { "dark", "grey" } },
    -- a played card runs its function `cast`, not `play`
    cast = { style = "immediate", play_zone = "stack", play = "cast" },
    -- a declared kind in which nobody is offered a play: only triggers resolve
    quiet = { style = "immediate", trigger_order = "seat", triggers_only = true },
  },
  limits = { max_chain = 8, max_actions_per_turn = 500, max_turns = 50, max_chain_actions = 100 },

  setup = function(ctx)
    for s = 1, game.seats() do
      zone.new("hand", { owner = s, visibility = "owner" })
      zone.new("graveyard", { owner = s })
      zone.new("field", { owner = s, in_play = true })
    end
    zone.new("stack", {})      -- played cards wait here until they resolve
    game.set("order", {})
  end,

  noop_step = function(ctx) end, -- scheduled by a test to run past the action guard
  steps = {
    main = { enter = function(ctx)
      local kind = game.get("kind") or game.option("style")
      if game.option("trigger_order") == "choose" and kind == "immediate" then kind = "choose" end
      window.open(kind)
    end },
    cleanup = { enter = function(ctx)
      if game.turn() >= 2 then game.win(1, "test over") end
    end },
  },
}
