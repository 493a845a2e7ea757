-- Detector (Survival card, Phase 3): the Artemia token has no effect on you this turn;
-- you resolve your place normally. Before the Artemia step; [BGA-impl] only when you
-- are on the Artemia token.
return survival_card {
  usable = function(ctx)
    if (game.get("_step") or 0) >= 5 then return false, "the Artemia token has resolved already" end
    if not opt("strict_playability") then return true end
    local _, places = where(ctx.seat)
    for _, p in ipairs(places) do
      if token_on("artemia", p) then return true end
    end
    return false, has_token("artemia") and "the Artemia token is not on your place"
      or "there is no Artemia token this turn"
  end,
  effect = function(ctx)
    seat.set(ctx.seat, "detector", true, "turn")
    say("Detector: the Artemia token has no effect on %s", seat_name(ctx.seat))
  end,
}
