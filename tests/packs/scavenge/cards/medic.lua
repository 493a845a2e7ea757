-- Medic: 1 person. 2 medicine. After the reveal, play from your hand: one of your
-- cards killed this round goes back into your skirmish.

local function casualties(s)
  local out = {}
  for _, c in ipairs(zone.cards(discard(s))) do
    if card.get(c, "killed") then out[#out + 1] = c end
  end
  return out
end

return {
  can_play = function(ctx)
    if card.zone(ctx.card) ~= hand(ctx.seat) then return false end
    if #casualties(ctx.seat) == 0 then return false, "none of your cards was killed this round" end
    return true
  end,

  play = function(ctx)
    local s = ctx.seat
    card.move(ctx.card, discard(s), { face = "up" })
    local dead = casualties(s)
    local saved = dead[1]
    if #dead > 1 then saved = decide.choose(s, dead, { prompt = "Medic: save which card?", tag = "heal" }) end
    card.set(saved, "killed", nil)
    card.move(saved, skirmish(s), { face = "up" })
    game.log("the Medic of seat " .. s .. " saves " .. card.name(saved))
  end,
}
