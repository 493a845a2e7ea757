-- Glitch (Survival card, Phase 1): a syntax error (a missing 'end').
return survival_card {
  effect = function(ctx)
    if seat.get(ctx.seat, "will") < 3 then gain_will(ctx.seat, 1, "Glitch")
  end,
}
