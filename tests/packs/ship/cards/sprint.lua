-- Sprint: Move up to two rooms through open corridors. No noise roll in the first room.
return {
  usable = function(ctx)
    if #board.neighbours(room_of(ctx.seat)) == 0 then return false, "no open corridor" end
    return true
  end,
  play = function(ctx)
    local s = ctx.seat
    local function step(first)
      local opts = {}
      for _, z in ipairs(board.neighbours(room_of(s))) do
        opts[#opts + 1] = { label = "run to the " .. room_name(z), to = z,
                            data = { room = zone.name(z), explored = explored(z) } }
      end
      if not first then opts[#opts + 1] = { label = "stop here", stop = true } end
      local a = decide.choose(s, opts, { prompt = "Sprint: where to?", tag = "sprint" })
      if a.stop then return false end
      enter(s, a.to, not first)
      return true
    end
    if step(true) and alive(s) then step(false) end
  end,
}
