-- Wayside Shrine: Draw an omen when you build it. At the end: 1 point for each omen you hold.
return {
  built = function(ctx) draw_omens(ctx.seat, 1) end,
  -- the omens are shown (moved out of play) before the end-of-game buildings score:
  -- the rules count them in the seat's "omens_shown"
  score = function(ctx) return seat.get(ctx.seat, "omens_shown") or 0 end,
}
