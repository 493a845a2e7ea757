-- Dud: a spell whose on_play moves it to the graveyard, then never ends: the instruction
-- budget stops it, and the play is refused.
return {
  can_play = function(ctx) return card.zone(ctx.card) == zone.get("hand", ctx.seat) end,
  on_play = function(ctx)
    card.move(ctx.card, zone.get("graveyard", ctx.seat))
    while true do end
  end,
  play = function(ctx) error("never reached") end,
}
