-- Scanner: Explore a neighbouring room without entering it (no noise roll).
local function unexplored(s)
  local l = {}
  for _, z in ipairs(board.neighbours(room_of(s), { all = true })) do
    if not explored(z) then l[#l + 1] = z end
  end
  return l
end
return {
  usable = function(ctx)
    if #unexplored(ctx.seat) == 0 then return false, "no unexplored room next to yours" end
    return true
  end,
  play = function(ctx)
    local opts = {}
    for _, z in ipairs(unexplored(ctx.seat)) do
      opts[#opts + 1] = { label = "scan the " .. room_name(z), to = z }
    end
    local a = decide.choose(ctx.seat, opts, { prompt = "Scanner: which room?", tag = "scan", auto = true })
    board.reveal(board.region_of(a.to))
    game.stat("rooms explored", 1)
  end,
}
