-- Bots for Realm. `general` piles its reinforcements on the border territory with the
-- most armies, attacks only with the odds (more armies than the defender, plus one),
-- moves everything into a conquest, always trades, and fortifies from a territory with
-- no enemy neighbour towards one that has one.

local MAP = data("map")

local function adjacent(a, b)
  for _, e in ipairs(MAP.borders) do
    if (e[1] == a and e[2] == b) or (e[1] == b and e[2] == a) then return true end
  end
  return false
end

-- every territory in view: id -> { seat, armies, name }
local function board(view)
  local t = {}
  for _, z in ipairs(view.zones) do
    if z.name == "lands" then
      for _, c in ipairs(z.cards) do
        t[c.id] = { seat = z.owner, armies = c.props.armies, name = c.name }
      end
    end
  end
  return t
end

local function enemies_next_to(b, id, me)
  local n = 0
  for other, o in pairs(b) do
    if o.seat ~= me and adjacent(id, other) then n = n + o.armies end
  end
  return n
end

-- "attack Bay from Ridge" -> "Bay", "Ridge" (string patterns allow one quantifier)
local function split(label, prefix, sep)
  local rest = label:sub(#prefix + 1)
  local at = rest:find(sep, 1, true)
  if label:sub(1, #prefix) ~= prefix or not at then return nil end
  return rest:sub(1, at - 1), rest:sub(at + #sep)
end

local function id_of(b, name)
  for id, o in pairs(b) do
    if o.name == name then return id end
  end
end

return {
  general = {
    about = "piles armies on its strongest border, attacks with the odds, moves in with everything",
    answer = function(view, q)
      local me = q.seat
      local b = board(view)
      if q.tag == "trade" then
        return q.options[1].label
      elseif q.tag == "place" then
        local best, score
        for _, o in ipairs(q.options) do
          local id = id_of(b, o.label)
          if id and enemies_next_to(b, id, me) > 0 then
            local sc = b[id].armies
            if not best or sc > score then best, score = o.label, sc end
          end
        end
        return best
      elseif q.tag == "place_count" or q.tag == "move" or q.tag == "dice" then
        return q.options[1].label -- the most
      elseif q.tag == "attack" then
        local best, margin
        for _, o in ipairs(q.options) do
          local to, from = split(o.label, "attack ", " from ")
          if to then
            local m = b[id_of(b, from)].armies - b[id_of(b, to)].armies
            if m >= 2 and (not best or m > margin) then best, margin = o.label, m end
          end
        end
        return best or "stop attacking"
      elseif q.tag == "fortify" then
        for _, o in ipairs(q.options) do
          local from, to = split(o.label, "move from ", " to ")
          if from and enemies_next_to(b, id_of(b, from), me) == 0
             and enemies_next_to(b, id_of(b, to), me) > 0 then
            return o.label
          end
        end
        return "no fortifying"
      elseif q.tag == "fortify_count" then
        return q.options[1].label
      end
    end,
  },
}
