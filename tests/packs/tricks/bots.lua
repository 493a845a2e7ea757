-- Bots for Tricks. A bot sees its seat's view: its own hand, the trick on the table
-- (each card with the seat that played it, its `by` property), the trump turned up,
-- every seat's bid and tricks won. def(id).data gives a card's suit and rank.

local function info(c) return def(c.id).data end

local function zone_named(view, name, owner)
  for _, z in ipairs(view.zones) do
    if z.name == name and z.owner == owner then return z end
  end
end

-- the option (a label) that `better` prefers, by the card each option names
local function best_option(q, view, better)
  local hand, best, best_info = zone_named(view, "hand", q.seat), nil, nil
  for _, o in ipairs(q.options) do
    for _, c in ipairs(hand.cards) do
      if c.name == o.label then
        local d = info(c)
        if not best or better(d, best_info) then best, best_info = o.label, d end
      end
    end
  end
  return best
end

-- the card now winning the trick, as { suit, rank }; nil when the trick is empty
local function winning(view)
  local trump, led, top = view.game.trump, view.game.led, nil
  for _, c in ipairs(zone_named(view, "trick").cards) do
    local d = info(c)
    local key = (d.suit == trump and 200 or (d.suit == led and 100 or 0)) + d.rank
    if not top or key > top.key then top = { key = key, suit = d.suit, rank = d.rank } end
  end
  return top
end

local function beats(d, top, trump)
  if not top then return true end
  if d.suit == top.suit then return d.rank > top.rank end
  return d.suit == trump
end

return {
  counter = {
    about = "bids its Aces, Kings and high trumps; plays to take exactly its bid",
    answer = function(view, q)
      local me = view.seats[q.seat].props
      local trump = view.game.trump
      if q.tag == "bid" then
        local n = 0
        for _, c in ipairs(zone_named(view, "hand", q.seat).cards) do
          local d = info(c)
          if d.rank >= 13 or (d.suit == trump and d.rank >= 11) then n = n + 1 end
        end
        -- the nearest bid it may make
        local pick, dist = nil, nil
        for _, o in ipairs(q.options) do
          local v = tonumber(o.label)
          if not dist or math.abs(v - n) < dist then pick, dist = o.label, math.abs(v - n) end
        end
        return pick
      elseif q.tag == "play" then
        local want = (me.won or 0) < (me.bid or 0)
        local top = winning(view)
        if want then
          -- the lowest card that wins, else the lowest card
          local w = best_option(q, view, function(a, b)
            local aw, bw = beats(a, top, trump), beats(b, top, trump)
            if aw ~= bw then return aw end
            return a.rank < b.rank
          end)
          return w
        end
        -- the highest card that does not win, else the lowest
        return best_option(q, view, function(a, b)
          local aw, bw = beats(a, top, trump), beats(b, top, trump)
          if aw ~= bw then return not aw end
          if aw then return a.rank < b.rank end
          return a.rank > b.rank
        end)
      end
    end,
  },
}
