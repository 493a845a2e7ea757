-- Flare (Secrets test game): played from hand in the signal window, Flares +1.
return {
  can_play = function(ctx)
    return ctx.window == "signal" and zone.name(card.zone(ctx.card)) == "hand"
  end,
  play = function(ctx) game.add("flares", 1) end,
}
