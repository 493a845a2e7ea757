-- Not Alone helpers, part 1: the board, counters, zones, decks, tokens and the three
-- card builders (place_card, hunt_card, survival_card) every card script uses.
-- Everything returned here becomes a global of the pack's scripts (rules included).
-- Spec: ../shared/rules/notalone.md. Read next: reckoning.lua (Phase 3), then
-- games/notalone/rules.lua (the turn).
--
-- State lives in the host only: game properties (counters, flags of the turn), seat
-- properties (will, allowances) and card properties (a played card's location).

local CREATURE = 1

local PLACE_IDS = { "lair", "jungle", "river", "beach", "rover",
                    "swamp", "shelter", "wreck", "source", "artefact" }
local PLACE_NAMES = { "Lair", "Jungle", "River", "Beach", "Rover",
                      "Swamp", "Shelter", "Wreck", "Source", "Artefact" }
local PLACE_NUMBER = {}
for i, id in ipairs(PLACE_IDS) do PLACE_NUMBER[id] = i end
local PLACE_BY_NAME = {}
for i, name in ipairs(PLACE_NAMES) do PLACE_BY_NAME[name] = i end

-- The 2 x 5 layout (digest 1.2), read once from games/notalone/setup.json.
local SETUP = game.data("setup")
local ADJ = {}
for n = 1, 10 do ADJ[n] = SETUP.adjacent[tostring(n)] end
local PAIRS = SETUP.pairs

-- The window kind of each phase: a card printed with phase k is offered in WINDOWS[k].
local WINDOWS = { "exploration", "hunting", "reckoning", "end" }

-- By card id, for the Hunt and Survival cards: the window of its phase, and its symbol
-- (data.phase and data.symbol of the card file; card.info would build a table per call).
-- Nothing here refuses a card: a bad card file must not fail this helper (every script
-- of every pack uses it); the builders check the card they make when its script loads.
local PHASE_WINDOW, SYMBOL = {}, {}
for _, kind in ipairs({ "hunt", "survival" }) do
  for _, id in ipairs(game.defs(kind)) do
    local data = game.def(id).data or {}
    PHASE_WINDOW[id], SYMBOL[id] = WINDOWS[data.phase], data.symbol -- (phase 0, Flashback: nil)
  end
end

-- Option tables the host only reads (card.move), made once rather than at each call.
local FACE_UP = { face = "up" }
local FACE_DOWN = { face = "down" }
local UP_ON_TOP = { face = "up", pos = "top" }

local function always() return true end
local function nothing() end

-- ------------------------------------------------------------------ basics ---------

-- opt(key): the game's option (game.option itself: a wrapper would be a Lua call more)
local opt = game.option

-- The Hunted, in seat order (a new list; hot loops write `for s = 2, game.seats()`).
local function hunted_seats()
  local t = {}
  for s = 2, game.seats() do t[s - 1] = s end
  return t
end

local function gzone(name) return zone.get(name) end
local function hand(s) return zone.get("hand", s) end
local function shand(s) return zone.get("survival", s) end
local function discard(s) return zone.get("discard", s) end
local function played(s) return zone.get("played", s) end

local function place_of(c) return PLACE_NUMBER[card.id(c)] end
local function place_name(n) return PLACE_NAMES[n] end
-- "seat 3", made once per seat: a number in a concatenation is formatted anew at each
-- use, and log lines name seats all the time
local SEAT_NAMES = {}
for s = 1, 16 do SEAT_NAMES[s] = "seat " .. s end
local function seat_name(s) return SEAT_NAMES[s] or "seat " .. s end
local function ref_card(n) return zone.at(zone.get("artemia"), n) end

local function say(fmt, ...) game.log(string.format(fmt, ...)) end
-- "1 Place card", "2 Place cards" (log lines).
local function count_text(n, noun) return n .. " " .. noun .. (n == 1 and "" or "s") end

-- (a numeric loop: cheaper than ipairs on the hot paths — lay, tokens, adjacency)
local function contains(list, x)
  for i = 1, #list do if list[i] == x then return true end end
  return false
end

-- Seat s picks one item of list (cards or labels); a single item is taken without asking.
local function choose_one(s, list, prompt, tag)
  if #list == 0 then return nil end
  if #list == 1 then return list[1] end
  return decide.choose(s, list, { prompt = prompt, tag = tag })
end

-- The cards of list not in the set held (a table card -> true, or nil), as a new list.
local function without(list, held)
  if not held then return list end
  local out = {}
  for i = 1, #list do
    if not held[list[i]] then out[#out + 1] = list[i] end
  end
  return out
end

local function count_of(key) return game.get(key) or 0 end

local function is_adjacent(a, b) return contains(ADJ[a], b) end

-- ------------------------------------------------------------------ counters -------

-- Counters are distances to the star (digest 1.3); reaching 0 wins at once.
local function move_rescue(n, why)
  local r = game.add("rescue", -n)
  game.log("Rescue advances " .. n .. " (" .. why .. "): " .. math.max(r, 0) .. " to go")
  if r <= 0 then game.win("hunted", "the Rescue counter reached the star (" .. why .. ")") end
end

local function move_assimilation(n, why)
  local a = game.add("assimilation", -n)
  game.log("Assimilation advances " .. n .. " (" .. why .. "): " .. math.max(a, 0) .. " to go")
  if a <= 0 then game.win("creature", "the Assimilation counter reached the star (" .. why .. ")") end
end

-- Will never goes below 0; reaching 0 during Phase 3 marks the seat for Step 7 (Will
-- is otherwise lost only by Resist, which Gives Up at 0 at once).
local function lose_will(s, n, why)
  local w = seat.get(s, "will")
  local nw = math.max(0, w - n)
  seat.set(s, "will", nw)
  -- what is lost: a Hunted with less Will than it owes loses what it has ("3 Will
  -- (caught, 4 due)")
  game.stat("Will lost (Resist aside)", w - nw) -- for sim (game.stat): no player sees it
  local due = w - nw < n and ", " .. n .. " due" or ""
  game.log(seat_name(s) .. " loses " .. w - nw .. " Will (" .. why .. due .. "): " .. nw .. " left")
  if nw == 0 and game.step() == "reckoning" then seat.set(s, "broken", true, "turn") end
end

local function gain_will(s, n, why)
  local w = seat.get(s, "will")
  local nw = math.min(3, w + n)
  seat.set(s, "will", nw)
  game.log(seat_name(s) .. " gets " .. nw - w .. " Will back (" .. why .. "): " .. nw .. " now")
end

-- ------------------------------------------------------------------ place cards ----

local function to_hand(s, c) return card.move(c, hand(s), FACE_UP) end

-- A discarded place lies face up (under Smokescreen the pile itself is hidden from the
-- Creature: zone.set_visibility). dz: discard(s) when the caller has it.
local function to_discard(s, c, dz)
  return card.move(c, dz or discard(s), UP_ON_TOP)
end

-- How a log line every seat reads names card c where it lies now: "the River", or "a
-- hidden card" when some seat cannot see it there (face down, or a discard pile under
-- Smokescreen). The move's own line still names it to the seats that see it.
local function public_name(c)
  if not card.face_down(c) then
    local all = true
    for s = 1, game.seats() do
      if not card.visible(c, s) then all = false break end
    end
    if all then return "the " .. card.name(c) end
  end
  return "a hidden card"
end

-- Seat s picks between min and max cards of its discard pile and takes them back.
-- dz: discard(s) when the caller has it.
local function take_back(s, min, max, prompt, dz)
  local cards = zone.cards(dz or discard(s))
  if #cards == 0 or max < 1 then return {} end
  if max > #cards then max = #cards end
  if min > #cards then min = #cards end
  local picked
  if min == #cards then
    picked = cards
  else
    picked = decide.choose(s, cards, { prompt = prompt or "take back a card", min = min, max = max, tag = "take" })
    if type(picked) ~= "table" then picked = { picked } end
  end
  if #picked == 0 then return picked end -- (the Swamp's "up to 2": none)
  -- the line saying why first, then the moves (their lines join into one)
  local what = {}
  for i, c in ipairs(picked) do what[i] = public_name(c) end
  game.log(seat_name(s) .. " takes back " .. table.concat(what, ", ", 1, math.max(#what - 1, 1))
    .. (#what > 1 and " and " .. what[#what] or ""))
  local h = hand(s)
  for _, c in ipairs(picked) do card.move(c, h, FACE_UP) end
  return picked
end

-- The Jungle and the Swamp: the played card back to hand, then between `least` and
-- `most` cards of the discard pile (the Jungle: 1; the Swamp: "up to 2", so none is an
-- answer too); under Persecution only one card in all (the played card or a discarded
-- one). `name` is the place's name for the prompts.
local function return_self_and_discards(ctx, name, least, most)
  local s, this = ctx.seat, ctx.this
  local here = this and card.zone(this) == played(s)
  if (game.get("persecution") or 0) > 0 then
    local opts = {}
    if here then opts[#opts + 1] = this end
    for _, c in ipairs(zone.cards(discard(s))) do opts[#opts + 1] = c end
    local c = choose_one(s, opts, name .. " under Persecution: take back one card", "take")
    if c then
      say("%s takes back %s", seat_name(s), public_name(c))
      to_hand(s, c)
    end
    return
  end
  if here then
    game.log(seat_name(s) .. " takes the " .. card.name(this) .. " back to hand")
    to_hand(s, this)
  end
  local what = most == 1 and "1 card" or "up to " .. most .. " cards"
  take_back(s, least, most, name .. ": take back " .. what .. " from your discard pile")
end

-- Every laid (face-down) card goes back to hand; `keep(s, c)` may spare some. The line
-- saying why comes before the moves.
local function recall_laid(why, keep)
  for s = 2, game.seats() do
    local back = {}
    for _, c in ipairs(zone.cards(played(s))) do
      if not keep or not keep(s, c) then back[#back + 1] = c end
    end
    if #back > 0 then
      game.log(seat_name(s) .. " takes back " .. (#back == 1 and "the card" or "the " .. #back .. " cards")
        .. " laid this turn (" .. why .. ")")
      for _, c in ipairs(back) do card.move(c, hand(s), FACE_UP) end
    end
  end
end

-- ------------------------------------------------------------------ decks ----------

-- An empty deck is rebuilt from its discard pile when the option allows (digest 2.0).
local function refill(deck, pile, what)
  if zone.count(deck) > 0 or not opt("reshuffle_decks") or zone.count(pile) == 0 then return end
  say("the %s discard pile is shuffled into a new deck", what)
  for _, c in ipairs(zone.cards(pile)) do card.move(c, deck, FACE_UP) end
  zone.shuffle(deck)
end

-- The Creature draws until it holds n Hunt cards (refill is called only when the deck
-- is empty: it does nothing otherwise).
local function draw_hunt_to(n)
  local h = hand(CREATURE)
  local short = n - zone.count(h)
  if short <= 0 then return end
  local deck = gzone("hunt_deck")
  for _ = 1, short do
    local c = zone.at(deck, 1)
    if not c then
      refill(deck, gzone("hunt_discard"), "Hunt")
      c = zone.at(deck, 1)
      if not c then break end
    end
    c = card.move(c, h, FACE_UP)
    card.set_controller(c, CREATURE)
  end
end

-- How many Survival cards can still be drawn.
local function survival_drawable()
  local n = zone.count(gzone("survival_deck"))
  if opt("reshuffle_decks") then n = n + zone.count(gzone("survival_discard")) end
  return n
end

-- Seat s draws up to n Survival cards; returns the cards drawn.
local function draw_survival(s, n)
  local deck, sh, got = gzone("survival_deck"), shand(s), {}
  for _ = 1, n do
    local c = zone.at(deck, 1)
    if not c then -- (as in draw_hunt_to)
      refill(deck, gzone("survival_discard"), "Survival")
      c = zone.at(deck, 1)
      if not c then break end
    end
    c = card.move(c, sh, FACE_UP)
    card.set_controller(c, s)
    got[#got + 1] = c
  end
  return got
end

local function discard_survival(c)
  return card.move(c, gzone("survival_discard"), UP_ON_TOP)
end

-- ------------------------------------------------------------------ tokens ---------

-- A token is a game property listing the place number(s) it covers (2 when it
-- straddles an adjacent pair); it lasts the turn. TOK_KEY: the property of each of the
-- three tokens (constant keys rather than a string built at every call).
local TOK_KEY = { creature = "tok_creature", target = "tok_target", artemia = "tok_artemia" }

-- tokens() gives the caller a list of its own (Lair appends to it).
local function tokens(kind) return game.get(TOK_KEY[kind]) or {} end
local function token_on(kind, p)
  local places = game.get(TOK_KEY[kind])
  return places ~= nil and contains(places, p)
end
-- Whether the token is on the board (tokens(kind) not empty), without a new list.
local function has_token(kind)
  local places = game.get(TOK_KEY[kind])
  return places ~= nil and #places > 0
end

local function token_label(places)
  if #places == 2 then return PLACE_NAMES[places[1]] .. " & " .. PLACE_NAMES[places[2]] end
  return PLACE_NAMES[places[1]]
end

-- The labels of the 13 pairs (PAIRS), made once.
local PAIR_LABELS = {}
for i, pr in ipairs(PAIRS) do PAIR_LABELS[i] = token_label(pr) end

local TOKEN_NAME = { creature = "Creature", target = "Target", artemia = "Artemia" }

local function set_token(kind, places)
  game.set(TOK_KEY[kind], places, "turn")
  if #places > 0 then game.log("the " .. TOKEN_NAME[kind] .. " token is on the " .. token_label(places)) end
end

-- The Creature picks a place (a number); `allowed` limits the choice (default: all 10).
local function choose_place(s, prompt, allowed)
  local opts = PLACE_NAMES
  if allowed then
    opts = {}
    for n = 1, 10 do
      if contains(allowed, n) then opts[#opts + 1] = PLACE_NAMES[n] end
    end
  end
  local pick = decide.choose(s, opts, { prompt = prompt, tag = "place" })
  return PLACE_BY_NAME[pick]
end

-- The Creature picks one of the 13 adjacent pairs; returns { a, b }.
local function choose_pair(s, prompt)
  local pick = decide.choose(s, PAIR_LABELS, { prompt = prompt, tag = "pair" })
  for i = 1, #PAIRS do
    if PAIR_LABELS[i] == pick then return { PAIRS[i][1], PAIRS[i][2] } end
  end
end

-- Places adjacent to a token (a straddling token is adjacent to every place adjacent
-- to either member, the members excluded; digest 1.2).
local function adjacent_to_token(places)
  local out = {}
  for n = 1, 10 do
    if not contains(places, n) then
      for _, p in ipairs(places) do
        if is_adjacent(p, n) then out[#out + 1] = n break end
      end
    end
  end
  return out
end

-- The Creature places a token of `kind`, across a pair when `pair`; with optional
-- tokens it may decline.
local function place_token(kind, pair)
  if not opt("tokens_mandatory") then
    local ok = decide.choose(CREATURE, { "place it", "keep it" },
      { prompt = "place the " .. TOKEN_NAME[kind] .. " token?", tag = "token" })
    if ok == "keep it" then return end
  end
  local places
  if pair then
    -- (a pair only by Mirage's or Virus's power: the question names the card, as their
    -- own re-placing does)
    places = choose_pair(CREATURE, "place the " .. TOKEN_NAME[kind] .. " token across two adjacent places ("
      .. (kind == "target" and "Mirage" or "Virus") .. ")")
  else
    places = { choose_place(CREATURE, "place the " .. TOKEN_NAME[kind] .. " token") }
  end
  set_token(kind, places)
end

-- Once the tokens are down (Phase 2), a token granted by a card played later is placed
-- at once (digest 2.2); Mirage and Virus re-place theirs across a pair.
local function place_pending_tokens()
  if not game.get("_tokens_placed") then return end
  if game.get("tgt") and not has_token("target") then place_token("target", count_of("mirage") > 0) end
  if game.get("art") and not has_token("artemia") then place_token("artemia", count_of("virus") > 0) end
end

-- ------------------------------------------------------------------ allowances -----

-- (the test that fails most often first: the allowance used, a Survival card played)
local function hunt_allowed()
  if (game.get("hunt_count") or 0) >= (game.get("hunt_allowance") or 1) then return false end
  return not game.get("sacrifice")
end

local function survival_allowed(s)
  return not seat.get(s, "survival_played") and not game.get("despair")
end

-- Why no card is allowed now, for the seat that looks for one (when *_allowed says no).
local function hunt_refusal()
  if game.get("sacrifice") then return "Sacrifice: the Creature may play no Hunt card this turn" end
  local n = game.get("hunt_allowance") or 1
  return n == 1 and "the Creature has played its Hunt card this turn (one a turn)"
    or "the Creature has played its " .. n .. " Hunt cards this turn"
end

local function survival_refusal(s)
  if game.get("despair") then return "Despair: the Hunted may play no Survival card this turn" end
  return "you have played your Survival card this turn (one a turn)"
end

-- Why card c of phase window `want` is not played in window `now`.
local function phase_refusal(want, now)
  for k = 1, #WINDOWS do
    if WINDOWS[k] == want then
      for j = 1, #WINDOWS do
        if WINDOWS[j] == now then return "it is a Phase-" .. k .. " card, and this is Phase " .. j end
      end
      return "it is a Phase-" .. k .. " card"
    end
  end
  return "not played at this time"
end

-- A place power is switched off (neither power nor take-back; digest 2.3).
local function ineffective(p)
  local off = game.get("cataclysm")
  if off and contains(off, p) then return true end
  if (p == 4 or p == 8) and game.get("interference") then return true end
  if token_on("target", p) and (count_of("mirage") > 0 or count_of("toxin") > 0) then return true end
  return false
end

-- ------------------------------------------------------------------ builders -------

local BUILDER = { place = "place_card", hunt = "hunt_card", survival = "survival_card" }

-- A value of a card file as the file writes it, for messages.
local function shown(v)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) == "table" then return "a list or object" end
  return tostring(v)
end

-- What is wrong with the card whose script calls builder `name` (making cards of
-- `kind`), or nil: its kind, and for a Hunt or Survival card data.phase, data.symbol and
-- play_in. game.def() is that card while its script loads. The builder raises the
-- problem at its caller (error level 2), so `tabula lint` names the card script's line
-- and the engine adds the card and its card file; the other scripts load on.
local function card_problem(name, kind)
  local def = game.def()
  if def.kind ~= kind then
    local right = BUILDER[def.kind]
    return string.format("%s makes a %s card, but the card file gives kind \"%s\": %s", name, kind, def.kind,
      right and ("a " .. def.kind .. " card returns " .. right .. " { … }")
        or "place_card, hunt_card and survival_card make place, hunt and survival cards")
  end
  if kind == "place" then
    -- the rules deal and name the ten places by id: a place card of another id is never dealt
    local number = PLACE_NUMBER[def.id]
    if number then
      -- the rules number a place by its id; data.number sorts the hand and shows in
      -- `card`, so it must say the same
      local n = (def.data or {}).number
      if n == number then
        -- the rules name the place by its number (the tokens, the Creature's questions,
        -- the log, show.names.place): a card of another name would read apart from them
        if def.name == PLACE_NAMES[number] then return nil end
        return string.format("the card is named \"%s\", but the rules name place %d \"%s\" (the tokens, the "
          .. "Creature's questions and the log use that name): a variant of a place keeps its name; give it "
          .. "\"name\": \"%s\" and say what is new in its text", def.name, number, PLACE_NAMES[number],
          PLACE_NAMES[number])
      end
      return string.format("data.number is %s, but the %s is place %d (the rules know the ten places by id; "
        .. "the hand is sorted by data.number): give it \"number\": %d", n == nil and "missing" or shown(n),
        PLACE_NAMES[number], number, number)
    end
    return string.format("place_card makes one of the ten places, known by id (%s), but this card's id is \"%s\": "
      .. "a Place card of an expansion replaces one of them (an entry with its id)", table.concat(PLACE_IDS, ", "), def.id)
  end
  local data = def.data or {}
  local win = WINDOWS[data.phase]
  if not win then
    return string.format("data.phase is %s, not 1, 2, 3 or 4: %s offers a card in the window of its phase "
      .. "(a card of phase 0 returns its own table with its own can_play, as flashback.lua does)",
      data.phase == nil and "missing" or shown(data.phase), name)
  end
  local sym = data.symbol
  if sym ~= nil and not (kind == "hunt" and (sym == "target" or sym == "artemia")) then
    return string.format("data.symbol is %s: %s", shown(sym), kind == "hunt"
      and "a hunt card's symbol is \"target\", \"artemia\" or none"
      or "a survival card has no symbol (leave data.symbol out)")
  end
  local play_in = def.play_in
  if play_in and #play_in > 0 and not (#play_in == 1 and play_in[1] == win) then
    return string.format("play_in is [\"%s\"], but a Phase-%d card has play_in [\"%s\"] (or [] for a card "
      .. "played only while a place resolves)", table.concat(play_in, "\", \""), data.phase, win)
  end
  return nil
end

-- The number of one-letter changes (insert, delete, replace) from a to b.
local function edit_distance(a, b)
  local row = {}
  for j = 0, #b do row[j] = j end
  for i = 1, #a do
    local prev = row[0]
    row[0] = i
    for j = 1, #b do
      local cur = row[j]
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      row[j] = math.min(row[j] + 1, row[j - 1] + 1, prev + cost)
      prev = cur
    end
  end
  return row[#b]
end

-- What is wrong with the table a card script gives builder `name`, or nil: a field the
-- builder does not take (a misspelt `efect` would be dropped, and the card would do
-- nothing) or one of the wrong type. fields: the builder's fields in order, each with
-- the type it takes.
local function spec_problem(name, spec, fields)
  if type(spec) ~= "table" then
    return string.format("%s takes a table of fields, not %s: return %s { … }", name, type(spec), name)
  end
  local names, known = {}, {}
  for i = 1, #fields do
    names[i] = fields[i][1]
    known[fields[i][1]] = fields[i][2]
  end
  local extra, first = {}, nil
  for k in pairs(spec) do
    if known[k] == nil then
      extra[#extra + 1] = string.format("%q", tostring(k))
      if not first or tostring(k) < first then first = tostring(k) end
    end
  end
  if #extra > 0 then
    table.sort(extra) -- pairs order is no order: the message is the same in every run
    -- the first unknown field: a misspelt one (efect), else a function of the card's own,
    -- most likely a handler that effect.on names: say where it goes
    local hint, best = "", 3
    for i = 1, #names do
      local d = edit_distance(first, names[i])
      if d < best then hint, best = string.format("; did you mean %q?", names[i]), d end
    end
    if hint == "" and type(spec[first]) == "function" then
      hint = string.format("; a function that effect.on names goes in handlers = { %s = function(ctx) … end }", first)
    end
    return string.format("%s has no field %s (its fields: %s%s)", name, table.concat(extra, ", "),
      table.concat(names, ", "), hint)
  end
  for i = 1, #fields do
    local k, want = fields[i][1], fields[i][2]
    local v = spec[k]
    if v ~= nil and type(v) ~= want then
      local t = type(v)
      local got = (t == "string" or t == "number" or t == "boolean") and shown(v) or "a " .. t
      return string.format("%s's field %s is %s, not a %s", name, k, got, want)
    end
  end
  return nil
end

-- What is wrong with spec.handlers of builder `name`, or nil: each entry is a function
-- under a name of its own, which must not be one of the functions the builder makes
-- (`made`, the names the rules call: the handler would replace it).
local function handlers_problem(name, handlers, made)
  if handlers == nil then return nil end
  local bad = {}
  for k, v in pairs(handlers) do
    if type(k) ~= "string" then
      bad[#bad + 1] = string.format("%s's handlers are named (handlers = { on_move = function(ctx) … end }), "
        .. "not numbered: %s", name, shown(k))
    elseif type(v) ~= "function" then
      local t = type(v)
      bad[#bad + 1] = string.format("%s's handler %s is %s, not a function", name, k,
        (t == "string" or t == "number" or t == "boolean") and shown(v) or "a " .. t)
    elseif made[k] then
      bad[#bad + 1] = string.format("%s's handler %s has the name of a function the card already has "
        .. "(%s): give it another name", name, k, table.concat(made, ", "))
    end
  end
  table.sort(bad) -- pairs order is no order
  return bad[1]
end

-- The card's table `card` with each handler of spec.handlers added under its name.
local function with_handlers(card, handlers)
  for k, fn in pairs(handlers or {}) do card[k] = fn end
  return card
end

-- The functions each builder makes, by name (a handler may not take one of them).
local function made_set(list)
  local set = { table.unpack(list) }
  for _, k in ipairs(list) do set[k] = true end
  return set
end
local PLACE_MADE = made_set({ "power", "usable" })
local HUNT_MADE = made_set({ "can_play", "effect", "play", "target_apply", "target_choose", "target_effect", "usable" })
local SURVIVAL_MADE = made_set({ "can_play", "effect", "play", "usable" })

local PLACE_FIELDS = { { "power", "function" }, { "usable", "function" }, { "handlers", "table" } }
local HUNT_FIELDS = { { "effect", "function" }, { "usable", "function" }, { "target_choose", "function" },
                      { "target_apply", "function" }, { "handlers", "table" } }
local SURVIVAL_FIELDS = { { "effect", "function" }, { "usable", "function" }, { "window", "boolean" },
                          { "handlers", "table" } }

-- A place card: usable(ctx) says whether its power can be used now by ctx.seat (Beach
-- once per turn, Shelter under Despair…); power(ctx) does it. ctx.card is the reference
-- place on Artemia, ctx.this the played card that "this card" means (Jungle, Swamp).
local function place_card(spec)
  local problem = spec_problem("place_card", spec, PLACE_FIELDS)
    or handlers_problem("place_card", spec.handlers, PLACE_MADE) or card_problem("place_card", "place")
  if problem then error(problem, 2) end
  return with_handlers({
    usable = spec.usable or always,
    power = spec.power,
  }, spec.handlers)
end

-- Records the turn's Target cards whose effect hits the Target place in Step 4.
local function note_target_effect(c)
  local list = game.get("_target_fx") or {}
  list[#list + 1] = c
  game.set("_target_fx", list, "turn")
end

-- Resolves a Hunt card's symbol and effect. `src` is the card whose text applies (the
-- copied card for Flashback); ctx.card is the card played.
local function hunt_resolve(ctx, src)
  local symbol = SYMBOL[card.id(src)]
  if symbol == "target" then
    game.set("tgt", true, "turn")
    if card.call(src, "target_effect") then note_target_effect(src) end
  elseif symbol == "artemia" then
    game.set("art", true, "turn")
  end
  card.call(src, "effect", { seat = CREATURE, played = ctx.card })
  place_pending_tokens()
end

-- Playing a Hunt card: it leaves the hand (to the played-this-turn area, or straight to
-- the discard), counts against the allowance, then resolves.
local function hunt_play_card(ctx)
  local to = opt("flashback_same_turn") and gzone("hunt_discard") or gzone("hunt_played")
  card.move(ctx.card, to, UP_ON_TOP)
  game.add("hunt_count", 1, "turn")
  game.stat("Hunt cards played", 1)
end

-- A Hunt card. spec.usable(ctx) adds card-specific conditions (false, why: the reason
-- a seat looking for the card is told), spec.effect(ctx) is the
-- effect. A Target card's effect on each Hunted on the Target place in Step 4 (ctx.seat
-- = that Hunted) comes in two rounds, since the Hunted hit decide simultaneously
-- (digest 2.3): spec.target_choose(ctx) asks the Hunted and returns its plan, nobody
-- else seeing it; once every Hunted hit has chosen, spec.target_apply(ctx) carries out
-- ctx.plan. ctx.held is a set of cards the same Hunted's earlier plans of the step
-- already take (an Artefact player hit twice), for target_choose to leave out and add to.
local function hunt_card(spec)
  local problem = spec_problem("hunt_card", spec, HUNT_FIELDS)
    or handlers_problem("hunt_card", spec.handlers, HUNT_MADE) or card_problem("hunt_card", "hunt")
  if problem then error(problem, 2) end
  local usable = spec.usable or always
  local has_target = spec.target_apply ~= nil
  return with_handlers({
    usable = usable,
    effect = spec.effect or nothing,
    target_choose = spec.target_choose or nothing,
    target_apply = spec.target_apply or nothing,
    target_effect = function() return has_target end,
    -- the allowance and the phase before the zone lookup (two calls): windows already
    -- ask only the cards of their phase (play_in) in hand, but a direct call may ask any
    -- (false, why: the reason goes to the seat with the question)
    can_play = function(ctx)
      if ctx.seat ~= CREATURE then return false end
      if not hunt_allowed() then return false, hunt_refusal() end
      local c = ctx.card
      local want = PHASE_WINDOW[card.id(c)]
      if want ~= ctx.window then return false, phase_refusal(want, ctx.window) end
      if card.zone(c) ~= zone.get("hand", CREATURE) then return false end -- (hand(): a call more)
      local ok, why = usable(ctx)
      if ok then return true end
      return false, why
    end,
    play = function(ctx)
      hunt_play_card(ctx)
      hunt_resolve(ctx, ctx.card)
    end,
  }, spec.handlers)
end

-- A Survival card. spec.window = false for cards played only while resolving a place
-- (Drone, Gate).
local function survival_card(spec)
  local problem = spec_problem("survival_card", spec, SURVIVAL_FIELDS)
    or handlers_problem("survival_card", spec.handlers, SURVIVAL_MADE) or card_problem("survival_card", "survival")
  if problem then error(problem, 2) end
  local usable = spec.usable or always
  local effect = spec.effect or nothing
  local in_window = spec.window ~= false
  return with_handlers({
    usable = usable,
    effect = effect,
    can_play = function(ctx)
      if not in_window then return false end
      local s = ctx.seat
      if s == CREATURE then return false end
      -- the allowance and the phase before the zone lookup, as for Hunt cards
      -- (offer_play_now asks every Survival card in hand)
      -- (survival_allowed(s) written out: windows ask this for every Survival card)
      if seat.get(s, "survival_played") or game.get("despair") then return false, survival_refusal(s) end
      local c = ctx.card
      local want = PHASE_WINDOW[card.id(c)]
      if want ~= ctx.window then return false, phase_refusal(want, ctx.window) end
      if card.zone(c) ~= zone.get("survival", s) then return false end -- (shand(s): a call more)
      local ok, why = usable(ctx)
      if ok then return true end
      return false, why
    end,
    play = function(ctx)
      discard_survival(ctx.card)
      seat.set(ctx.seat, "survival_played", true, "turn")
      game.stat("Survival cards played", 1)
      effect(ctx)
    end,
  }, spec.handlers)
end

-- Plays Survival card c of seat s outside a window (Drone, Gate, Shelter's immediate
-- play): the same bookkeeping as a window play, and a log line.
local function survival_play_now(s, c, extra)
  say("%s plays %s", seat_name(s), card.name(c))
  local ctx = { seat = s }
  if extra then
    for k, v in pairs(extra) do ctx[k] = v end
  end
  card.call(c, "play", ctx)
end

return {
  CREATURE = CREATURE,
  SETUP = SETUP,
  PLACE_IDS = PLACE_IDS,
  PLACE_NAMES = PLACE_NAMES,
  PLACE_NUMBER = PLACE_NUMBER,
  PLACE_BY_NAME = PLACE_BY_NAME,
  ADJ = ADJ,
  PAIRS = PAIRS,
  WINDOWS = WINDOWS,
  PHASE_WINDOW = PHASE_WINDOW,
  FACE_UP = FACE_UP,
  FACE_DOWN = FACE_DOWN,
  UP_ON_TOP = UP_ON_TOP,
  opt = opt,
  hunted_seats = hunted_seats,
  gzone = gzone,
  hand = hand,
  shand = shand,
  discard = discard,
  played = played,
  place_of = place_of,
  place_name = place_name,
  seat_name = seat_name,
  ref_card = ref_card,
  say = say, count_text = count_text,
  contains = contains,
  choose_one = choose_one,
  without = without,
  count_of = count_of,
  is_adjacent = is_adjacent,
  move_rescue = move_rescue,
  move_assimilation = move_assimilation,
  lose_will = lose_will,
  gain_will = gain_will,
  to_hand = to_hand,
  to_discard = to_discard,
  take_back = take_back,
  return_self_and_discards = return_self_and_discards,
  recall_laid = recall_laid,
  refill = refill,
  draw_hunt_to = draw_hunt_to,
  survival_drawable = survival_drawable,
  draw_survival = draw_survival,
  discard_survival = discard_survival,
  tokens = tokens,
  token_on = token_on,
  has_token = has_token,
  token_label = token_label,
  set_token = set_token,
  choose_place = choose_place,
  choose_pair = choose_pair,
  adjacent_to_token = adjacent_to_token,
  place_token = place_token,
  place_pending_tokens = place_pending_tokens,
  hunt_allowed = hunt_allowed,
  survival_allowed = survival_allowed,
  hunt_refusal = hunt_refusal,
  survival_refusal = survival_refusal,
  phase_refusal = phase_refusal,
  ineffective = ineffective,
  place_card = place_card,
  hunt_card = hunt_card,
  hunt_play_card = hunt_play_card,
  hunt_resolve = hunt_resolve,
  survival_card = survival_card,
  survival_play_now = survival_play_now,
}
