-- Sniper: 1 person. Fight 1. After the reveal, play from your hand: kill a card an
-- opponent committed (it goes to its owner's discard pile).

-- the cards opponents of seat s have in their skirmish lines
local function targets(s)
  local out = {}
  for t = 1, game.seats() do
    if t ~= s then
      for _, c in ipairs(zone.cards(skirmish(t))) do out[#out + 1] = c end
    end
  end
  return out
end

return {
  can_play = function(ctx)
    if card.zone(ctx.card) ~= hand(ctx.seat) then return false end
    if #targets(ctx.seat) == 0 then return false, "no opponent has a card in the skirmish" end
    return true
  end,

  play = function(ctx)
    local s = ctx.seat
    card.move(ctx.card, discard(s), { face = "up" })
    local options = {}
    for _, c in ipairs(targets(s)) do
      options[#options + 1] = { label = card.name(c) .. " of seat " .. card.owner(c), card = c }
    end
    local pick = decide.choose(s, options, { prompt = "Sniper: kill which card?", tag = "snipe" })
    local victim, owner = pick.card, card.owner(pick.card)
    victim = card.move(victim, discard(owner))
    card.set(victim, "killed", true, "turn")
    game.log("the Sniper of seat " .. s .. " kills " .. card.name(victim) .. " of seat " .. owner)
  end,
}
