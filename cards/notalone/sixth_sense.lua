-- Sixth Sense (Survival card, Phase 1): take 2 cards of your choice from your discard
-- pile back to hand (what there is, with fewer). [BGA-impl] needs a non-empty discard.
return survival_card {
  usable = function(ctx)
    return zone.count(discard(ctx.seat)) > 0 or not opt("strict_playability"), "your discard pile is empty"
  end,
  effect = function(ctx)
    local n = math.min(2, zone.count(discard(ctx.seat)))
    take_back(ctx.seat, n, 2, "Sixth Sense: take back 2 cards")
  end,
}
