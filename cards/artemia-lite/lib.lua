-- Artemia Lite helpers: shared by the rules and every place card of the pack.
-- Everything returned here becomes a global of the pack's scripts.
local PLACES = { "lair", "jungle", "river", "beach", "rover",
                 "swamp", "shelter", "wreck", "source", "artefact" }

local function hand(s) return zone.get("hand", s) end
local function discard(s) return zone.get("discard", s) end

-- Losing Will: Will -1; at 0, Assimilation +1, Will back to 3, discards back to hand.
local function lose_will(s)
  if seat.add(s, "will", -1) <= 0 then
    game.add("assimilation", 1)
    seat.set(s, "will", 3)
    local h = hand(s)
    for _, c in ipairs(zone.cards(discard(s))) do card.move(c, h) end
  end
end

-- Moves card c from its owner's discard to hand.
local function take_back(s, c) card.move(c, hand(s)) end

-- The seat picks one of its discarded places (optionally excluding one id); nil if none.
local function pick_discarded(s, except)
  local options = {}
  for _, c in ipairs(zone.cards(discard(s))) do
    if not except or not card.is(c, except) then options[#options + 1] = c end
  end
  if #options == 0 then return nil end
  return decide.choose(s, options, { prompt = "take back a place" })
end

return {
  PLACES = PLACES,
  hand = hand,
  discard = discard,
  lose_will = lose_will,
  take_back = take_back,
  pick_discarded = pick_discarded,
}
