-- A test spell: playable from its owner's hand in any window (elsewhere its can_play
-- says why not); resolving appends its number to the game's "order" list and emits
-- "resolved". Cast (in a window whose `play` names `cast`) it appends its number + 10.
local function resolve(ctx, n)
  local order = game.get("order")
  order[#order + 1] = n
  game.set("order", order)
  card.move(ctx.card, zone.get("graveyard", ctx.seat))
  event.emit("resolved", { a = card.info(ctx.card).data.n })
end

return {
  can_play = function(ctx)
    if card.zone(ctx.card) ~= zone.get("hand", ctx.seat) then return false, "it is not in your hand" end
    return true
  end,
  play = function(ctx) resolve(ctx, card.info(ctx.card).data.n) end,
  cast = function(ctx) resolve(ctx, card.info(ctx.card).data.n + 10) end,
}
