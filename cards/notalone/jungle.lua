-- The Jungle (place 2): take this card back to hand, plus 1 card of your choice from
-- your discard pile. Under Persecution: only one of them.
return place_card {
  power = function(ctx) return_self_and_discards(ctx, "Jungle", 1, 1) end,
}
