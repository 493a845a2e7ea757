-- The Swamp (place 6): take this card back to hand, plus up to 2 cards of your choice
-- from your discard pile. Under Persecution: only one card in all.
return place_card {
  power = function(ctx) return_self_and_discards(ctx, "Swamp", 0, 2) end,
}
