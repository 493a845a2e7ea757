-- Bots for Not Alone (docs/games/notalone.md, "Bots"). A bot answers one question at a
-- time from what its seat sees: `view` (the seat's view: seats with their Will, zones
-- with the cards the seat may see, the game's properties: counters, tokens, the flags of
-- the turn) and `q` (prompt, tag, options). It returns an option's label, a list of
-- labels, or nil to leave the question to the random bot. It keeps nothing between calls.
--
-- `basic` plays both roles. Its core is one model of where each Hunted is likely to lay
-- its card, built only from what the whole table sees (the Place cards a Hunted still
-- holds are the places it owns minus its public discard pile): the Creature hunts where
-- that model says the Hunted are, and a Hunted lays where the same model says the
-- Creature is least likely to hunt, weighed against what the place's power is worth.
--
--   ./tabula sim notalone -n 2000 --players 4 --bots basic          (both roles)
--   ./tabula sim notalone -n 2000 --players 4 --bots hunted=basic   (one role)

local CREATURE = 1
local PLACES = { "Lair", "Jungle", "River", "Beach", "Rover",
                 "Swamp", "Shelter", "Wreck", "Source", "Artefact" }
local NUMBER = {}
for i, name in ipairs(PLACES) do NUMBER[name] = i end
local ADJ = { { 2, 6 }, { 1, 3, 7 }, { 2, 4, 8 }, { 3, 5, 9 }, { 4, 10 },
              { 1, 7 }, { 2, 6, 8 }, { 3, 7, 9 }, { 4, 8, 10 }, { 5, 9 } }

-- ------------------------------------------------------------------ reading the view

-- The zone `name` of seat `owner` (nil: a zone of the table). The view is made afresh
-- for each question, so what the bot works out from it is kept in it (view._zones and
-- the like) for the rest of that question, never longer.
local function zone(view, name, owner)
  local index = view._zones
  if not index then
    index = {} -- index[name][owner or 0]
    for _, z in ipairs(view.zones) do
      local by = index[z.name]
      if not by then by = {}; index[z.name] = by end
      by[z.owner or 0] = z
    end
    view._zones = index
  end
  local by = index[name]
  return by and by[owner or 0]
end

-- The places seat s took from the reserve (the Rover), by number, as a set: the log
-- says it to everyone ("seat 3 takes the Wreck from the reserve"); view.log holds the
-- seat's log lines because the bot asks for them (log = true, at the end).
-- (one pass over the log for every seat, the first time a question needs it)
local function taken_from_reserve(view, s)
  local all = view._taken
  if not all then
    all = {}
    for _, line in ipairs(view.log or {}) do
      local seat, at = line:match("^seat (%d+) takes the ()")
      local name = seat and line:match("^(%a+) from the reserve$", at)
      if name and NUMBER[name] then
        seat = tonumber(seat)
        all[seat] = all[seat] or {}
        all[seat][NUMBER[name]] = true
      end
    end
    view._taken = all
  end
  return all[s] or {}
end

-- The names of the cards of a zone the seat sees, as a set (kept in the zone: not to
-- be changed), and how many are hidden.
local NONE = { cards = {} }
local function names(z)
  z = z or NONE
  local set = z._names
  if set then return set, z._hidden end
  local hidden = 0
  set = {}
  for _, c in ipairs(z.cards or {}) do
    if c.hidden then hidden = hidden + 1 else set[c.name] = true end
  end
  if z ~= NONE then z._names, z._hidden = set, hidden end
  return set, hidden
end

local function count(z) return z and z.count or 0 end
local function props(view, s) return view.seats[s].props or {} end
local function will(view, s) return props(view, s).will or 3 end

local function hunted(view)
  local out = {}
  for s = 2, #view.seats do out[#out + 1] = s end
  return out
end

