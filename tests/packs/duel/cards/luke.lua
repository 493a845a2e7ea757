-- Luke Skywalker: Deploy 4. Power 5. Forfeit 6. When deployed, activate 1 Force.
return character {
  when_deployed = function(ctx)
    game.log("Luke Skywalker arrives: the Light Side activates 1 Force")
    activate(ctx.seat, 1)
  end,
}
