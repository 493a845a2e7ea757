-- Scream (Hunt card, Phase 2, Target symbol): each Hunted on the Target place discards
-- 2 Place cards or loses 1 Will (with fewer than 2 cards: the Will [BGA-impl]; option
-- scream_exact_discard = false: a lone card may be discarded instead). Every Hunted hit
-- decides before any answer is carried out (digest 2.3: simultaneously). They still
-- resolve the place afterwards (Step 4).
return hunt_card {
  target_choose = function(ctx)
    local s = ctx.seat
    local cards = without(zone.cards(hand(s)), ctx.held)
    local n = #cards >= 2 and 2 or (#cards == 1 and not opt("scream_exact_discard") and 1 or 0)
    if n == 0 then return { will = true } end
    local pick = decide.choose(s, { n == 2 and "discard 2 cards" or "discard 1 card", "lose 1 Will" },
      { prompt = n == 2 and "Scream: discard 2 Place cards or lose 1 Will?"
          or "Scream: discard your last Place card or lose 1 Will?", tag = "scream" })
    if pick == "lose 1 Will" then return { will = true } end
    local picked = n == 1 and cards or decide.choose(s, cards,
      { prompt = "Scream: discard which 2 cards?", min = 2, max = 2, tag = "discard" })
    for _, c in ipairs(picked) do ctx.held[c] = true end
    return { discard = picked }
  end,
  target_apply = function(ctx)
    local s, plan = ctx.seat, ctx.plan
    if plan.will then
      lose_will(s, 1, "Scream")
      return
    end
    say("Scream: %s discards %s", seat_name(s), count_text(#plan.discard, "Place card"))
    for _, c in ipairs(plan.discard) do to_discard(s, c) end
  end,
}
