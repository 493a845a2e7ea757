-- Double Back (Survival card, Phase 4): take the Place card you played this turn back
-- to hand instead of discarding it; an Artefact player takes back one of the two.
return survival_card {
  usable = function(ctx)
    return zone.count(played(ctx.seat)) > 0, "the Place card you played this turn is no longer laid"
  end,
  effect = function(ctx)
    local s = ctx.seat
    local c = choose_one(s, zone.cards(played(s)), "Double Back: take back which card?", "take")
    say("Double Back: %s takes the %s back to hand", seat_name(s), card.name(c))
    to_hand(s, c)
  end,
}
