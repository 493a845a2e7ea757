-- The Source (place 9): one Hunted of your choice (you too) gets 1 Will back, or you
-- draw 1 Survival card (not under Despair).
local function will_targets()
  local out = {}
  for t = 2, game.seats() do -- every Hunted
    local w = seat.get(t, "will")
    if w < 3 and (w >= 1 or not opt("source_needs_wounded")) then out[#out + 1] = t end
  end
  return out
end

local function can_draw()
  if game.get("despair") then return false end
  return opt("empty_survival_draw") == "partial" or survival_drawable() > 0
end

return place_card {
  usable = function(ctx) return #will_targets() > 0 or can_draw() end,
  power = function(ctx)
    local s = ctx.seat
    local opts = {}
    for _, t in ipairs(will_targets()) do opts[#opts + 1] = "Will for seat " .. t end
    if can_draw() then opts[#opts + 1] = "draw a Survival card" end
    local pick = choose_one(s, opts, "Source: 1 Will for a Hunted, or draw a Survival card", "source")
    if pick == "draw a Survival card" then
      say("%s draws a Survival card (Source)", seat_name(s))
      draw_survival(s, 1)
      offer_play_now(s)
    elseif pick then
      for _, t in ipairs(will_targets()) do
        if pick == "Will for seat " .. t then gain_will(t, 1, "Source") end
      end
    end
  end,
}
