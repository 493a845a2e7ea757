-- Medic: Triage (an action, once a round, costs 1 card): heal 1 wound of yourself or of a
-- crew member in your room.
local function wounded(s)
  local l = {}
  for _, t in ipairs(crew_in(room_of(s))) do
    if (seat.get(t, "wounds") or 0) > 0 then l[#l + 1] = { label = t == s and "yourself" or ("seat " .. t), seat = t } end
  end
  return l
end

return {
  action_usable = function(ctx)
    if #wounded(ctx.seat) == 0 then return false, "nobody in your room is wounded" end
    return true
  end,
  action = function(ctx)
    local t = decide.choose(ctx.seat, wounded(ctx.seat), { prompt = "Triage: heal whom?", tag = "target" })
    seat.add(t.seat, "wounds", -1)
  end,
}
