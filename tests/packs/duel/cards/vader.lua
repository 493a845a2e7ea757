-- Darth Vader: Deploy 4. Power 6. Forfeit 5. When deployed, the Light Side loses 1 Force.
return character {
  when_deployed = function(ctx)
    game.log("Darth Vader arrives: the Light Side loses 1 Force")
    lose_force(other(ctx.seat), 1)
  end,
}
