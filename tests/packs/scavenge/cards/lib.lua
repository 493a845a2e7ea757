-- Scavenge helpers: every script of the pack (rules, cards) sees these as globals.
-- Zones by name, a card's printed values, drawing with the reshuffle, counting people.

local function hand(s) return zone.get("hand", s) end
local function deck(s) return zone.get("deck", s) end
local function discard(s) return zone.get("discard", s) end
local function skirmish(s) return zone.get("skirmish", s) end
local function played(s) return zone.get("played", s) end

-- a printed value of card c (people, fight, food, medicine, dig): 0 when it has none
local function val(c, key) return card.info(c).data[key] or 0 end

-- the seats from the active one round the table
local function round_order()
  local out, n = {}, game.seats()
  for i = 0, n - 1 do out[#out + 1] = (game.active() - 1 + i) % n + 1 end
  return out
end

-- seat s draws n cards; an empty deck takes the discard pile, shuffled (the order
-- comes from the game's generator, so from the seed)
local function draw(s, n)
  for _ = 1, n do
    if zone.count(deck(s)) == 0 then
      local pile = zone.cards(discard(s))
      if #pile == 0 then return end
      for _, c in ipairs(pile) do card.move(c, deck(s), { face = "down" }) end
      zone.shuffle(deck(s))
      game.log("seat " .. s .. " shuffles the discard pile into the deck")
    end
    zone.draw(deck(s), hand(s), 1)
  end
end

-- the people seat s has: every card of its own zones
local function people(s)
  local n = 0
  for _, z in ipairs({ deck(s), hand(s), discard(s), played(s), skirmish(s) }) do
    for _, c in ipairs(zone.cards(z)) do n = n + val(c, "people") end
  end
  return n
end

return {
  hand = hand, deck = deck, discard = discard, skirmish = skirmish, played = played,
  val = val, round_order = round_order, draw = draw, people = people,
}
