-- The River (place 3): next turn, play 2 Place cards face down; after the Creature's
-- tokens and before the reveal, keep one and take the other back (rules.lua, Step 0).
return place_card {
  usable = function(ctx)
    return not opt("river_artefact_exclusive") or seat.get(ctx.seat, "next_two") == nil,
      "you will lay 2 places next turn already (River and Artefact: one a turn)"
  end,
  power = function(ctx)
    if seat.get(ctx.seat, "next_two") ~= "artefact" then seat.set(ctx.seat, "next_two", "river") end
    game.log(seat_name(ctx.seat) .. " will play 2 cards next turn (River)")
  end,
}
