-- Spark III: Gain 1 point. Until the end of the turn, each time another player gains
-- points, you gain 1 point.
return {
  play = function(ctx)
    seat.add(ctx.seat, "points", 1)
    effect.on("set", "echo", { card = ctx.card, ["until"] = "turn" })
  end,

  -- Runs after every "set" event while the effect lasts; ctx.seat is the seat that
  -- played the card, ctx.event the event.
  echo = function(ctx)
    local e = ctx.event
    if e.key == "points" and e.seat and e.seat ~= ctx.seat and e.new > e.old then
      seat.add(ctx.seat, "points", 1)
    end
  end,
}
