-- The Lair (place 1): take your whole discard pile back to hand, or use the power of
-- the place holding the Creature token (or the Clone target) — never the Lair nor the
-- Artefact; the Lair is then "this card". Caught here: 1 more Will (Step 6).
-- Under Persecution: copy, or take back exactly 1 discarded card.

-- The places the Lair may copy now (numbers): under the Creature token, or the Clone
-- target; never the Lair itself, nor what copyable refuses (the Artefact, a used Beach…).
local function copy_targets(s, this)
  local targets = {}
  local from = tokens("creature")
  if clone_active() then
    for _, p in ipairs(tokens("target")) do from[#from + 1] = p end
  end
  for _, p in ipairs(from) do
    if p ~= 1 and not contains(targets, p) and copyable(s, p, this) then targets[#targets + 1] = p end
  end
  return targets
end

return place_card {
  -- The power can be used only when it does something: a discard pile to take back, or
  -- a place to copy (digest §4.1 FAQ 5-6: Drone and Gate need a usable power; with
  -- neither, the Hunted only takes back a card, as on a used Beach)
  usable = function(ctx)
    return zone.count(discard(ctx.seat)) > 0 or #copy_targets(ctx.seat, ctx.this) > 0
  end,
  power = function(ctx)
    local s, this = ctx.seat, ctx.this
    local opts = {}
    local n = zone.count(discard(s))
    if n > 0 then
      opts[#opts + 1] = count_of("persecution") > 0 and "take back 1 card" or "take back all"
    end
    local targets = copy_targets(s, this)
    for _, p in ipairs(targets) do opts[#opts + 1] = "copy the " .. place_name(p) end
    local pick = choose_one(s, opts, "Lair: take your discard pile back, or copy the Creature's place", "lair")
    if pick == nil then return end
    if pick == "take back all" then
      say("%s takes back their whole discard pile (Lair)", seat_name(s))
      for _, c in ipairs(zone.cards(discard(s))) do to_hand(s, c) end
    elseif pick == "take back 1 card" then
      take_back(s, 1, 1, "Lair under Persecution: take back 1 card")
    else
      for _, p in ipairs(targets) do
        if pick == "copy the " .. place_name(p) then use_power(s, p, this, " (copied by the Lair)") end
      end
    end
  end,
}
