-- Stalking (Hunt card, Phase 2): until the end of the turn, each time a Hunted plays a
-- Survival card, that Hunted loses 1 Will. A played Survival card goes to the Survival
-- discard from its player's hand, so the handler listens to moves.
return hunt_card {
  effect = function(ctx)
    say("Stalking: each Survival card played this turn costs its Hunted 1 Will")
    effect.on("move", "on_survival_played", { ["until"] = "turn" })
  end,
  handlers = {
    on_survival_played = function(ctx)
      local e = ctx.event
      if e.to ~= gzone("survival_discard") then return end
      for _, s in ipairs(hunted_seats()) do
        if e.from == shand(s) then lose_will(s, 1, "Stalking") end
      end
    end,
  },
}
