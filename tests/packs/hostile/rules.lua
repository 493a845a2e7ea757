-- Hostile-suite rules (tests/unit/test_sandbox.c). One step per turn; its play-or-pass
-- window offers seat 1 its Anchor, and the game rests at that offer between the
-- suite's actions. The hostile cards sit, ownerless, on the in-play "table" zone.
return {
  turn = { "main" },
  windows = { main = { style = "immediate" } },
  limits = { max_actions_per_turn = 2000 },

  setup = function(ctx)
    local tbl = zone.new("table", { in_play = true })
    zone.new("discard")
    zone.new("vault", { visibility = "hidden" })
    local hand = zone.new("hand", { owner = 1, visibility = "owner" })
    card.new("anchor", hand, 1)
    for _, id in ipairs({ "bomb", "victim", "ping", "pong" }) do card.new(id, tbl) end
    card.new("victim", zone.get("vault"))
    game.set("score", 0)
  end,

  steps = {
    main = { enter = function(ctx) window.open("main") end },
  },
}
