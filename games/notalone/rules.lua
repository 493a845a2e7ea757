-- Not Alone (Ghislain Masson, Geek Attitude Games 2016), base game, 2–7 players: setup,
-- the four phases of a turn and the card windows between them. Spec: the rules digest
-- ../shared/rules/notalone.md (§1 setup, §2 the turn). Seat 1 is the Creature; seats
-- 2..n are the Hunted, clockwise from the Creature's left.
--
-- The turn is a chain of actions: each step's `enter` hook does what it can, opens a
-- play-or-pass window (window.open) and schedules the rest (game.schedule names a
-- function of this table), which runs once the window has closed. Helpers (zones,
-- counters, tokens, the Reckoning) are globals from cards/notalone/lib.lua and
-- reckoning.lua; card effects are the scripts in cards/notalone/.

-- ------------------------------------------------------------------ setup ----------

-- The board-side question says what the sides differ in (digest 1.4): where the Artemia
-- symbols are on the Rescue track ("side 1: Artemia symbols 1 to 6 spaces from the star").
local SIDE_ASK = { prompt = "choose the board side: in a turn that starts with the Rescue counter on an Artemia "
  .. "symbol the Creature has the Artemia token; the sides differ only in where those symbols are", tag = "board" }
local function side_label(k)
  local marks, run = SETUP.artemia_symbols[tostring(k)], true
  for i = 2, #marks do
    if marks[i] ~= marks[i - 1] + 1 then run = false end
  end
  local where = run and marks[1] .. " to " .. marks[#marks]
    or table.concat(marks, ", ", 1, #marks - 1) .. " and " .. marks[#marks]
  return "side " .. k .. ": Artemia symbols " .. where .. " spaces from the star"
end

local function setup(ctx)
  local n = game.seats()
  local row = SETUP.by_players[tostring(n)]
  seat.set_role(CREATURE, "creature")
  for s = 2, n do seat.set_role(s, "hunted") end

  local artemia = zone.new("artemia", { visibility = "public" })
  local reserve = zone.new("reserve", { visibility = "public" })
  local hunt_deck = zone.new("hunt_deck", { visibility = "hidden" })
  zone.new("hunt_played", { visibility = "public" })
  zone.new("hunt_discard", { visibility = "public" })
  local survival_deck = zone.new("survival_deck", { visibility = "hidden" })
  zone.new("survival_discard", { visibility = "public" })
  zone.new("hand", { owner = CREATURE, visibility = "owner" })

  -- the 10 reference places of Artemia, then the reserve of places 6–10
  for i = 1, 10 do card.new(PLACE_IDS[i], artemia) end
  for _, p in ipairs(SETUP.reserve_places) do
    for _ = 1, row.reserve do card.new(PLACE_IDS[p], reserve) end
  end
  for _, id in ipairs(game.defs("hunt")) do card.new(id, hunt_deck) end
  for _, id in ipairs(game.defs("survival")) do card.new(id, survival_deck) end
  zone.shuffle(hunt_deck)
  zone.shuffle(survival_deck)

  game.set("rescue", row.rescue)
  game.set("assimilation", row.assimilation)
  game.set("marker", false)
  local side = opt("board_side")
  if side == "creature" then
    local sides = { side_label(1), side_label(2) }
    side = decide.choose(CREATURE, sides, SIDE_ASK) == sides[1] and 1 or 2
  end
  game.set("board_side", side)

  draw_hunt_to(SETUP.hunt_hand)
  for s = 2, n do
    -- the Place cards in hand in the order of their numbers, as players hold them
    local h = zone.new("hand", { owner = s, visibility = "owner", sort = "number" })
    zone.new("survival", { owner = s, visibility = "owner" })
    zone.new("discard", { owner = s, visibility = "public" })
    zone.new("played", { owner = s, visibility = "public" })
    for _, p in ipairs(SETUP.starting_places) do card.new(PLACE_IDS[p], h, s) end
    seat.set(s, "will", SETUP.will)
    draw_survival(s, 1)
  end
  say("Rescue starts %d spaces from the star, Assimilation %d; board side %d",
    row.rescue, row.assimilation, side)
end

-- ------------------------------------------------------------------ Phase 1 --------

local function lay_count(s) return seat.get(s, "lay2") and 2 or 1 end

-- The lay question for a single card, made once (the host only reads it).
local LAY_ONE = { prompt = "lay a Place card face down", tag = "explore" }
-- What each card window asks: the phase of the cards it plays and, where the same
-- window opens again, what comes next (made once; the host only reads them).
local ASK = {
  exploration = { prompt = "play a Phase-1 card or pass" },
  tokens_next = { prompt = "play a Phase-2 card or pass (the Creature places its tokens next)" },
  tokens_placed = { prompt = "play a Phase-2 card or pass (the tokens are placed)" },
  untouched = { prompt = "play a Phase-3 card or pass (the places with no token resolve next)" },
  target = { prompt = "play a Phase-3 card or pass (the Target token resolves next)" },
  artemia = { prompt = "play a Phase-3 card or pass (the Artemia token resolves next)" },
  creature = { prompt = "play a Phase-3 card or pass (the Creature token resolves next)" },
  -- the same windows on a turn without that token (the prompt must not claim one)
  target_none = { prompt = "play a Phase-3 card or pass (no Target token this turn; its step is next)" },
  artemia_none = { prompt = "play a Phase-3 card or pass (no Artemia token this turn; its step is next)" },
  creature_none = { prompt = "play a Phase-3 card or pass (no Creature token this turn; its step is next)" },
  once = { prompt = "play a Phase-3 card or pass (the Reckoning resolves next)" },
  finish = { prompt = "play a Phase-4 card or pass" },
}

-- will and discarded (the size of the discard pile) as the caller has just read them;
-- most_resists and pointless (option pointless_give_up) as lay_all read them.
local function can_resist(s, will, discarded, most_resists)
  return will >= 1 and discarded > 0 and (seat.get(s, "resists") or 0) < most_resists
end

local function can_give_up(will, discarded, pointless)
  return pointless or will < 3 or discarded > 0
end

-- Why seat s may not Resist now (when can_resist says no), for the seat looking for it.
local function resist_refusal(will, discarded, most_resists)
  if will < 1 then return "you have no Will to pay" end
  if discarded == 0 then return "you have no discarded place to take back" end
  return most_resists == 1 and "you have resisted this turn (once a turn)"
    or "you have resisted " .. most_resists .. " times this turn, the most"
end

-- The places Force Field forbids, for the seat looking for one: "Force Field forbids
-- the Jungle and the River this turn".
local function blocked_refusal(blocked)
  return "Force Field forbids the " .. place_name(blocked[1]) .. " and the " .. place_name(blocked[2])
    .. " this turn"
end

-- Give Up: 3 Will, the whole discard pile back to hand, Assimilation +1 (may end the game).
local function give_up(s, why)
  game.stat("Give Ups", 1) -- statistics for sim (game.stat): no player sees them
  seat.set(s, "will", 3)
  game.log(seat_name(s) .. " gives up" .. (why or "") .. ": 3 Will and every discarded place back")
  local h, cards = hand(s), zone.cards(discard(s))
  for i = 1, #cards do card.move(cards[i], h, FACE_UP) end
  move_assimilation(1, seat_name(s) .. " gave up")
end

-- Resist. bga (default): pay 1 Will, take back 1–2 discarded places; twice per turn at
-- most (paying 2 for 4 cards). rules: once, 1 Will for up to 2 places or 2 Will for up
-- to 4 (digest 2.1). Losing the last Will this way forces a Give Up at once (which
-- takes back every discarded place, so the seat is not asked which).
local RESIST_PAY = { "pay 1 Will for up to 2 cards", "pay 2 Will for up to 4 cards" }
local function resist(s)
  seat.add(s, "resists", 1, "turn")
  game.stat("Resists", 1)
  local pay, max = 1, 2
  if opt("resist_style") == "rules" and seat.get(s, "will") >= 2 then
    local pick = decide.choose(s, RESIST_PAY, { prompt = "Resist: pay how much?", tag = "resist" })
    if pick == RESIST_PAY[2] then pay, max = 2, 4 end
  end
  local w = seat.add(s, "will", -pay)
  game.log(seat_name(s) .. " resists: pays " .. pay .. " Will (" .. w .. " left)")
  -- the last Will gone, the Give Up brings the whole discard back: no cards to choose
  if w <= 0 then return give_up(s, " (Resist cost the last Will)") end
  take_back(s, 1, max, "Resist: take back up to " .. max .. " cards")
end

-- The Phase-1 Survival cards seat s may play now, as options "play <name>" appended to
-- opts; plays maps each option to its card; the others go to un, with the reason, for
-- the seat's eyes (decide.choose's unavailable). Whether the seat may play one at all
-- (a Survival card in hand, the allowance unused, no Despair) is public; which cards
-- are playable is not, and stays inside the seat's own question.
local function survival_options(s, sh, opts, plays, un)
  local cards = zone.cards(sh)
  for i = 1, #cards do
    local c = cards[i]
    local label = "play " .. card.name(c)
    -- the phase first: it spares a script call for every card of another phase
    local want = PHASE_WINDOW[card.id(c)]
    if want == "exploration" then
      local ok, why = card.call(c, "can_play", { seat = s, window = "exploration" })
      if ok then
        opts[#opts + 1] = label
        plays[label] = c
      elseif why then
        un[#un + 1] = { label, why }
      end
    else
      un[#un + 1] = { label, phase_refusal(want, "exploration") }
    end
  end
end

-- (lay and the steps below write zone.get out where the helpers hand(s), played(s)…
-- would be called for every seat at every pass: a helper is a Lua call more)

-- Seat s lays its Place card(s) face down, first Resisting, Giving Up or playing a
-- Phase-1 Survival card if it wishes (digest 2.1: in any order before the card is
-- locked). The River/Artefact flag holds for the whole call; the hand, the discard, the
-- Will and the cards laid are read again at each pass (a Resist, a Give Up or a Survival
-- card changes them). most_resists, pointless (the options) and blocked (Force Field's
-- places, or nil) as lay_all read them.
local function lay(s, most_resists, pointless, blocked)
  local pl = zone.get("played", s)
  local two = seat.get(s, "lay2")
  local want = two and 2 or 1
  local laid = zone.count(pl)
  if laid >= want then return end -- laid already (lay_all runs again after a recall)
  local h, dz, sh = zone.get("hand", s), zone.get("discard", s), zone.get("survival", s)
  while laid < want do
    local opts = zone.cards(h) -- a new list: the options, resist and give up appended
    local un = {} -- what is not offered, and why (told to this seat alone)
    if blocked then
      local cards, why = opts, blocked_refusal(blocked)
      opts = {}
      for i = 1, #cards do
        if not contains(blocked, place_of(cards[i])) then opts[#opts + 1] = cards[i]
        else un[#un + 1] = { cards[i], why } end
      end
    end
    local held = zone.count(sh) > 0
    local plays, may_play = nil, held and survival_allowed(s)
    if may_play then
      plays = {}
      survival_options(s, sh, opts, plays, un)
    end
    local will, discarded = seat.get(s, "will"), zone.count(dz)
    local resists, gives = can_resist(s, will, discarded, most_resists), can_give_up(will, discarded, pointless)
    if resists then opts[#opts + 1] = "resist" end
    if gives then opts[#opts + 1] = "give up" end
    local pick
    if #opts == 0 then
      pick = "give up"
    elseif #opts == 1 and not blocked and not may_play then
      pick = opts[1] -- a single card in hand (public: the hand's size) is laid without asking
    else
      -- under Force Field, or holding a Survival card it may play, always ask: skipping
      -- the question would tell the table that the other cards in hand are the blocked
      -- places, or that none of its Survival cards is playable now
      local ask = LAY_ONE
      if want == 2 then
        ask = { prompt = "lay a Place card face down (" .. laid + 1 .. " of 2, by the "
                  .. place_name(PLACE_NUMBER[two]) .. "'s power)", tag = "explore" }
      end
      -- the rest of what is not offered, and why (only when asking: nobody sees it else)
      if held and not may_play then
        local why = survival_refusal(s)
        for _, c in ipairs(zone.cards(sh)) do un[#un + 1] = { "play " .. card.name(c), why } end
      end
      if not resists then un[#un + 1] = { "resist", resist_refusal(will, discarded, most_resists) } end
      if not gives then
        un[#un + 1] = { "give up", "with 3 Will and an empty discard pile, giving up would gain nothing" }
      end
      if #un > 0 then ask = { prompt = ask.prompt, tag = ask.tag, unavailable = un } end
      pick = decide.choose(s, opts, ask)
    end
    if plays and plays[pick] then
      survival_play_now(s, plays[pick])
      laid = zone.count(pl) -- Sacrifice (phase1_recall) sends laid cards back
    elseif pick == "resist" then
      resist(s)
    elseif pick == "give up" then
      give_up(s)
    else
      -- turned down in hand first: a seat that saw this card there (Phobia) must not
      -- learn from the move which card was laid
      card.flip(pick, "down")
      card.move(pick, pl, FACE_DOWN)
      laid = laid + 1 -- (Resist and Give Up leave the laid cards alone)
    end
  end
end

-- Seats from..n lay (from: 2, or the first seat explore_check found short of cards; the
-- seats before it have laid); n = game.seats(). Force Field is played only in the
-- window: its places hold for the whole call.
local function lay_all(n, from)
  local most_resists = opt("resist_style") == "rules" and 1 or 2
  local pointless = opt("pointless_give_up")
  local blocked = game.get("force_field")
  for s = from or 2, n do lay(s, most_resists, pointless, blocked) end
end

-- The turn's bookkeeping: Tracking's allowance, River/Artefact's two cards.
-- n = game.seats().
local function start_turn(n)
  game.set("hunt_allowance", game.get("tracking_next") and 2 or 1, "turn")
  game.set("tracking_next", nil)
  game.set("_step", 0, "turn")
  for s = 2, n do
    local two = seat.get(s, "next_two")
    if two then
      seat.set(s, "lay2", two, "turn")
      seat.set(s, "next_two", nil)
    end
  end
end

local function explore_enter(ctx)
  local n = game.seats()
  start_turn(n)
  lay_all(n)
  window.open("exploration", ASK.exploration)
  game.schedule("explore_check")
end

-- After the window: cards recalled by Despair, Force Field or Sacrifice are laid again,
-- and the window reopens, until every Hunted has laid and everyone passed.
local function explore_check(ctx)
  local n = game.seats()
  for s = 2, n do
    if zone.count(zone.get("played", s)) < lay_count(s) then
      lay_all(n, s)
      window.open("exploration", ASK.exploration)
      game.schedule("explore_check")
      return
    end
  end
end

-- ------------------------------------------------------------------ Phase 2 --------

-- The Rescue counter on an Artemia symbol gives the Creature the Artemia token (1.4).
local function track_artemia()
  local marks = SETUP.artemia_symbols[tostring(game.get("board_side"))]
  return contains(marks, game.get("rescue"))
end

local function hunting_enter(ctx)
  if track_artemia() then
    game.set("art", true, "turn")
    say("the Rescue counter stands on an Artemia symbol: the Creature has the Artemia token")
  end
  window.open("hunting", ASK.tokens_next)
  game.schedule("hunt_tokens")
end

-- The Creature places its tokens; then everyone may play Phase-2 cards.
local function hunt_tokens(ctx)
  place_token("creature", false)
  if game.get("tgt") and not has_token("target") then place_token("target", count_of("mirage") > 0) end
  if game.get("art") and not has_token("artemia") then place_token("artemia", count_of("virus") > 0) end
  game.set("_tokens_placed", true, "turn")
  window.open("hunting", ASK.tokens_placed)
end

-- ------------------------------------------------------------------ Phase 3 --------

local function each_step() return opt("reckoning_windows") == "each_step" end

local RIVER_ASK = { prompt = "River: keep which card?", tag = "river" } -- made once

local function reckoning_enter(ctx)
  -- Step 0: a River player keeps one of the two cards, the other goes back to hand
  local n = game.seats()
  for s = 2, n do
    local cards = seat.get(s, "lay2") == "river" and zone.cards(zone.get("played", s))
    if cards and #cards == 2 then
      local keep = decide.choose(s, cards, RIVER_ASK)
      game.log("River: " .. seat_name(s) .. " keeps one of the two places laid and takes the other back to hand")
      for _, c in ipairs(cards) do
        if c ~= keep then card.move(c, hand(s), FACE_UP) end
      end
    end
  end
  -- Step 1: the reveal
  for s = 2, n do
    local cards = zone.cards(zone.get("played", s))
    for i = 1, #cards do
      local c = cards[i]
      card.flip(c, "up") -- (its "loc" stays unset: a card is on its own place until Detour moves it)
      game.log(seat_name(s) .. " reveals the " .. card.name(c))
    end
  end
  game.set("_step", 2, "turn")
  -- Step 2: the Phase-3 card window
  window.open("reckoning", each_step() and ASK.untouched or ASK.once)
  game.schedule("reckon_untouched")
end

local function reckon_rest_once()
  step_target()
  step_artemia()
  step_creature()
  step_broken_will()
end

local function reckon_untouched(ctx)
  step_untouched()
  if each_step() then
    window.open("reckoning", has_token("target") and ASK.target or ASK.target_none)
    game.schedule("reckon_target")
  else
    reckon_rest_once()
  end
end

local function reckon_target(ctx)
  step_target()
  window.open("reckoning", has_token("artemia") and ASK.artemia or ASK.artemia_none)
  game.schedule("reckon_artemia")
end

local function reckon_artemia(ctx)
  step_artemia()
  window.open("reckoning", has_token("creature") and ASK.creature or ASK.creature_none)
  game.schedule("reckon_creature")
end

local function reckon_creature(ctx)
  step_creature()
  step_broken_will()
end

-- ------------------------------------------------------------------ Phase 4 --------

local function end_enter(ctx)
  window.open("end", ASK.finish)
  game.schedule("end_finish")
end

local function end_finish(ctx)
  local n = game.seats()
  -- played places to the discard piles (not those Double Back or Step 7 took back)
  for s = 2, n do
    local dz, cards = zone.get("discard", s), zone.cards(zone.get("played", s))
    for i = 1, #cards do to_discard(s, cards[i], dz) end
  end
  -- the Hunt cards of the turn to the Hunt discard, the last played on top
  local hp, pile = zone.cards(gzone("hunt_played")), gzone("hunt_discard")
  for i = #hp, 1, -1 do card.move(hp[i], pile, UP_ON_TOP) end
  draw_hunt_to(SETUP.hunt_hand)
  if game.get("smokescreen") then
    for s = 2, n do zone.set_visibility(discard(s), nil, {}) end
    game.set("smokescreen", nil)
    say("the Smokescreen lifts")
  end
  if game.get("tracking") then game.set("tracking_next", true) end
  if game.get("stasis") then
    say("Stasis: the Rescue counter does not advance")
  else
    move_rescue(1, "end of turn")
  end
end

return {
  turn = { "exploration", "hunting", "reckoning", "end" },
  windows = {
    exploration = { style = "immediate", always_ask = true, from = { "hand", "survival" } },
    hunting = { style = "immediate", always_ask = true, from = { "hand", "survival" } },
    reckoning = { style = "immediate", always_ask = true, from = { "hand", "survival" } },
    ["end"] = { style = "immediate", always_ask = true, from = { "hand", "survival" } },
  },
  limits = { max_turns = 200 },
  -- what the rules and lib.lua call on each kind of card (the builders of lib.lua give
  -- all of them): a card script that gives less, or a card with no script, is an error
  -- when the scripts load, not a card that is never offered
  kinds = {
    place = { needs = { "usable", "power" } },
    hunt = { needs = { "can_play", "play", "usable", "effect", "target_effect", "target_choose", "target_apply" } },
    survival = { needs = { "can_play", "play", "usable", "effect" } },
  },
  setup = setup,
  steps = {
    exploration = { enter = explore_enter },
    hunting = { enter = hunting_enter },
    reckoning = { enter = reckoning_enter },
    ["end"] = { enter = end_enter },
  },
  -- scheduled continuations (game.schedule names them)
  explore_check = explore_check,
  hunt_tokens = hunt_tokens,
  reckon_untouched = reckon_untouched,
  reckon_target = reckon_target,
  reckon_artemia = reckon_artemia,
  reckon_creature = reckon_creature,
  end_finish = end_finish,
}
