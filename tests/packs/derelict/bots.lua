-- Bots for Derelict. `crew` reads its own secret objective from its view and plays for
-- it: to the Engine first to repair (or sabotage) the core when its objective cares,
-- then to the escape pods in time for the self-destruct; on the way it heals, cleans
-- out Contamination, searches, and fights what shares its room.

local SHIP = data("ship")

-- room number by name, and each room's neighbours
local BY_NAME, NEXT = {}, {}
for r, room in ipairs(SHIP.rooms) do
  BY_NAME[room.name] = r
  NEXT[r] = {}
end
for _, c in ipairs(SHIP.corridors) do
  NEXT[c[1]][#NEXT[c[1]] + 1] = c[2]
  NEXT[c[2]][#NEXT[c[2]] + 1] = c[1]
end

-- corridors from room a to room b (breadth first)
local function dist(a, b)
  local seen, frontier, d = { [a] = true }, { a }, 0
  while #frontier > 0 do
    local nxt = {}
    for _, r in ipairs(frontier) do
      if r == b then return d end
      for _, t in ipairs(NEXT[r]) do
        if not seen[t] then seen[t] = true; nxt[#nxt + 1] = t end
      end
    end
    frontier, d = nxt, d + 1
  end
  return 99
end

local function zone_of(view, name, owner)
  for _, z in ipairs(view.zones) do
    if z.name == name and z.owner == owner then return z end
  end
end

local function goal(view, me)
  local c = zone_of(view, "objective", me).cards[1]
  return c and c.id and def(c.id).data.goal
end

local function has(q, label)
  for _, o in ipairs(q.options) do
    if o.label == label then return true end
  end
  return false
end

-- the option starting with `prefix`, if any
local function starting(q, prefix)
  for _, o in ipairs(q.options) do
    if o.label:sub(1, #prefix) == prefix then return o.label end
  end
end

-- the move option (or Sprint corridor) that brings the seat closest to room `to`
local function towards(q, here, to, prefix)
  local best, bd = nil, dist(here, to)
  for _, o in ipairs(q.options) do
    if o.label:sub(1, #prefix) == prefix then
      local name = o.label:sub(#prefix + 1)
      local cut = name:find(" (", 1, true)
      if cut then name = name:sub(1, cut - 1) end
      local r = BY_NAME[name]
      if r and dist(r, to) < bd then best, bd = o.label, dist(r, to) end
    end
  end
  return best
end

local function target_room(view, me)
  local g, p = goal(view, me), view.game
  local core = p.core or 0
  local here = view.seats[me].props.room
  local spare = (p.time or 0) * 2 - dist(here, SHIP.pods) - 2
  if (g == "escape_core" and core < 2) or (g == "sabotage" and core > 0) then
    if spare > dist(here, SHIP.engine) + dist(SHIP.engine, SHIP.pods) then return SHIP.engine end
  end
  return SHIP.pods
end

local function action(view, q)
  local me = q.seat
  local g = goal(view, me)
  local props = view.seats[me].props
  local here = props.room
  if g == "sabotage" and has(q, "sabotage the core") then return "sabotage the core" end
  if g == "escape_core" and has(q, "repair the core") and (view.game.core or 0) < 3 then return "repair the core" end
  if (props.wounds or 0) >= 2 then
    local heal = starting(q, "treat a wound") or starting(q, "play Patch Up") or starting(q, "use Triage")
    if heal then return heal end
  end
  local fight = starting(q, "play Shoot") or starting(q, "fight the ")
  if fight then return fight end
  local clean = starting(q, "use Quarantine") or starting(q, "analyse a contamination")
  if clean then return clean end
  local to = target_room(view, me)
  local urgent = (view.game.time or 0) * 2 <= dist(here, SHIP.pods) + 2
  if urgent and dist(here, SHIP.pods) >= 2 and starting(q, "play Sprint") then return starting(q, "play Sprint") end
  local step = towards(q, here, to, "move to the ")
  if urgent and step then return step end
  if here ~= SHIP.pods and starting(q, "search the ") then return starting(q, "search the ") end
  if step then return step end
  if starting(q, "play Hide") then return starting(q, "play Hide") end
  return "end your turn"
end

return {
  crew = {
    about = "plays for its own secret objective: the core first if it cares, then the escape pods in time",
    answer = function(view, q)
      if q.tag == "action" then
        return action(view, q)
      elseif q.tag == "sprint" then
        local here = view.seats[q.seat].props.room
        return towards(q, here, target_room(view, q.seat), "to the ") or "stop here"
      elseif q.tag == "pay" then
        -- keep Shoot and Sprint; pay with the rest first
        local order = { "Overclock", "Hide", "Patch Up", "Sprint", "Shoot" }
        local picks = {}
        for _, name in ipairs(order) do
          for _, o in ipairs(q.options) do
            if o.label == name and #picks < q.min then picks[#picks + 1] = o.id end
          end
        end
        return picks
      end
    end,
  },
}
