-- Not Alone helpers, part 2: Phase 3, the Reckoning (digest 2.3), step by step.
-- The rules (games/notalone/rules.lua) call step_untouched … step_broken_will with the
-- Phase-3 card windows in between; place powers, Drone and Gate are resolved here.
--
-- A Hunted's location is each card in their "played" zone, at the place number held in
-- the card's "loc" property (its own number unless Detour moved it). A location is
-- resolved at most once (card property "_resolved"): by its place (Step 3 or 4), by the
-- Artemia token (Step 5) or by a catch (Step 6).

local function clone_active() return count_of("clone") > 0 end

-- Questions that never change, made once (the host only reads them): the order of an
-- Artefact player's two places, and what to do on each place (by number), the prompt
-- naming what the options offer: RESOLVE_ASK[p] both, [p + 10] the power (an empty
-- discard; a Drone or a Gate may be offered beside it), [p + 20] a take-back (a power
-- that cannot be used; asked only beside "nothing", the place_pass option).
local ORDER_ASK = { prompt = "resolve which place first?", tag = "order" }
local RESOLVE_ASK = {}
for p = 1, 10 do
  local on = "on the " .. PLACE_NAMES[p] .. ": "
  RESOLVE_ASK[p] = { prompt = on .. "use its power or take back a card", tag = "resolve" }
  RESOLVE_ASK[p + 10] = { prompt = on .. "use its power", tag = "resolve" }
  RESOLVE_ASK[p + 20] = { prompt = on .. "take back a card (its power cannot be used now)", tag = "resolve" }
end

-- The Target cards of the turn whose effect applies in Step 4 (Scream, Toxin).
local function target_effects()
  if clone_active() and not opt("clone_target_cards") then return {} end
  return game.get("_target_fx") or {}
end

-- A step's view of the board, read once and passed down for as long as it holds: the
-- places of the three tokens (nil when off the board; the properties of lib.lua's
-- TOK_KEY); past_target, whether Step 4 is over; whether Clone is active and whether
-- Target cards still hit under it (creature_state fills these in when a place under the
-- Target token first needs them);
-- view[s] and view[-s], seat s's played cards and their places (filled in by where).
-- Resolving a place ends it: the power may move a played card (Jungle) or let the
-- Hunted play a card at once (Shelter, then Hologram or Wrong Track), so a caller takes
-- a new view after any resolution.
local function reckoning_view()
  return { creature = game.get("tok_creature"), target = game.get("tok_target"),
           artemia = game.get("tok_artemia"), past_target = (game.get("_step") or 0) >= 4 }
end

-- Where seat s stands: its played cards in played order, and a list of the place each
-- one counts as (same order). view: a reckoning_view() still valid (optional), which
-- keeps both lists for the rest of the step.
local function where(s, view)
  local cards = view and view[s]
  if cards then return cards, view[-s] end
  -- (played(s) and place_of written out: this runs for every seat at every step)
  cards = zone.cards(zone.get("played", s))
  local places = {}
  for i = 1, #cards do
    local c = cards[i]
    places[i] = card.get(c, "loc") or PLACE_NUMBER[card.id(c)]
  end
  if view then view[s], view[-s] = cards, places end
  return cards, places
end

-- The Creature token and the Target token as they act on seat s at place p: three
-- flags, creature (caught by the Creature token), clone (caught by the Target token
-- under Clone) and target (hit by the Target cards). Dodge ignores the Creature token
-- and the Clone target; the seat's Dodge flag is read only when it matters. view: a
-- reckoning_view() still valid.
local function creature_state(s, p, view)
  local c, t = view.creature, view.target
  local on_creature = c ~= nil and contains(c, p)
  local on_target = t ~= nil and contains(t, p)
  if not (on_creature or on_target) then return false, false, false end
  if on_target and view.clone == nil then
    view.clone = clone_active()
    view.fx = view.clone and #target_effects() > 0
  end
  local dodge = (on_creature or (on_target and view.clone)) and seat.get(s, "dodge")
  local creature = on_creature and not dodge
  if not on_target then return creature, false, false end
  if view.clone then return creature, not (dodge and opt("dodge_ignores_clone")), view.fx end
  return creature, false, true
end

-- Whether the Artemia token hits seat s at place p (Detector ignores it).
local function artemia_hits(s, p, view)
  local a = view.artemia
  return a ~= nil and contains(a, p) and not seat.get(s, "detector")
end

-- The tokens effective for seat s at place p, as four flags: creature, clone, target,
-- artemia (see creature_state and artemia_hits). view: a reckoning_view() still valid
-- (optional).
local function token_state(s, p, view)
  view = view or reckoning_view()
  local creature, clone, target = creature_state(s, p, view)
  return creature, clone, target, artemia_hits(s, p, view)