-- Where Hunted s stands once its cards are revealed: a list of place numbers (a card
-- Detour moved counts as being where its "loc" property says).
local function locations(view, s)
  local out = {}
  for _, c in ipairs((zone(view, "played", s) or {}).cards or {}) do
    if not c.hidden then out[#out + 1] = (c.props and c.props.loc) or NUMBER[c.name] end
  end
  return out
end

-- The places a token covers ({} when it is not on the board).
local function token(view, kind) return view.game["tok_" .. kind] or {} end
local function on(list, p)
  for _, x in ipairs(list) do if x == p then return true end end
  return false
end

-- Options of q by label, and the first label of `want` that q offers.
local function offered(q)
  local set = {}
  for _, o in ipairs(q.options) do set[o.label] = true end
  return set
end
local function pick(q, want)
  local set = offered(q)
  for _, label in ipairs(want) do if set[label] then return label end end
end

-- The option whose score is highest (score(label) -> number; ties: the first).
local function best(q, score)
  local top, topv
  for _, o in ipairs(q.options) do
    local v = score(o.label)
    if v and (not topv or v > topv) then top, topv = o.label, v end
  end
  return top, topv
end

-- The k options with the highest scores (k = q.max, at least q.min).
local function best_k(q, k, score)
  local list = {}
  for _, o in ipairs(q.options) do list[#list + 1] = o.label end
  table.sort(list, function(a, b) return score(a) > score(b) end)
  local out = {}
  for i = 1, math.min(k, #list) do out[i] = list[i] end
  return out
end

-- ------------------------------------------------------------------ the public model

-- What laying place p and using its power is worth to Hunted me this turn, from public
-- facts (its discard pile, the reserve, the Marker, everyone's Will), so the Creature
-- can reckon it too: the Wreck and a Beach with the Marker on move Rescue, the Rover
-- fetches a place (the Wreck best), the Lair, Jungle and Swamp bring cards back.
local function power_worth(view, me, p)
  local g = view.game
  local discarded = count(zone(view, "discard", me))
  if p == 8 then return 5 end
  if p == 4 then return g.marker and 4.5 or 2.5 end
  if p == 1 then return discarded >= 3 and 4 or (discarded == 2 and 2.5 or 1) end
  if p == 2 then return discarded > 0 and 3 or 2 end
  if p == 6 then return discarded > 0 and 3.5 or 2 end
  if p == 5 then
    -- the Rover is worth what it may take: a reserve place this seat does not own
    local owned = {}
    for _, zn in ipairs({ "hand", "discard", "played" }) do
      for name in pairs(names(zone(view, zn, me))) do owned[name] = true end
    end
    local left = names(zone(view, "reserve"))
    if left.Wreck and not owned.Wreck then return 4 end
    for q = 6, 10 do
      if left[PLACES[q]] and not owned[PLACES[q]] then return 3 end
    end
    return 1
  end
  if p == 3 then return props(view, me).next_two and 1 or 2.5 end
  if p == 10 then return props(view, me).next_two and 1 or 2 end
  if p == 7 then return 2.5 end
  if p == 9 then
    for _, s in ipairs(hunted(view)) do
      local w = will(view, s)
      if w == 1 then return 3.5 end
    end
    return 2.5
  end
  return 1
end

-- What being caught on place p costs Hunted s, on the scale of power_worth: a step of
-- Assimilation (as much as the Wreck's step of Rescue), and the Will, the more so the
-- less is left (the last Will moves Assimilation once more); the Lair costs 1 Will more.
local function catch_cost(view, s, p)
  local w = will(view, s)
  return 6 + (w == 1 and 5 or (w == 2 and 2 or 1)) + (p == 1 and 2 or 0)
end

-- Where Hunted s may lay its card, as weights by place number, from public facts only:
-- it starts with places 1–5 and keeps every place it owns in hand or on the table, so
-- the places 1–5 not in its discard pile are in its hand (or laid); any further cards it
-- holds are places 6–10 taken from the reserve (not in its discard either): the log says
-- which. Each card it may hold weighs the same. A card the seat sees in that hand (its
-- own, or shown by Phobia) is certain.
local function lay_weights(view, s)
  local w = {}
  for p = 1, 10 do w[p] = 0 end
  local hz, pz = zone(view, "hand", s), zone(view, "played", s)
  local held, hidden = names(hz)
  local gone, gone_hidden = names(zone(view, "discard", s))
  local total = count(hz) + count(pz)
  if total == 0 then return w end
  -- (a Hunted's own hand is left out: the model is what the Creature can know)
  if s == view.seat then held = {} end
  local known, sure = 0, {}
  for p = 1, 5 do
    if gone_hidden > 0 or not gone[PLACES[p]] then sure[p] = true; known = known + 1 end
  end
  for name in pairs(held) do
    local p = NUMBER[name]
    if not sure[p] then sure[p] = true; known = known + 1 end
  end
  for p in pairs(taken_from_reserve(view, s)) do
    if not sure[p] and not gone[PLACES[p]] then sure[p] = true; known = known + 1 end
  end
  local extra = math.max(0, total - known)
  for p in pairs(sure) do w[p] = 1 end
  if extra > 0 then
    -- a place of the reserve with fewer copies left than another was taken by someone
    local reserve, left, most = zone(view, "reserve"), {}, 0
    for _, c in ipairs(reserve and reserve.cards or {}) do
      if not c.hidden then left[c.name] = (left[c.name] or 0) + 1 end
    end
    for p = 6, 10 do most = math.max(most, left[PLACES[p]] or 0) end
    local cand, sum = {}, 0
    for p = 6, 10 do
      if not sure[p] and not gone[PLACES[p]] then
        cand[p] = most - (left[PLACES[p]] or 0) + 0.2
        sum = sum + cand[p]
      end
    end
    for p, k in pairs(cand) do w[p] = extra * k / sum end
  end
  -- a Hunted lays the places whose power is worth more to it more often
  for p = 1, 10 do
    if w[p] > 0 then w[p] = w[p] * 2 ^ (power_worth(view, s, p) / 1.5) end
  end
  local sum = 0
  for p = 1, 10 do sum = sum + w[p] end
  for p = 1, 10 do w[p] = w[p] / sum end
  return w
end

-- The chance that Hunted s stands on place p: after the reveal, its revealed places;
-- before, lay_weights. A River player (lay2 = "river") keeps one of two after seeing the
-- tokens, so it is harder to catch: its weights count half.
-- (worked out once per question and seat: not to be changed)
local function presence(view, s)
  local known = view._presence
  if not known then known = {}; view._presence = known end
  if known[s] then return known[s] end
  local w
  local revealed = locations(view, s)
  if #revealed > 0 then
    w = {}
    for p = 1, 10 do w[p] = on(revealed, p) and 1 or 0 end
  else
    w = lay_weights(view, s)
    local two = props(view, s).lay2
    local k = two == "artefact" and 2 or (two == "river" and 1.5 or 1)
    if k ~= 1 then for p = 1, 10 do w[p] = math.min(1, w[p] * k) end end
    if two == "river" then for p = 1, 10 do w[p] = w[p] * 0.5 end end
  end
  known[s] = w
  return w
end

-- What the Creature token on place p is worth to the Creature: the chance to catch at
-- least one Hunted there (a catch moves Assimilation once, however many are caught),
-- more for a Hunted it would break (last Will: one more step) or that the Lair or
-- Fierceness hurt more, and a little for each Hunted it holds off a place's power.
-- skip: a place already taken by another token (the second token goes elsewhere).
local function hunt_scores(view, skip)
  local miss, extra = {}, {}
  for p = 1, 10 do miss[p], extra[p] = 1, 0 end
  local fierce = (view.game.fierceness or 0) > 0
  for _, s in ipairs(hunted(view)) do
    local w, wl = presence(view, s), will(view, s)
    for p = 1, 10 do
      if w[p] > 0 then
        miss[p] = miss[p] * (1 - w[p])
        local loss = 1 + (p == 1 and 1 or 0) + (fierce and 1 or 0)
        if loss >= wl then extra[p] = extra[p] + w[p] end -- breaks its Will: +1 Assimilation
        if p == 8 or p == 4 then extra[p] = extra[p] + 0.2 * w[p] end -- no Rescue from it
        extra[p] = extra[p] + 0.1 * w[p]
      end
    end
  end
  local score = {}
  for p = 1, 10 do
    score[p] = (1 - miss[p]) + extra[p]
    if skip and on(skip, p) then score[p] = score[p] - 10 end
  end
  return score
end

local function argmax(score, allowed)
  local top
  for p = 1, 10 do
    if (not allowed or allowed[p]) and (not top or score[p] > score[top]) then top = p end
  end
  return top
end

-- How likely the Creature is to hunt each place, summing to 1: it draws its place at
-- random in proportion to each place's score, so that the best place is the likeliest
-- but the Hunted cannot count on it. A Creature that always took the best place would
-- be dodged every turn by Hunted reading the same public model (basic against basic:
-- the Hunted won 99% at 4 players that way); sharper odds (score squared, cubed) did
-- worse against basic Hunted, and no better against random ones.
local function hunt_odds(score)
  local odds, sum = {}, 0
  for p = 1, 10 do
    odds[p] = math.max(score[p], 0)
    sum = sum + odds[p]
  end
  for p = 1, 10 do odds[p] = sum > 0 and odds[p] / sum or 0.1 end
  return odds
end

-- A place drawn from those odds.
local function draw(odds)
  local r = math.random()
  for p = 1, 10 do
    r = r - odds[p]
    if r <= 0 then return p end
  end
  return argmax(odds)
end

-- ================================================================== the Hunted =======

-- What a Survival card is worth keeping (Shelter, Toxin and the like).
local SURVIVAL_WORTH = {
  Dodge = 9, ["Wrong Track"] = 8, Amplifier = 7, Adrenaline = 6, ["Strike Back"] = 6,
  Sacrifice = 5, Gate = 5, Drone = 4, Vortex = 5, ["Sixth Sense"] = 5, ["Double Back"] = 4,
  Detector = 3, Hologram = 3, Ingenuity = 4, Smokescreen = 3,
}

-- How likely the Creature is to hunt each place, as the Creature's own model has it.
local function danger(view)
  return hunt_odds(hunt_scores(view))
end

-- The value of laying place p: its power, less the danger d[p] of being caught there.
local function lay_value(view, me, p, d)
  return power_worth(view, me, p) - catch_cost(view, me, p) * d[p]
end

-- Which discarded card to take back first: the ones that move Rescue or bring cards back.
local TAKE_ORDER = { Wreck = 9, Beach = 8, Swamp = 7, Rover = 6, Jungle = 5, Lair = 5,
                     Source = 4, Shelter = 4, River = 3, Artefact = 3 }

-- The Phase-1 and Phase-4 Survival cards worth playing now, best first.
local function survival_now(view, me, q)
  local g = view.game
  local hand_n = count(zone(view, "hand", me))
  local discarded = count(zone(view, "discard", me))
  local want = {}
  if will(view, me) < 3 then want[#want + 1] = "play Adrenaline" end
  want[#want + 1] = "play Amplifier"
  if count(zone(view, "hand", CREATURE)) >= 2 then want[#want + 1] = "play Strike Back" end
  if not g.marker then want[#want + 1] = "play Ingenuity" end
  if discarded >= 2 and hand_n <= 3 then want[#want + 1] = "play Sixth Sense" end
  if hand_n >= 4 then want[#want + 1] = "play Sacrifice" end
  if view.step == "end" then want[#want + 1] = "play Double Back" end
  return pick(q, want)
end

-- The Phase-2 and Phase-3 Survival cards worth playing now: against a token on our place.
local function survival_react(view, me, q)
  local places = locations(view, me)
  local creature, artemia = token(view, "creature"), token(view, "artemia")
  local clone = (view.game.clone or 0) > 0 and token(view, "target") or {}
  local want = {}
  for _, p in ipairs(places) do
    if on(creature, p) or on(clone, p) then
      want[#want + 1] = "play Dodge"
      want[#want + 1] = "play Wrong Track"
      want[#want + 1] = "play Vortex"
    end
    if on(artemia, p) and (count(zone(view, "hand", me)) > 0 or (view.game.mutation or 0) > 0) then
      want[#want + 1] = "play Detector"
      want[#want + 1] = "play Hologram"
    end
  end
  return pick(q, want)
end

-- The place a token should move to (Hologram, Wrong Track): where fewest Hunted stand.
local function emptiest(view, q)
  local here = {}
  for p = 1, 10 do here[p] = 0 end
  for _, s in ipairs(hunted(view)) do
    for _, p in ipairs(locations(view, s)) do here[p] = here[p] + 1 end
  end
  return best(q, function(label) return NUMBER[label] and -here[NUMBER[label]] end)
end

local function hunted_answer(view, q)
  local me = q.seat
  local hand_n = count(zone(view, "hand", me))
  local w = will(view, me)
  local opts = offered(q)

  if q.kind == "play" then -- a card window: play or pass
    if view.step == "exploration" or view.step == "end" then return survival_now(view, me, q) or "pass" end
    return survival_react(view, me, q) or "pass"
  end

  if q.tag == "explore" then
    -- Phase 1: a Survival card first when one helps; never give up while a card can be
    -- laid; resist when the hand runs low and Will can pay for it
    local card = survival_now(view, me, q)
    if card then return card end
    local discarded = count(zone(view, "discard", me))
    if opts.resist and discarded >= 2 and ((hand_n <= 1 and w >= 2) or (hand_n <= 2 and w == 3)) then
      return "resist"
    end
    local d = danger(view)
    local label = best(q, function(l)
      local p = NUMBER[l]
      return p and lay_value(view, me, p, d) + math.random() * 0.5
    end)
    if label then return label end
    return pick(q, { "resist", "give up" })
  end

  if q.tag == "river" then -- keep the card the tokens miss
    local bad = function(p)
      return (on(token(view, "creature"), p) and 10 or 0) + (on(token(view, "artemia"), p) and 3 or 0)
        + (on(token(view, "target"), p) and 2 or 0)
    end
    return best(q, function(l) return power_worth(view, me, NUMBER[l]) - bad(NUMBER[l]) end)
  end

  if q.tag == "resolve" then
    -- the power, unless taking a card back is worth more (an empty-handed seat);
    -- the Gate when a neighbour is the Wreck or a Beach with the Marker on
    local p = NUMBER[q.prompt:match("on the (%a+):")]
    if opts.gate then
      for _, n in ipairs(ADJ[p]) do
        if (n == 8 and not view.game.wreck_used) or (n == 4 and view.game.marker and not view.game.beach_used) then
          if p ~= 8 and p ~= 4 then return "gate" end
        end
      end
    end
    if opts.drone and (p == 3 or p == 10 or p == 7) and power_worth(view, me, 5) >= 3 then return "drone" end
    if opts.power and opts["take back"] then
      local worth = power_worth(view, me, p)
      if hand_n <= 1 and (p == 3 or p == 10 or p == 7 or p == 9) then return "take back" end
      if worth >= 2 then return "power" end
      return "take back"
    end
    return pick(q, { "power", "take back" })
  end

  if q.tag == "lair" then
    local copy = pick(q, { "copy the Wreck" })
    if copy and not view.game.wreck_used then return copy end
    if view.game.marker and not view.game.beach_used and opts["copy the Beach"] then return "copy the Beach" end
    return pick(q, { "take back all", "take back 1 card", "copy the Swamp", "copy the Jungle" })
  end
  if q.tag == "rover" then
    return pick(q, { "Wreck", "Swamp", "Shelter", "Source", "Artefact" })
  end
  if q.tag == "source" then
    -- 1 Will to the Hunted closest to breaking, else a Survival card
    local target, low = nil, 3
    for _, s in ipairs(hunted(view)) do
      if will(view, s) < low and opts["Will for seat " .. s] then target, low = s, will(view, s) end
    end
    if target and low == 1 then return "Will for seat " .. target end
    if opts["draw a Survival card"] then return "draw a Survival card" end
    if target then return "Will for seat " .. target end
  end
  if q.tag == "place" and q.prompt:find("^Gate") then
    return pick(q, { "Wreck", "Beach", "Swamp", "Rover", "Source", "Shelter", "Jungle", "River" })
  end
  if q.tag == "place" then return emptiest(view, q) end -- Hologram, Wrong Track
  if q.tag == "token" then return pick(q, { "the Creature token" }) end

  if q.tag == "play_now" then return survival_react(view, me, q) or "pass" end
  if q.tag == "keep" and q.prompt:find("Survival") then -- Shelter
    return best(q, function(l) return SURVIVAL_WORTH[l] or 1 end)
  end
  if q.tag == "keep" or q.tag == "hide" then -- Ascendancy, Phobia: the two best places
    return best_k(q, 2, function(l) return TAKE_ORDER[l] or 0 end)
  end
  if q.tag == "scream" then
    -- a card is cheaper than Will while the hand is large; never lose the last Will
    if w == 1 or hand_n >= 4 then return pick(q, { "discard 2 cards", "discard 1 card" }) end
    return "lose 1 Will"
  end
  if q.tag == "discard" then
    if q.prompt:find("Survival") then return best(q, function(l) return -(SURVIVAL_WORTH[l] or 1) end) end
    local k = math.max(q.min, 1)
    local list = best_k(q, #q.options, function(l) return TAKE_ORDER[l] or 0 end)
    local out = {}
    for i = 1, k do out[i] = list[#list + 1 - i] end
    return k == 1 and out[1] or out
  end
  if q.tag == "take" or q.tag == "vortex" then
    if q.prompt:find("swap") then -- Vortex: give up the laid card under a token
      return best(q, function(l) return on(token(view, "creature"), NUMBER[l]) and 1 or 0 end)
    end
    if q.tag == "vortex" then -- the discarded place with no token on it, the best one
      return best(q, function(l)
        local p = NUMBER[l]
        local hit = on(token(view, "creature"), p) or on(token(view, "artemia"), p) or on(token(view, "target"), p)
        return (hit and -10 or 0) + power_worth(view, me, p)
      end)
    end
    -- Double Back, the take-back, Resist, Sixth Sense, the Swamp: the best cards
    if q.max > 1 then return best_k(q, q.max, function(l) return TAKE_ORDER[l] or 0 end) end
    return best(q, function(l) return TAKE_ORDER[l] or 0 end)
  end
end

-- ================================================================== the Creature =====

-- What a Hunt card is worth playing this turn (0: not now). Cards of a later phase are
-- weighed too, so that a weak card now does not spend the allowance a better one needs.
local function hunt_worth(view, name)
  local g = view.game
  local n = #view.seats - 1
  local close = g.rescue <= 4
  local worth = {
    Clone = 9, Despair = 6, Virus = 6, Mutation = 5, Phobia = 4, Fierceness = 4,
    Anticipation = 5, Scream = 4, Toxin = 3, Mirage = 3, ["Force Field"] = 3,
    ["Forbidden Zone"] = n >= 3 and 5 or 3, Ascendancy = 3, Persecution = 2, Tracking = 3,
    Interference = (g.marker or close) and 5 or 2,
    Stasis = close and 10 or (g.rescue <= 8 and 6 or 4),
    Detour = 3, Cataclysm = 2,
  }
  if view.step == "reckoning" then
    -- Phase 3: Detour is worth a catch when a revealed Hunted stands next to the Creature
    -- token and nobody stands on it; Cataclysm when a Hunted is on an untouched Wreck
    local c = token(view, "creature")
    local caught, near = false, false
    for _, s in ipairs(hunted(view)) do
      for _, p in ipairs(locations(view, s)) do
        if on(c, p) then caught = true end
        for _, t in ipairs(c) do if on(ADJ[p], t) then near = true end end
      end
    end
    worth.Detour = (near and not caught) and 8 or 0
    worth.Cataclysm = 0
    for _, s in ipairs(hunted(view)) do
      local here = locations(view, s)
      if on(here, 8) and not on(c, 8) and not g.wreck_used then worth.Cataclysm = 5 end
      if on(here, 4) and g.marker and not on(c, 4) and not g.beach_used then worth.Cataclysm = 5 end
    end
  end
  if name == "Flashback" then
    local top = zone(view, "hunt_discard")
    top = top and top.cards[1]
    return top and not top.hidden and (worth[top.name] or 2) - 0.5 or 0
  end
  return worth[name] or 2
end

local PHASE = { exploration = 1, hunting = 2, reckoning = 3, ["end"] = 4 }
local CARD_PHASE = {
  Despair = 1, ["Force Field"] = 1, Anticipation = 2, Ascendancy = 2, Fierceness = 2,
  ["Forbidden Zone"] = 2, Interference = 2, Persecution = 2, Mutation = 2, Phobia = 2,
  Virus = 2, Clone = 2, Mirage = 2, Scream = 2, Toxin = 2, Cataclysm = 3, Detour = 3,
  Stasis = 4, Tracking = 4,
}

-- The Hunted most likely on place p (for Anticipation), and the one holding most cards.
local function likeliest(view, p)
  local top, topw
  for _, s in ipairs(hunted(view)) do
    local w = presence(view, s)[p]
    if not topw or w > topw then top, topw = s, w end
  end
  return top
end

local function creature_answer(view, q)
  local g = view.game
  if q.kind == "play" then
    -- play the offered card worth most, unless a card of a later phase held is worth more
    local now = PHASE[view.step] or 0
    local label, v = best(q, function(l)
      local name = l:match("^play (.+)$")
      return name and hunt_worth(view, name)
    end)
    if not label or v <= 0 then return "pass" end
    for name in pairs(names(zone(view, "hand", CREATURE))) do
      local ph = CARD_PHASE[name]
      if ph and ph > now and hunt_worth(view, name) > v + 1 then return "pass" end
    end
    return label
  end

  if q.tag == "board" then return q.options[2].label end -- side 2: Artemia symbols from 11 on

  if q.tag == "place" then
    local prompt = q.prompt
    if prompt:find("Creature token") and not prompt:find("Wrong") then
      return PLACES[draw(hunt_odds(hunt_scores(view)))]
    end
    if prompt:find("Target token") or prompt:find("Artemia token") then
      -- a second token: a place away from the Creature token
      return PLACES[draw(hunt_odds(hunt_scores(view, token(view, "creature"))))]
    end
    if prompt:find("^Cataclysm") then
      for _, s in ipairs(hunted(view)) do
        if on(locations(view, s), 8) then return "Wreck" end
      end
      return "Beach"
    end
    if prompt:find("^Detour") then -- onto the Creature token
      local c = token(view, "creature")
      return best(q, function(l) return on(c, NUMBER[l]) and 1 or 0 end)
    end
    return nil
  end

  if q.tag == "pair" then
    -- Virus / Mirage: across the pair where most Hunted are likely; Force Field: deny the
    -- pair of places most likely laid, which crowds the Hunted together
    local score = hunt_scores(view, q.prompt:find("Force Field") and nil or token(view, "creature"))
    return best(q, function(l)
      local at = l:find(" & ", 1, true) -- "Jungle & River"
      return at and score[NUMBER[l:sub(1, at - 1)]] + score[NUMBER[l:sub(at + 3)]]
    end)
  end

  if q.tag == "seat" then
    if q.prompt:find("^Anticipation") then
      local s = likeliest(view, argmax(hunt_scores(view)))
      return pick(q, { "seat " .. s })
    end
    if q.prompt:find("^Detour") then
      -- a Hunted standing next to the Creature token
      local c = token(view, "creature")
      return best(q, function(l)
        local pn = l:match("on the (%a+)")
        local p = NUMBER[pn]
        for _, t in ipairs(c) do if on(ADJ[p], t) then return 1 end end
        return 0
      end)
    end
    -- Ascendancy, Phobia: the Hunted holding most cards
    return best(q, function(l)
      local s = tonumber(l:match("seat (%d+)"))
      return s and count(zone(view, "hand", s))
    end)
  end
end

return {
  basic = {
    log = true, -- view.log: who took which place from the reserve
    about = "Hunted: lays away from where the Creature's model hunts, uses powers, never gives up idly; "
      .. "Creature: hunts where the Hunted's held places point, plays its Hunt cards when they help",
    answer = function(view, q)
      if q.seat == CREATURE then return creature_answer(view, q) end
      return hunted_answer(view, q)
    end,
  },
}
