-- Jammer (Survival card, Phase 2): playable only after the Creature has played a Hunt
-- card this turn; the Creature may play no more Hunt cards this turn.
return survival_card {
  usable = function(ctx)
    return (game.get("hunt_count") or 0) > 0, "the Creature has played no Hunt card this turn"
  end,
  effect = function(ctx)
    game.set("hunt_allowance", game.get("hunt_count"), "turn")
    say("Jammer: the Creature may play no more Hunt cards this turn")
  end,
}
