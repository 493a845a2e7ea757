-- Sacrifice (Survival card, Phase 1): discard 1 Place card from hand; the Creature may
-- play no Hunt card for the rest of the turn (Phase-4 cards included). [BGA-impl] not
-- playable once the Creature has used its allowance; laid cards are laid again.
return survival_card {
  usable = function(ctx)
    if zone.count(hand(ctx.seat)) == 0 then return false, "you hold no Place card to discard" end
    return hunt_allowed() or not opt("strict_playability"), "the Creature has played its Hunt card this turn"
  end,
  effect = function(ctx)
    local s = ctx.seat
    local c = choose_one(s, zone.cards(hand(s)), "Sacrifice: discard which Place card?", "discard")
    game.set("sacrifice", true, "turn")
    say("Sacrifice: %s discards a Place card, and the Creature may play no Hunt card this turn", seat_name(s))
    if c then to_discard(s, c) end
    if opt("phase1_recall") then recall_laid("Sacrifice") end
  end,
}
