-- Bolt: a spell that pays and targets as it is played (on_play), before it waits or
-- resolves: its seat discards a card from its hand (the cost: a move to the graveyard,
-- and the event "paid" with a = that card's number) and chooses a target seat, kept on the card ("target"); "nobody" is an error, which
-- refuses the play. on_play notes in the game's text "on_play" what it is told and sees:
-- "<ctx.window>/<ctx.seat>/<items waiting>". Resolving, it appends 20 + its target to
-- "order" and notes its ctx.window in "resolved_in" — or fails, when the game's
-- "break_play" is set.
return {
  can_play = function(ctx)
    local hand = zone.get("hand", ctx.seat)
    if card.zone(ctx.card) ~= hand then return false, "it is not in your hand" end
    if zone.count(hand) < 2 then return false, "it costs a discard and you hold no other card" end
    return true
  end,
  on_play = function(ctx)
    local cost = decide.choose(ctx.seat, zone.cards(zone.get("hand", ctx.seat)),
                               { prompt = "Bolt: discard a card", tag = "cost" })
    card.move(cost, zone.get("graveyard", ctx.seat))
    event.emit("paid", { a = card.info(cost).data.n })
    local t = decide.choose(ctx.seat, { { label = "seat 1", n = 1 }, { label = "seat 2", n = 2 },
                                        { label = "nobody" } }, { prompt = "Bolt: target a seat", tag = "target" })
    card.set(ctx.card, "target", t.n)
    game.set("on_play", ctx.window .. "/" .. ctx.seat .. "/" .. #window.items())
    if not t.n then error("Bolt needs a target") end
  end,
  play = function(ctx)
    if game.get("break_play") then error("Bolt's resolution breaks") end
    local order = game.get("order")
    order[#order + 1] = 20 + card.get(ctx.card, "target")
    game.set("order", order)
    game.set("resolved_in", ctx.window)
    card.move(ctx.card, zone.get("graveyard", ctx.seat))
  end,
}
