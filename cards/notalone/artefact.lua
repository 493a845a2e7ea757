-- The Artefact (place 10): next turn, play 2 Place cards face down; both are revealed
-- and both places are resolved. No copy effect can use this power.
return place_card {
  usable = function(ctx)
    return not opt("river_artefact_exclusive") or seat.get(ctx.seat, "next_two") == nil,
      "you will lay 2 places next turn already (River and Artefact: one a turn)"
  end,
  power = function(ctx)
    seat.set(ctx.seat, "next_two", "artefact")
    say("%s will play 2 cards next turn and resolve both (Artefact)", seat_name(ctx.seat))
  end,
}
