-- Scavenge (Survival card, Phase 3): choose one: get 1 Will back, or take back 1 Place
-- card from your discard pile. Playable when either can be done.
return survival_card {
  usable = function(ctx)
    return seat.get(ctx.seat, "will") < 3 or zone.count(discard(ctx.seat)) > 0,
      "you have 3 Will and an empty discard pile"
  end,
  effect = function(ctx)
    local s = ctx.seat
    local opts = {}
    if seat.get(s, "will") < 3 then opts[#opts + 1] = "get 1 Will back" end
    if zone.count(discard(s)) > 0 then opts[#opts + 1] = "take back a Place card" end
    local pick = choose_one(s, opts, "Scavenge: 1 Will, or a Place card back?", "scavenge")
    if pick == "get 1 Will back" then
      gain_will(s, 1, "Scavenge")
    elseif pick then
      take_back(s, 1, 1, "Scavenge: take back 1 card from your discard pile")
    end
  end,
}
