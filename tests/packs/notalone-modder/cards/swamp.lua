-- Swamp (variant, place 6): take this card back to hand, then choose: take back 1 card
-- of your choice from your discard pile, or draw 1 Survival card. Under Persecution
-- only one Place card in all comes back (the draw is still allowed instead).
local function can_draw()
  return not game.get("despair") and survival_drawable() > 0
end

return place_card {
  power = function(ctx)
    local s, this = ctx.seat, ctx.this
    local persecuted = (game.get("persecution") or 0) > 0
    if this and card.zone(this) == played(s) then
      say("%s takes the Swamp back to hand", seat_name(s))
      to_hand(s, this)
      if persecuted then return end
    end
    local opts = {}
    if zone.count(discard(s)) > 0 then opts[#opts + 1] = "take back a discarded place" end
    if can_draw() then opts[#opts + 1] = "draw a Survival card" end
    local pick = choose_one(s, opts, "Swamp: take back a discarded place, or draw a Survival card?", "swamp")
    if pick == "take back a discarded place" then
      take_back(s, 1, 1, "Swamp: take back 1 card from your discard pile")
    elseif pick == "draw a Survival card" then
      say("%s draws a Survival card (Swamp)", seat_name(s))
      draw_survival(s, 1)
    end
  end,
}
