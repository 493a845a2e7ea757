-- Hologram (Survival card, Phase 3): move the Artemia token to a place adjacent to it
-- (a straddling token lands on one place adjacent to either member). Before the
-- Artemia step.
return survival_card {
  usable = function(ctx)
    if (game.get("_step") or 0) >= 5 then return false, "the Artemia token has resolved already" end
    return has_token("artemia"), "there is no Artemia token this turn"
  end,
  effect = function(ctx)
    local to = choose_place(ctx.seat, "Hologram: move the Artemia token where?",
      adjacent_to_token(tokens("artemia")))
    set_token("artemia", { to })
  end,
}
