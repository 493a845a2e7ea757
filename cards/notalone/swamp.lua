-- The Swamp (place 6): take this card back to hand, plus up to 2 cards of your choice
-- from your discard pile. Under Persecution: only one card in all.
return place_card {
  number = 6,
  power = function(ctx)
    local s, this = ctx.seat, ctx.this
    local here = this and card.zone(this) == played(s)
    if count_of("persecution") > 0 then
      local opts = {}
      if here then opts[#opts + 1] = this end
      for _, c in ipairs(zone.cards(discard(s))) do opts[#opts + 1] = c end
      local c = choose_one(s, opts, "Swamp under Persecution: take back one card", "take")
      if c then
        local what = card.face_down(c) and "a hidden card" or "the " .. card.name(c)
        to_hand(s, c)
        say("%s takes back %s", seat_name(s), what)
      end
      return
    end
    if here then
      to_hand(s, this)
      say("%s takes the %s back to hand", seat_name(s), card.name(this))
    end
    take_back(s, 1, 2, "Swamp: take back up to 2 cards from your discard pile")
  end,
}
