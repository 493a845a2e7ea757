-- Warrior: Move 3, combat 3. Guard: +1 combat when it defends.
return {
  combat_bonus = function(ctx)
    if ctx.role == "defend" then return 1 end
    return 0
  end,
}
