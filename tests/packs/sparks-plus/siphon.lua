-- Siphon: An opponent of your choice who has points loses 1 point, and you gain 1 point.
return {
  play = function(ctx)
    local targets = {}
    for s = 1, game.seats() do
      if s ~= ctx.seat and seat.get(s, "points") > 0 then
        targets[#targets + 1] = { label = "seat " .. s, seat = s }
      end
    end
    -- a question needs at least one option: with nobody to siphon, only the gain is left
    if #targets > 0 then
      local t = decide.choose(ctx.seat, targets, { prompt = "Siphon: who loses 1 point?", tag = "target" })
      seat.add(t.seat, "points", -1)
    end
    seat.add(ctx.seat, "points", 1)
  end,
}