end

-- Whether no token is effective for seat s at place p (view: as for creature_state).
-- Once Step 4 is over the Target cards have hit (view.past_target): a Hunted there whom
-- the other token no longer holds (Dodge or Detector played since, Wrong Track moving
-- it) resolves the place as Dodge and Detector say, in the next step's catch-up.
local function untouched(s, p, view)
  local creature, clone, target = creature_state(s, p, view)
  return not (creature or clone or (target and not view.past_target) or artemia_hits(s, p, view))
end

-- Whether seat s may use the power of place p now (this = the card "this card" means).
-- ref: ref_card(p) when the caller has it.
-- (and why not, when the place says)
local function power_usable(s, p, this, ref)
  local ok, why = card.call(ref or ref_card(p), "usable", { seat = s, this = this, place = p })
  return ok and true or false, why
end

-- Whether a copy effect (Lair, Gate, Drone) may use the power of place p.
local function copyable(s, p, this)
  if p == 10 then return false end
  if not opt("copy_ignores_ineffective") and ineffective(p) then return false end
  return power_usable(s, p, this)
end

-- ref: ref_card(p) when the caller has it.
local function use_power(s, p, this, how, ref)
  game.log(seat_name(s) .. " uses the power of the " .. PLACE_NAMES[p] .. (how or ""))
  card.call(ref or ref_card(p), "power", { seat = s, this = this, place = p })
end

-- After drawing Survival cards in Phase 3 (Shelter, Source) a Hunted may play a
-- Phase-3 Survival card at once [BGA-impl]. Asked whenever the Hunted holds a Survival
-- card (public) and may play one, with "pass" alone when none is playable: asking only
-- then would tell the table that a playable card was drawn.
local PASS = { label = "pass", pass = true }

