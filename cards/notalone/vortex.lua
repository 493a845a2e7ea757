-- Vortex (Survival card, Phase 2): swap your face-down Place card for a card of your
-- discard pile: the new card is laid face down in its place, the old one is discarded.
-- A River player picks which of the two. [BGA-impl] after the tokens, with a discard.
local function choices(s)
  local out = {}
  local blocked = game.get("force_field") or {}
  for _, c in ipairs(zone.cards(discard(s))) do
    if not contains(blocked, place_of(c)) then out[#out + 1] = c end
  end
  return out
end

return survival_card {
  usable = function(ctx)
    local s = ctx.seat
    if zone.count(played(s)) == 0 then return false, "you have no laid Place card" end
    if not opt("strict_playability") then return true end
    if not game.get("_tokens_placed") then return false, "the Creature has not placed its tokens yet" end
    return #choices(s) > 0, "your discard pile holds no place to swap in"
  end,
  effect = function(ctx)
    local s = ctx.seat
    local new = choose_one(s, choices(s), "Vortex: take which card from your discard pile?", "vortex")
    if not new then return end
    local old = choose_one(s, zone.cards(played(s)), "Vortex: swap which laid card?", "vortex")
    say("Vortex: %s swaps their laid card", seat_name(s))
    to_discard(s, old)
    card.move(new, played(s), { face = "down" })
  end,
}
