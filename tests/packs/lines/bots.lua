-- Bots for Lines. `basic` plays the card that best builds a formation on a line: a card
-- of the colour, the value or the run of the cards already on its side, a side that
-- beats the other side once it is full, a high card where nothing else counts.
-- `tabula sim tests/packs/lines --bots 2=basic` plays it.

-- the data of the cards on seat s's side of line l, as the view shows them
local function side(view, s, l)
  local out = {}
  for _, z in ipairs(view.zones) do
    if z.name == "line" .. l and z.owner == s then
      for _, c in ipairs(z.cards) do out[#out + 1] = def(c.id).data end
    end
  end
  return out
end

-- rank (5 three of a kind … 1 a sum) * 100 + sum of a full side: the rules' order
local function strength(cards)
  local v, sum, one_colour = {}, 0, true
  for i, d in ipairs(cards) do
    v[i], sum = d.value, sum + d.value
    if d.colour ~= cards[1].colour then one_colour = false end
  end
  table.sort(v)
  local run = v[2] == v[1] + 1 and v[3] == v[2] + 1
  local rank = (v[1] == v[3] and 5) or (run and one_colour and 4) or (run and 3)
            or (one_colour and 2) or 1
  return rank * 100 + sum
end

-- how much playing the card d on line d.line is worth to seat me
local function worth(view, me, d)
  local mine, theirs = side(view, me, d.line), side(view, 3 - me, d.line)
  local score = d.value
  for _, c in ipairs(mine) do
    if c.colour == d.colour then score = score + 4 end
    if c.value == d.value then score = score + 6 end
    local gap = math.abs(c.value - d.value)
    if gap == 1 or gap == 2 then score = score + 3 end
  end
  if #mine == 2 and #theirs == 3 then
    local full = { mine[1], mine[2], d }
    score = score + (strength(full) > strength(theirs) and 30 or -15)
  end
  return score
end

return {
  basic = {
    about = "plays the card that best builds a colour, a value or a run on a line, and takes lines it can",
    answer = function(view, q)
      if q.tag ~= "play" then return nil end
      local best, best_score
      for _, o in ipairs(q.options) do
        local s = worth(view, q.seat, o.data)
        if not best or s > best_score then best, best_score = o.id, s end
      end
      return best
    end,
  },
}
