-- Spark IV: Gain 1 point. You may also play this card from your hand during another
-- player's turn, when the react window offers it.
return {
  -- Asked (read-only) each time a window offers this card's controller a play.
  can_play = function(ctx)
    return ctx.window == "react"
       and ctx.seat ~= game.active()
       and card.zone(ctx.card) == zone.get("hand", ctx.seat)
  end,

  play = function(ctx)
    local discard = zone.get("discard", ctx.seat)
    if card.zone(ctx.card) ~= discard then card.move(ctx.card, discard) end
    seat.add(ctx.seat, "points", 1)
  end,
}
