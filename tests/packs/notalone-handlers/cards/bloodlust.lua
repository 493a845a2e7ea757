-- Bloodlust (Hunt card, Phase 2): until the end of the turn, each time a Hunted loses
-- Will, the Assimilation counter advances 1. The effect registers a handler for every
-- property change ("set" events) until the end of the turn; the handler, a function of
-- the card's script that effect.on names, goes in the builder's `handlers` table.
return hunt_card {
  effect = function(ctx)
    effect.on("set", "on_will_lost", { ["until"] = "turn" })
  end,
  handlers = {
    -- after each property change while the effect lasts: a Hunted's Will that went down
    on_will_lost = function(ctx)
      local e = ctx.event
      if e.key == "will" and e.seat and e.seat ~= CREATURE and e.new < e.old then
        move_assimilation(1, "Bloodlust")
      end
    end,
  },
}
