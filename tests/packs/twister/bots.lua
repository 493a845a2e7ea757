-- Bots for Twister. `raider` plays its biggest action card, leaves the labyrinth whenever
-- it can, attacks when its character is at least as strong as the target (wounded
-- targets first), otherwise moves a character towards the opponent's line (sideways
-- when the way forward is closed; now and then it turns a room from a gear), and plays
-- its biggest combat card.

-- every character on the board, each { seat, id, wounded }, found by its seat and name
-- ("2 Goblin"): a character is a card standing on a space of the board (a zone of the
-- view; a card there says its owner), and a seat has one of each
local function characters(view)
  local t = {}
  for _, z in ipairs(view.zones) do
    for _, c in ipairs(z.cards or {}) do
      if c.owner and c.kind == "character" then
        t[c.owner .. " " .. c.name] = { seat = c.owner, id = c.id,
                                        wounded = c.props ~= nil and c.props.wounded == true }
      end
    end
  end
  return t
end

local function strength(o, role)
  if o.wounded then return 0 end
  local n = def(o.id).data.combat
  if o.id == "warrior" and role == "defend" then n = n + 1 end
  return n
end

local function has(s, part) return s:find(part, 1, true) ~= nil end

-- the option whose label holds the highest number (cards "Action 5", "Combat +6")
local function highest(q)
  local best, bv = nil, -1
  for _, o in ipairs(q.options) do
    local v = tonumber(o.label:match("%d+$"))
    if v and v > bv then best, bv = o.id, v end
  end
  return best
end

local function act(view, q)
  local me = q.seat
  local forward = me == 1 and "east" or "west"
  local b -- read from the view at the first attack offered (most questions offer none)
  local attacks, fwd, side, turns = {}, {}, {}, {}
  for _, o in ipairs(q.options) do
    local l = o.label
    if has(l, "out of the labyrinth") or has(l, "and out") then return o.id end
    if has(l, ": attack ") then
      -- "Warrior: attack Goblin at c3"
      b = b or characters(view)
      local self = b[me .. " " .. l:sub(1, l:find(":", 1, true) - 1)]
      local target = b[(3 - me) .. " " .. l:match(": attack (.-) at ")]
      if self and self.wounded then self = nil end
      if target and self and (target.wounded or strength(self, "attack") >= strength(target, "defend")) then
        attacks[#attacks + 1] = { id = o.id, wounded = target.wounded }
      end
    elseif has(l, ": " .. forward) or has(l, "levitate " .. forward) or has(l, "open the door") then
      fwd[#fwd + 1] = o.id
    elseif has(l, ": north") or has(l, ": south") then
      side[#side + 1] = o.id
    elseif has(l, ": turn the ") then
      turns[#turns + 1] = o.id
    end
  end
  for _, a in ipairs(attacks) do
    if a.wounded then return a.id end
  end
  if #attacks > 0 then return attacks[1].id end
  if #turns > 0 and math.random(4) == 1 then return turns[math.random(#turns)] end
  if #fwd > 0 then return fwd[math.random(#fwd)] end
  if #side > 0 then return side[math.random(#side)] end
  if #turns > 0 then return turns[math.random(#turns)] end
  return nil
end

return {
  raider = {
    about = "biggest cards first; leaves when it can, attacks with the odds, else heads for the opponent's line",
    answer = function(view, q)
      if q.tag == "action_card" or q.tag == "combat" then return highest(q) end
      if q.tag == "act" then return act(view, q) end
      return nil
    end,
  },
}
