-- Decoy: Move an intruder from your room to a neighbouring room.
return {
  usable = function(ctx)
    if #intruders_in(room_of(ctx.seat)) == 0 then return false, "no intruder in your room" end
    if #board.neighbours(room_of(ctx.seat)) == 0 then return false, "no open corridor to lure it into" end
    return true
  end,
  play = function(ctx)
    local s = ctx.seat
    local here = room_of(s)
    local c = decide.choose(s, intruders_in(here), { prompt = "Decoy: which intruder?", tag = "target", auto = true })
    local opts = {}
    for _, z in ipairs(board.neighbours(here)) do
      opts[#opts + 1] = { label = "lure it to the " .. room_name(z), to = z }
    end
    local a = decide.choose(s, opts, { prompt = "Decoy: where to?", tag = "decoy", auto = true })
    card.move(c, a.to)
    game.log("the " .. card.name(c) .. " follows the decoy to the " .. room_name(a.to))
  end,
}
