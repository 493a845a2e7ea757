-- Shelter (Artemia Lite place 7): Survival +1; then at 2 or more, Survival -2 and
-- Will +1 (max 3).
return {
  power = function(ctx)
    local s = ctx.seat
    if seat.add(s, "survival", 1) >= 2 then
      seat.add(s, "survival", -2)
      seat.set(s, "will", math.min(3, seat.get(s, "will") + 1))
    end
  end,
}
