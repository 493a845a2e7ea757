-- Heroic Stand: Used Interrupt. Cost 1. During a battle, if you have a character in the
-- battle: add 2 to your total power in this battle.
return interrupt {
  segment = "any",
  allowed = function(ctx)
    if #chars_at(ctx.seat, battle_site()) == 0 then return false, "you have no character in the battle" end
    return true
  end,
  resolve = function(ctx)
    seat.add(ctx.seat, "battle_power", 2, "battle")
    game.log("Heroic Stand: the " .. side_of(ctx.seat) .. " adds 2 to its total power in this battle")
  end,
}
