-- A broken test spell: resolving it records its number and moves it to the graveyard
-- like any spell, then fails on a script error, so everything it did must be undone.
return {
  can_play = function(ctx)
    return card.zone(ctx.card) == zone.get("hand", ctx.seat)
  end,
  play = function(ctx)
    local order = game.get("order")
    order[#order + 1] = card.info(ctx.card).data.n
    game.set("order", order)
    card.move(ctx.card, zone.get("graveyard", ctx.seat))
    local broken = nil
    return broken.field
  end,
}
