-- Despair (Hunt card, Phase 1, Artemia symbol): no Survival card may be played or
-- drawn this turn. Place cards already laid go back to hand and are laid again.
return hunt_card {
  effect = function(ctx)
    game.set("despair", true, "turn")
    say("Despair: no Survival card may be played or drawn this turn")
    recall_laid("Despair")
  end,
}
