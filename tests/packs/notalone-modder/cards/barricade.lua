-- Barricade (Survival card, Phase 1): until the end of the turn, each time you lose
-- Will, take back 1 Place card of your choice from your discard pile.
return survival_card {
  effect = function(ctx)
    say("Barricade: %s takes back a place each time it loses Will this turn", seat_name(ctx.seat))
    effect.on("set", "on_will_lost", { ["until"] = "turn" })
  end,
  handlers = {
    on_will_lost = function(ctx)
      local e = ctx.event
      if e.key == "will" and e.seat == ctx.seat and e.new < e.old then
        take_back(ctx.seat, 1, 1, "Barricade: take back 1 card from your discard pile")
      end
    end,
  },
}
