-- Lucky Charm: Cost 2. After you roll, you may reroll the die once.
return {
  enter = function(ctx)
    effect.on("dice", "offer", { card = ctx.card, ["until"] = "in_play" })
  end,
  offer = function(ctx)
    if ctx.seat ~= game.active() then return end
    local p = ctx.event.pool
    local v = dice.total(p)
    local a = decide.choose(ctx.seat, { "keep " .. v, "reroll" },
                            { prompt = "Lucky Charm: you rolled " .. v, tag = "reroll" })
    if a == "reroll" then dice.reroll(p) end
  end,
}
