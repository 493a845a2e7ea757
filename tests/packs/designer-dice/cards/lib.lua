-- Dice Bazaar helpers: zones and coins, shared by the rules and every card.
local function tableau(s) return zone.get("tableau", s) end
local function hand(s) return zone.get("hand", s) end
local function discard(s) return zone.get("discard", s) end

local function coins(s) return seat.get(s, "coins") or 0 end

-- Seat `from` pays up to n coins to seat `to` (nil: the bank); returns what was paid.
local function pay(from, to, n)
  local paid = math.min(n, coins(from))
  if paid <= 0 then return 0 end
  seat.add(from, "coins", -paid)
  if to then seat.add(to, "coins", paid) end
  return paid
end

local function cost(c) return card.info(c).data.cost end

return { tableau = tableau, hand = hand, discard = discard, coins = coins, pay = pay, cost = cost }
