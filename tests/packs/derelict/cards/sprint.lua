-- Sprint: Move up to two rooms, one corridor at a time.
return {
  usable = function(ctx) return true end,
  play = function(ctx)
    local s = ctx.seat
    for step = 1, 2 do
      local opts = {}
      for _, r in ipairs(neighbours(room_of(s))) do
        opts[#opts + 1] = { label = "to the " .. room_name(r), room = r }
      end
      if step == 2 then opts[#opts + 1] = { label = "stop here", pass = true } end
      local a = decide.choose(s, opts, { prompt = "Sprint: corridor " .. step .. " of 2", tag = "sprint" })
      if a.pass then return end
      walk(s, a.room)
    end
  end,
}
