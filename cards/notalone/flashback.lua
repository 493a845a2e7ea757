-- Flashback (Hunt card): acts as a copy of the Hunt card most recently put on the Hunt
-- discard — its phase, its symbol and its effect. Not playable while that discard is
-- empty (turn 1). It counts against the Hunt allowance. With flashback_same_turn off
-- [BGA-impl], the turn's own Hunt cards reach the discard only in Phase 4.
local function copied()
  local top = zone.at(gzone("hunt_discard"), 1)
  if top and not card.is(top, "flashback") then return top end
  return nil
end

return {
  usable = function(ctx) return false end, -- Flashback is never copied itself
  effect = function(ctx) end,
  target_choose = function(ctx) end,
  target_apply = function(ctx) end,
  target_effect = function() return false end,
  can_play = function(ctx)
    -- every window asks Flashback (its phase is the copied card's): the allowance first
    if ctx.seat ~= CREATURE then return false end
    if not hunt_allowed() then return false, hunt_refusal() end
    if card.zone(ctx.card) ~= hand(CREATURE) then return false end
    local top = copied()
    if not top then return false, "the Hunt discard pile holds no card to copy" end
    local want = PHASE_WINDOW[card.id(top)]
    if want ~= ctx.window then
      return false, "it would act as " .. card.name(top) .. ": " .. phase_refusal(want, ctx.window)
    end
    local ok, why = card.call(top, "usable", { seat = CREATURE, window = ctx.window })
    if ok then return true end
    return false, why and card.name(top) .. ": " .. why
  end,
  play = function(ctx)
    local top = copied()
    hunt_play_card(ctx)
    say("Flashback acts as %s", card.name(top))
    hunt_resolve(ctx, top)
  end,
}
