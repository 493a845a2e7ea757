-- Seer: a spell that, as it resolves, writes what still waits in the window (window.items,
-- the next to resolve first) to the game's text "waiting": " <card>/<seat>/<fn>/<kind>"
-- per item; then resolves as a spell does (number 8).
return {
  can_play = function(ctx)
    if card.zone(ctx.card) ~= zone.get("hand", ctx.seat) then return false, "it is not in your hand" end
    return true
  end,
  play = function(ctx)
    local text = ""
    for _, it in ipairs(window.items()) do
      text = text .. " " .. card.name(it.card) .. "/" .. it.seat .. "/" .. it.fn .. "/" .. it.kind
    end
    game.set("waiting", text)
    local order = game.get("order")
    order[#order + 1] = 8
    game.set("order", order)
    card.move(ctx.card, zone.get("graveyard", ctx.seat))
  end,
}
