-- Anchor (hostile suite): seat 1 may always play it, so the game rests at that offer.
-- A game property "anchor_bad" equal to the current turn makes can_play raise an error
-- object whose __tostring raises too (case 17, the read-only query path).
return {
  can_play = function(ctx)
    if game.get("anchor_bad") == game.turn() then
      error(setmetatable({}, { __tostring = function() error("boom in __tostring") end }))
    end
    return true
  end,
  play = function(ctx) end,
}
