-- The Rover (place 5): take from the reserve into your hand a place (6 to 10) you do
-- not own (in hand, discard or play). Nothing happens when none is left.
-- What seat s may take: the names of the places (a list) and, by name, a reserve copy.
local function takeable(s)
  local opts, copy = {}, {}
  -- the place ids the seat owns (in hand, discard or play)
  local owned = {}
  for _, z in ipairs({ hand(s), discard(s), played(s) }) do
    for _, c in ipairs(zone.cards(z)) do owned[card.id(c)] = true end
  end
  local reserve = gzone("reserve")
  for p = 6, 10 do
    local left = not owned[PLACE_IDS[p]] and zone.search(reserve, PLACE_IDS[p])
    if left and #left > 0 then
      opts[#opts + 1] = place_name(p)
      copy[place_name(p)] = left[1]
    end
  end
  return opts, copy
end

-- Whether seat s owns place `id` (in hand, discard or play).
local function owns(s, id)
  return #zone.search(hand(s), id) > 0 or #zone.search(discard(s), id) > 0
    or #zone.search(played(s), id) > 0
end

return place_card {
  -- The power can be used only when the reserve holds a place the seat does not own
  -- (digest §4.1 FAQ 5: Drone and Gate need a usable power; without one, the Hunted
  -- only takes back a card). Asked at every Rover resolution: it stops at the first
  -- place found, without building takeable's lists.
  usable = function(ctx)
    local reserve, s = gzone("reserve"), ctx.seat
    for p = 6, 10 do
      local id = PLACE_IDS[p]
      if #zone.search(reserve, id) > 0 and not owns(s, id) then return true end
    end
    return false
  end,
  power = function(ctx)
    local s = ctx.seat
    local opts, copy = takeable(s)
    local pick = choose_one(s, opts, "Rover: take which place from the reserve?", "rover")
    if not pick then
      say("%s finds nothing left to take (Rover)", seat_name(s))
      return
    end
    -- the reserve copy becomes the seat's own card (ownership decides who sees it face down)
    card.destroy(copy[pick])
    card.new(PLACE_IDS[PLACE_BY_NAME[pick]], hand(s), s)
    game.log(seat_name(s) .. " takes the " .. pick .. " from the reserve")
  end,
}