local function offer_play_now(s)
  if not opt("shelter_immediate_play") or game.step() ~= "reckoning" then return end
  if not survival_allowed(s) then return end
  local held = zone.cards(shand(s))
  if #held == 0 then return end
  -- (the pass option is marked so: alone, it is a formality a front end may answer)
  local opts, un = { PASS }, {}
  for _, c in ipairs(held) do
    local ok, why = card.call(c, "can_play", { seat = s, window = "reckoning" })
    if ok then opts[#opts + 1] = c elseif why then un[#un + 1] = { c, why } end
  end
  local pick = decide.choose(s, opts, { prompt = "play a Phase-3 Survival card now?", tag = "play_now",
                                        unavailable = un })
  if pick ~= PASS then survival_play_now(s, pick) end
end

-- Seat s resolves its location (card c at place p) with no effective token: use the
-- power (or Drone / Gate instead), or take back 1 discarded card; nothing at all when
-- the power is switched off.
local function resolve_place(s, c, p)
  card.set(c, "_resolved", true, "turn")
  if ineffective(p) then
    say("%s: the %s has no power this turn (no power, no take-back)", seat_name(s), place_name(p))
    return
  end
  local opts = {}
  local ref = ref_card(p)
  local usable, unusable_why = power_usable(s, p, c, ref)
  if usable then opts[#opts + 1] = "power" end
  local drone, gate, gates
  -- the first Drone and the first Gate in hand; the Survival hand, most often empty,
  -- is looked at before the allowance. Whether the seat may play one (a Survival card
  -- in hand, the allowance unused) is public; which it holds is not.
  local sh = usable and shand(s)
  local may_play = sh and zone.count(sh) > 0 and survival_allowed(s)
  if may_play then
    local held = zone.cards(sh)
    for i = 1, #held do
      local id = card.id(held[i])
      if id == "drone" then drone = drone or held[i] elseif id == "gate" then gate = gate or held[i] end
    end
    if drone and not copyable(s, 5, c) then drone = nil end
    if gate then
      gates = {}
      for _, q in ipairs(ADJ[p]) do
        if copyable(s, q, c) then gates[#gates + 1] = q end
      end
      if #gates == 0 then gate = nil end
    end
  end
  if drone then opts[#opts + 1] = "drone" end
  if gate then opts[#opts + 1] = "gate" end
  local dz = discard(s)
  local back = zone.count(dz) > 0
  if back then opts[#opts + 1] = "take back" end
  if opt("place_pass") then opts[#opts + 1] = "nothing" end
  -- a single option is taken without asking, unless the seat may play a Survival card:
  -- then skipping the question would tell the table that it holds no usable Drone or Gate
  local pick = opts[1]
  if #opts > 1 or may_play then
    local ask = RESOLVE_ASK[p + (usable and (back and 0 or 10) or 20)]
    if unusable_why then
      ask = { prompt = ask.prompt, tag = ask.tag, unavailable = { { "power", unusable_why } } }
    end
    pick = decide.choose(s, opts, ask)
  end
  if pick == "power" then
    use_power(s, p, c, nil, ref)
  elseif pick == "drone" then
    survival_play_now(s, drone)
    use_power(s, 5, c, " (Drone)")
  elseif pick == "gate" then
    survival_play_now(s, gate)
    local q = gates[1]
    if #gates > 1 then q = choose_place(s, "Gate: use the power of which adjacent place?", gates) end
    use_power(s, q, c, " (Gate)")
  elseif pick == "take back" then
    take_back(s, 1, 1, "take back 1 card from your discard pile", dz)
  elseif pick == nil then
    -- neither is possible (a Beach or Wreck used this turn, an empty discard): the
    -- table reads why nothing happens rather than a silence
    say("%s: the power of the %s cannot be used now and the discard pile is empty: nothing happens",
      seat_name(s), place_name(p))
  end
end

-- Seat s resolves every location not yet resolved that has no effective token; an
-- Artefact player with two chooses the order. view: a reckoning_view() still valid
-- (optional). Returns the view when nothing was resolved (it still holds for the next
-- seat and the rest of the step), nil otherwise.
local function resolve_untouched(s, view)
  view = view or reckoning_view()
  local cards, places = where(s, view)
  local todo -- indices in cards and places
  for i = 1, #cards do
    if not card.get(cards[i], "_resolved") and untouched(s, places[i], view) then
      todo = todo or {}
      todo[#todo + 1] = i
    end
  end
  if not todo then return view end
  if #todo == 2 then
    local a, b = PLACE_NAMES[places[todo[1]]], PLACE_NAMES[places[todo[2]]]
    if a ~= b then
      local first = decide.choose(s, { a, b }, ORDER_ASK)
      if first == b then todo[1], todo[2] = todo[2], todo[1] end
    end
  end
  for k, i in ipairs(todo) do
    local c, p = cards[i], places[i]
    -- The first one was checked just now. Resolving it may change the second: a
    -- Survival card played at once after the Shelter's or the Source's draw may move a
    -- token onto it (Wrong Track), so the second is checked again on a new view; if a
    -- token now acts on it, that token's step resolves it.
    if k == 1 then
      resolve_place(s, c, p)
    elseif not card.get(c, "_resolved") and card.zone(c) == played(s) then
      p = card.get(c, "loc") or place_of(c)
      if untouched(s, p, reckoning_view()) then resolve_place(s, c, p) end
    end
  end
  return nil
end

-- Every Hunted in seat order (n = game.seats()); one view serves until a place is
-- resolved. Returns the view when it still holds (nothing resolved), for the step to go
-- on with.
local function resolve_untouched_all(n)
  local view
  for s = 2, n do view = resolve_untouched(s, view) end
  return view
end

-- Step 3: untouched places, clockwise from the Creature's left.
local function step_untouched()
  resolve_untouched_all(game.seats())
  game.set("_step", 3, "turn")
end

-- Step 4: the Target token. Its cards' effects hit every Hunted there (once per
-- location), then those with no other effective token resolve their place.
local function step_target()
  local n = game.seats()
  local view = resolve_untouched_all(n) or reckoning_view()
  local hit
  if view.target and #view.target > 0 then -- no Target token: nobody to look at
    for s = 2, n do
      local cards, places = where(s, view)
      for i = 1, #cards do
        local _, _, target = creature_state(s, places[i], view)
        if target then
          hit = hit or {}
          hit[#hit + 1] = { seat = s, card = cards[i], place = places[i] }
        end
      end
    end
  end
  if hit then
    -- Scream and Toxin move neither a token nor a played card: the view holds until a
    -- place is resolved. Every Hunted hit chooses first (nobody sees another's answer:
    -- they decide simultaneously), then every choice is carried out, in the same order.
    local fx, plans, held = target_effects(), {}, {}
    for _, h in ipairs(hit) do
      held[h.seat] = held[h.seat] or {}
      for _, c in ipairs(fx) do
        local ctx = { seat = h.seat, place = h.place, held = held[h.seat] }
        plans[#plans + 1] = { c, ctx, card.call(c, "target_choose", ctx) }
      end
    end
    for _, p in ipairs(plans) do
      p[2].plan = p[3]
      card.call(p[1], "target_apply", p[2])
    end
    for _, h in ipairs(hit) do
      if not card.get(h.card, "_resolved") then
        view = view or reckoning_view()
        local creature, clone, _, artemia = token_state(h.seat, h.place, view)
        if not (creature or clone or artemia) then
          resolve_place(h.seat, h.card, h.place)
          view = nil
        end
      end
    end
  end
  game.set("_step", 4, "turn")
end

-- Step 5: the Artemia token: per location hit, Mutation's Will loss, then 1 Place card
-- discarded from hand (as far as the hand allows). No power, no take-back.
local function step_artemia()
  -- Will losses and discards from hand move neither a token nor a played card
  local n = game.seats()
  local view = resolve_untouched_all(n) or reckoning_view()
  local last = view.artemia and #view.artemia > 0 and n or 1 -- no Artemia token: nobody is hit
  for s = 2, last do
    local cards, places = where(s, view)
    for i = 1, #cards do
      if artemia_hits(s, places[i], view) then
        card.set(cards[i], "_resolved", true, "turn")
        for _ = 1, count_of("mutation") do lose_will(s, 1, "Mutation") end
        local c = choose_one(s, zone.cards(hand(s)), "Artemia token: discard a Place card", "discard")
        if c then
          say("%s discards a Place card (Artemia token on the %s)", seat_name(s), place_name(places[i]))
          to_discard(s, c)
        end
      end
    end
  end
  game.set("_step", 5, "turn")
end

-- Step 6: the Creature token (and the Target token under Clone).
local function step_creature()
  -- Will losses move neither a token nor a played card
  local n = game.seats()
  local view = resolve_untouched_all(n) or reckoning_view()
  local caught, victims = false, 0
  local anticipated = game.get("anticipation") -- the seats named, one per Anticipation
  -- with neither the Creature token nor a Target token (a Clone target), nobody is hit
  local last = ((view.creature and #view.creature > 0) or (view.target and #view.target > 0))
    and n or 1
  for s = 2, last do
    local hits, locs, lair, by_creature = 0, 0, 0, false
    local cards, places = where(s, view)
    for i = 1, #cards do
      local creature, clone = creature_state(s, places[i], view)
      local k = (creature and 1 or 0) + (clone and 1 or 0)
      if k > 0 then
        card.set(cards[i], "_resolved", true, "turn")
        hits = hits + k
        locs = locs + 1
        if places[i] == 1 then lair = lair + 1 end
        if creature or opt("anticipation_counts_clone") then by_creature = true end
      end
    end
    if hits > 0 then
      caught = true
      if anticipated and by_creature then
        for _, named in ipairs(anticipated) do if named == s then victims = victims + 1 end end
      end
      -- Fierceness: +1 per caught Hunted [BGA-impl], or per caught location (option)
      local loss = hits + lair + count_of("fierceness") * (opt("fierceness_per_location") and locs or 1)
      game.log(seat_name(s) .. " is caught")
      lose_will(s, loss, "caught")
    end
  end
  if caught then move_assimilation(1, "the Creature caught a Hunted") end
  if victims > 0 then move_assimilation(victims, "Anticipation") end
  game.set("_step", 6, "turn")
end

-- Step 7: if any Hunted reached 0 Will this phase, Assimilation +1 once; each such
-- Hunted gets their Will and their Place cards back.
local function step_broken_will()
  local broken -- (a list only when someone is)
  for s = 2, game.seats() do
    if seat.get(s, "broken") then
      broken = broken or {}
      broken[#broken + 1] = s
    end
  end
  if broken then
    move_assimilation(1, "a Hunted lost their last Will")
    local will = opt("expert") and 2 or 3
    for _, s in ipairs(broken) do
      seat.set(s, "will", will)
      say("%s gets %d Will and their Place cards back", seat_name(s), will)
      for _, c in ipairs(zone.cards(discard(s))) do to_hand(s, c) end
      if opt("broken_will_returns_played") then
        for _, c in ipairs(zone.cards(played(s))) do to_hand(s, c) end
      end
    end
  end
  game.set("_step", 7, "turn")
end

return {
  clone_active = clone_active,
  target_effects = target_effects,
  reckoning_view = reckoning_view,
  where = where,
  creature_state = creature_state,
  artemia_hits = artemia_hits,
  token_state = token_state,
  untouched = untouched,
  power_usable = power_usable,
  copyable = copyable,
  use_power = use_power,
  offer_play_now = offer_play_now,
  resolve_place = resolve_place,
  resolve_untouched = resolve_untouched,
  step_untouched = step_untouched,
  step_target = step_target,
  step_artemia = step_artemia,
  step_creature = step_creature,
  step_broken_will = step_broken_will,
}
