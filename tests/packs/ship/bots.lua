-- Ship's bots. `survivor` plays a crew member sensibly: it shoots what is in its room,
-- heals when hurt, shuts an open door on intruders next door, searches, works at its
-- secret objective, and heads for the escape
-- pods (or stays in cryo) before the ship self-destructs.

local function option(q, pred)
  for _, o in ipairs(q.options) do
    if pred(o, o.data or {}) then return o end
  end
end

local function best(q, pred, score)
  local pick, top
  for _, o in ipairs(q.options) do
    local d = o.data or {}
    if pred(o, d) then
      local v = score(d)
      if top == nil or v < top then pick, top = o, v end
    end
  end
  return pick
end

local function my_room(view, me)
  for _, z in ipairs(view.zones) do
    for _, c in ipairs(z.cards or {}) do
      if c.id == "crew" and c.controller == me then return z.name end
    end
  end
end

local function answer(view, q)
  local me = q.seat
  local props = view.seats[me].props or {}
  local goal = props._goal
  local held = (view.seats[me].supply or {}).gear or {}
  local hp = ((view.seats[me].supply or {}).health or {}).hp or 0
  local time = (view.game or {}).time or 6
  local room = my_room(view, me)
  local safe = room == "pods" or room == "cryo"

  if q.tag == "action" then
    -- Burst Fire hits for 2 for sure; a plain shot misses on 1-2
    local o = option(q, function(o, d) return d.id == "burst" end)
             or best(q, function(o, d) return d.action == "shoot" end, function(d) return d.hp end)
    if o then return o.id end
    if hp <= 1 then
      o = option(q, function(o, d) return d.action == "medkit" or d.id == "patch" end)
      if o then return o.id end
    end
    -- late: get to the pods (or stay safe)
    if time <= 2 then
      if safe then return option(q, function(o) return o.label == "end your turn" end).id end
      o = best(q, function(o, d) return d.action == "move" or d.action == "door" end,
               function(d) return d.to_pods or 99 end)
        or option(q, function(o, d) return d.id == "sprint" end)
      if o then return o.id end
    end
    -- shut a door on the intruders next door before they close in
    o = option(q, function(o, d) return d.action == "close" and (d.intruders or 0) > 0 end)
    if o then return o.id end
    o = option(q, function(o, d) return d.action == "search" end)
    if o then return o.id end
    if hp < 3 then
      o = option(q, function(o, d) return d.action == "medkit" or d.id == "patch" end)
      if o then return o.id end
    end
    o = option(q, function(o, d) return d.id == "adrenaline" or d.id == "scavenge" or d.id == "scan" end)
    if o then return o.id end
    if goal == "scientist" and not props.sample then
      o = best(q, function(o, d) return d.action == "move" end, function(d) return d.to_lab or 99 end)
      if o then return o.id end
    end
    o = option(q, function(o, d) return d.action == "move" and not d.explored end)
        or option(q, function(o, d) return d.action == "door" end)
        or option(q, function(o, d) return d.action == "move" and d.intruders == 0 and (goal == "hunter") == false end)
    if o then return o.id end
    return option(q, function(o) return o.label == "end your turn" end).id
  elseif q.kind == "amounts" then
    local want = hp < 3 and "medkit" or "ammo"
    local other = want == "medkit" and "ammo" or "medkit"
    local a = { ammo = 0, medkit = 0 }
    local need = q.min > 0 and q.max or q.max
    for _, o in ipairs(q.options) do if o.key == want then a[want] = math.min(o.max, need) end end
    for _, o in ipairs(q.options) do
      if o.key == other then a[other] = math.min(o.max, need - a[want]) end
    end
    if q.tag == "give" then return nil end
    return a
  elseif q.tag == "sprint" then
    if time <= 2 then
      local o = option(q, function(o, d) return d.room == "pods" or d.room == "cryo" end)
      if o then return o.id end
    end
    local o = option(q, function(o, d) return d.room and not d.explored end)
    if o then return o.id end
  end
  -- anything else: the random bot answers
end

return {
  survivor = { about = "shoots what is in its room, heals, shuts doors on intruders, searches, works at its objective and reaches the pods or cryo before the end", answer = answer },
}
