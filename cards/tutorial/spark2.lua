-- Spark II: Gain 1 point, or an opponent of your choice loses 1 point.
return {
  play = function(ctx)
    local me = ctx.seat
    local mode = decide.choose(me, { "gain 1 point", "an opponent loses 1 point" },
                               { prompt = "Spark II" })
    if mode == "gain 1 point" then
      seat.add(me, "points", 1)
      return
    end
    local targets = {}
    for s = 1, game.seats() do
      if s ~= me then targets[#targets + 1] = { label = "seat " .. s, seat = s } end
    end
    local t = decide.choose(me, targets, { prompt = "who loses 1 point?", tag = "target" })
    if seat.get(t.seat, "points") > 0 then seat.add(t.seat, "points", -1) end
  end,
}
