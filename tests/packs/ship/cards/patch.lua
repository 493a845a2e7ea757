-- Patch Up: Heal 1 health (no medkit needed).
return {
  usable = function(ctx)
    if hp(ctx.seat) >= MAX_HP then return false, "you are not hurt" end
    return true
  end,
  play = function(ctx) heal(ctx.seat, 1) end,
}
