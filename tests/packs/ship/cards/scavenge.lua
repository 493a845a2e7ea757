-- Scavenge: Take up to 2 gear (ammo, medkits) from the supply, in any room.
return {
  usable = function(ctx)
    if supply.count("gear", "pool", "ammo") + supply.count("gear", "pool", "medkit") == 0 then
      return false, "the supply is empty"
    end
    return true
  end,
  play = function(ctx)
    local items = {
      { id = "ammo", max = math.min(2, supply.count("gear", "pool", "ammo")) },
      { id = "medkit", max = math.min(2, supply.count("gear", "pool", "medkit")) },
    }
    local got = decide.amounts(ctx.seat, items, { min = 1, max = 2, prompt = "Scavenge: take up to 2 gear",
                                                  tag = "scavenge" })
    supply.take("gear", ctx.seat, { ammo = got.ammo, medkit = got.medkit })
  end,
}
