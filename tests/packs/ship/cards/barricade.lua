-- Barricade: Close a corridor of your room: it becomes a closed door.
return {
  usable = function(ctx)
    if #board.neighbours(room_of(ctx.seat)) == 0 then return false, "every way out is closed already" end
    return true
  end,
  play = function(ctx)
    local s = ctx.seat
    local here = room_of(s)
    local opts = {}
    for _, z in ipairs(board.neighbours(here)) do
      opts[#opts + 1] = { label = "close the way to the " .. room_name(z), to = z,
                          data = { room = zone.name(z), intruders = explored(z) and #intruders_in(z) or 0 } }
    end
    local a = decide.choose(s, opts, { prompt = "Barricade: which corridor?", tag = "barricade", auto = true })
    board.set_edge(here, a.to, "door")
    game.log("seat " .. s .. " barricades the way to the " .. room_name(a.to))
  end,
}
