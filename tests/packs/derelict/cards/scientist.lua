-- Scientist: Quarantine (an action, once a round, costs 1 card): remove a Contamination
-- card from your hand from the game, in any room.
return {
  action_usable = function(ctx)
    if #zone.search(hand(ctx.seat), "contamination") == 0 then return false, "no Contamination card in your hand" end
    return true
  end,
  action = function(ctx)
    card.destroy(zone.search(hand(ctx.seat), "contamination")[1])
  end,
}
