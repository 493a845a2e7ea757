-- Dodge (Survival card, Phase 3): the Creature token (and a Clone target [BGA-impl],
-- option dodge_ignores_clone) has no effect on you this turn: not caught, you resolve
-- your place normally. Before the Creature step; [BGA-impl] only when you are on that
-- token.
return survival_card {
  usable = function(ctx)
    if (game.get("_step") or 0) >= 6 then return false, "the Creature token has resolved already" end
    if not opt("strict_playability") then return true end
    local _, places = where(ctx.seat)
    for _, p in ipairs(places) do
      if token_on("creature", p)
        or (opt("dodge_ignores_clone") and clone_active() and token_on("target", p)) then
        return true
      end
    end
    return false, "the Creature token is not on your place"
  end,
  effect = function(ctx)
    seat.set(ctx.seat, "dodge", true, "turn")
    say("Dodge: the Creature token has no effect on %s", seat_name(ctx.seat))
  end,
}
