-- Negate: offered when an item waits in the window; as it resolves it cancels the next
-- item to resolve (window.cancel), writes " <card>/<kind>" of it to the game's text
-- "negated", and — when that was a played card — asks its own controller where the
-- canceled card goes: its owner's graveyard or hand (the engine leaves it where it is).
-- Then it resolves as a spell does (number 9).
return {
  can_play = function(ctx)
    if card.zone(ctx.card) ~= zone.get("hand", ctx.seat) then return false, "it is not in your hand" end
    if not window.items()[1] then return false, "nothing waits to negate" end
    return true
  end,
  play = function(ctx)
    local target = window.items()[1]
    if target then
      window.cancel(target)
      game.set("negated", (game.get("negated") or "") .. " " .. card.name(target.card) .. "/" .. target.kind)
      if target.kind == "played" then
        local to = decide.choose(ctx.seat, { "graveyard", "hand" },
                                 { prompt = "Negate: where does " .. card.name(target.card) .. " go?" })
        card.move(target.card, zone.get(to, card.owner(target.card)))
      end
    end
    local order = game.get("order")
    order[#order + 1] = 9
    game.set("order", order)
    card.move(ctx.card, zone.get("graveyard", ctx.seat))
  end,
}
