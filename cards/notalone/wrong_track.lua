-- Wrong Track (Survival card, Phase 3): move the Creature token to an adjacent place;
-- with Clone active you may move the Target token instead (one of the two). Before the
-- Creature step.
return survival_card {
  usable = function(ctx)
    if (game.get("_step") or 0) >= 6 then return false, "the Creature token has resolved already" end
    return has_token("creature") or (clone_active() and has_token("target")), "there is no Creature token to move"
  end,
  effect = function(ctx)
    local s = ctx.seat
    local opts = {}
    if #tokens("creature") > 0 then opts[#opts + 1] = "the Creature token" end
    if clone_active() and #tokens("target") > 0 then opts[#opts + 1] = "the Target token" end
    local pick = choose_one(s, opts, "Wrong Track: move which token?", "token")
    local kind = pick == "the Target token" and "target" or "creature"
    local name = kind == "target" and "Target" or "Creature"
    local to = choose_place(s, "Wrong Track: move the " .. name .. " token where?", adjacent_to_token(tokens(kind)))
    set_token(kind, { to })
  end,
}
