-- Siren: played in the react window (from a pile: it waits on the table), it sounds the
-- alarm (event.emit) as it resolves.
return {
  can_play = function(ctx) return ctx.window == "react" and card.zone(ctx.card) ~= zone.get("table") end,
  play = function(ctx) event.emit("alarm") end,
}
