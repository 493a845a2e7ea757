-- Scavenge: a small Arctic Scavengers for 2 to 4 players. Each seat builds a tribe from
-- a personal deck of 10 (4 Refugees, 3 Scavengers, 3 Brawlers). One engine turn is one
-- round; the first seat moves on each round.
--   draw     the next contested card is turned up; every seat draws 5 (an empty deck
--            takes the discard pile, shuffled)
--   act      each seat in turn may dig once (play a card with Dig: look at the top 2
--            of the Junkyard, keep 1, the other goes to the bottom) and hire once (pay a
--            Mercenary's food and medicine with cards from the hand), then is done
--   commit   each seat in turn commits any cards of its hand to the skirmish, face down
--   reveal   every committed card is turned up; then a play-or-pass window: Snipers and
--            Medics are played from the hand
--   fight    the highest fight wins the contested card (a tie, or no fight: nobody)
--   cleanup  everything goes to the discard piles; when the contested pile is empty the
--            most people in deck, hand and discard win (ties share the win)

local HAND = 5
local START = { refugee = 4, scavenger = 3, brawler = 3 }
local START_ORDER = { "refugee", "scavenger", "brawler" }
local MARKET_COPIES = { hunter = 4, scout = 4, thug = 3, sniper = 3, medic = 3 }

local function market() return zone.get("market") end
local function junkyard() return zone.get("junkyard") end

-- what a market card costs: food, medicine
local function cost(c)
  local k = card.info(c).data.cost or {}
  return k.food or 0, k.medicine or 0
end

-- the food and medicine seat s holds in hand
local function purse(s)
  local f, m = 0, 0
  for _, c in ipairs(zone.cards(hand(s))) do f, m = f + val(c, "food"), m + val(c, "medicine") end
  return f, m
end

-- the options of seat s's next action: dig with a card, hire a mercenary (one option
-- per kind of card in the market), done
local function actions(s, dug, hired)
  local opts = {}
  if not dug and zone.count(junkyard()) > 0 then
    for _, c in ipairs(zone.cards(hand(s))) do
      if val(c, "dig") > 0 then
        opts[#opts + 1] = { label = "dig with " .. card.name(c), act = "dig", card = c }
      end
    end
  end
  -- what is not offered, and why: the player who types it is told (`why hire thug`)
  local unavailable = {}
  local f, m = purse(s)
  local seen = {}
  for _, c in ipairs(zone.cards(market())) do
    if not seen[card.id(c)] then
      seen[card.id(c)] = true
      local cf, cm = cost(c)
      local price = cf .. " food" .. (cm > 0 and (", " .. cm .. " medicine") or "")
      local label = "hire " .. card.name(c) .. " (" .. price .. ")"
      if hired then
        unavailable[#unavailable + 1] = { label, "you hired once this round already" }
      elseif cf <= f and cm <= m then
        opts[#opts + 1] = { label = label, act = "hire", card = c }
      else
        unavailable[#unavailable + 1] = { label, "your hand has " .. f .. " food and " .. m .. " medicine; it costs " .. price }
      end
    end
  end
  opts[#opts + 1] = { label = "done", act = "done" }
  return opts, unavailable
end

local function dig(s, with)
  card.move(with, played(s), { face = "up" })
  local seen = zone.peek(junkyard(), 2, s)
  local keep = seen[1]
  if #seen > 1 then
    keep = decide.choose(s, seen, { prompt = "dig: keep which card? (the other goes to the bottom)", tag = "keep" })
  end
  card.set_owner(keep, s)
  card.move(keep, discard(s), { face = "up" })
  for _, c in ipairs(seen) do
    if c ~= keep then card.move(c, junkyard(), { pos = "bottom" }) end
  end
end

local function hire(s, merc)
  local food, med = cost(merc)
  while food > 0 or med > 0 do
    local payers = {}
    for _, c in ipairs(zone.cards(hand(s))) do
      if (food > 0 and val(c, "food") > 0) or (med > 0 and val(c, "medicine") > 0) then
        payers[#payers + 1] = c
      end
    end
    local c = payers[1]
    if #payers > 1 then
      local due = {}
      if food > 0 then due[#due + 1] = food .. " food" end
      if med > 0 then due[#due + 1] = med .. " medicine" end
      c = decide.choose(s, payers, { prompt = "hire " .. card.name(merc) .. ": pay with which card? ("
                                     .. table.concat(due, ", ") .. " due)", tag = "pay" })
    end
    food, med = food - val(c, "food"), med - val(c, "medicine")
    card.move(c, played(s), { face = "up" })
  end
  card.set_owner(merc, s)
  card.move(merc, discard(s), { face = "up" })
end

local function act(s)
  local dug, hired = false, false
  while true do
    local opts, unavailable = actions(s, dug, hired)
    local a = opts[1]
    if #opts > 1 then
      a = decide.choose(s, opts, { prompt = "your action", tag = "action", unavailable = unavailable })
    end
    if a.act == "done" then return end
    if a.act == "dig" then dig(s, a.card); dug = true
    else hire(s, a.card); hired = true end
  end
end

local function commit(s)
  local cards = zone.cards(hand(s))
  if #cards == 0 then return end
  local picked = decide.choose(s, cards, { prompt = "commit cards to the skirmish (face down; none is fine)",
                                           tag = "commit", min = 0, max = #cards })
  for _, c in ipairs(picked) do card.move(c, skirmish(s), { face = "down" }) end
end

local function finish()
  local best, top = {}, -1
  for s = 1, game.seats() do
    local p = people(s)
    game.log("seat " .. s .. " has " .. p .. " people")
    if p > top then best, top = { s }, p
    elseif p == top then best[#best + 1] = s end
  end
  if #best == 1 then game.win(best[1], "the most people (" .. top .. ")")
  else game.win(best, "tied for the most people (" .. top .. ")") end
end

return {
  turn = { "draw", "act", "commit", "reveal", "fight", "cleanup" },
  rotate_active = true,
  rounds = "turns",                 -- every seat acts in each turn: `tabula sim` reports rounds
  windows = { skirmish = { style = "immediate", from = { "hand" } } },

  setup = function(ctx)
    local n = game.seats()
    zone.new("junkyard", { visibility = "hidden" })
    zone.new("market", { visibility = "public" })
    zone.new("contested", { visibility = "hidden" })
    zone.new("prize", { visibility = "public" })
    zone.new("lost", { visibility = "public" })
    for _, id in ipairs(game.defs("junk")) do
      for _ = 1, game.def(id).count do card.new(id, junkyard()) end
    end
    zone.shuffle(junkyard())
    for _, id in ipairs(game.defs("mercenary")) do
      for _ = 1, MARKET_COPIES[id] do card.new(id, market()) end
    end
    for _, id in ipairs(game.defs("contested")) do
      for _ = 1, game.def(id).count do card.new(id, zone.get("contested")) end
    end
    zone.shuffle(zone.get("contested"))
    for s = 1, n do
      local d = zone.new("deck", { owner = s, visibility = "hidden" })
      zone.new("hand", { owner = s, visibility = "owner" })
      zone.new("discard", { owner = s, visibility = "public" })
      zone.new("played", { owner = s, visibility = "public" })
      zone.new("skirmish", { owner = s, visibility = "public" })
      for _, id in ipairs(START_ORDER) do
        for _ = 1, START[id] do card.new(id, d, s) end
      end
      zone.shuffle(d)
    end
  end,

  steps = {
    draw = { enter = function(ctx)
      game.add("round", 1)
      zone.draw(zone.get("contested"), zone.get("prize"), 1)
      for _, s in ipairs(round_order()) do draw(s, HAND) end
    end },
    act = { enter = function(ctx)
      for _, s in ipairs(round_order()) do act(s) end
    end },
    commit = { enter = function(ctx)
      for _, s in ipairs(round_order()) do commit(s) end
    end },
    reveal = { enter = function(ctx)
      -- (card.flip writes no log line: the reveal is told here, to everyone)
      for _, s in ipairs(round_order()) do
        local names = {}
        for _, c in ipairs(zone.cards(skirmish(s))) do
          card.flip(c, "up")
          names[#names + 1] = card.name(c)
        end
        game.log("seat " .. s .. (#names > 0 and (" reveals " .. table.concat(names, ", ")) or " committed nothing"))
      end
      window.open("skirmish", { prompt = "after the reveal: play a Sniper or a Medic, or pass" })
    end },
    fight = { enter = function(ctx)
      local best, top = {}, 0
      for s = 1, game.seats() do
        local f = 0
        for _, c in ipairs(zone.cards(skirmish(s))) do f = f + val(c, "fight") end
        seat.set(s, "fight", f, "turn")
        if f > top then best, top = { s }, f
        elseif f == top and f > 0 then best[#best + 1] = s end
      end
      local prize = zone.at(zone.get("prize"))
      if not prize then return end
      if #best == 1 then
        card.set_owner(prize, best[1])
        card.move(prize, discard(best[1]), { face = "up" })
        game.log("seat " .. best[1] .. " wins the skirmish with fight " .. top .. " and takes " .. card.name(prize))
      else
        card.move(prize, zone.get("lost"), { face = "up" })
        game.log(top == 0 and "nobody fought: " .. card.name(prize) .. " is lost"
                 or "a tie at fight " .. top .. ": nobody takes " .. card.name(prize))
      end
    end },
    cleanup = { enter = function(ctx)
      for s = 1, game.seats() do
        for _, z in ipairs({ hand(s), played(s), skirmish(s) }) do
          for _, c in ipairs(zone.cards(z)) do card.move(c, discard(s), { face = "up" }) end
        end
      end
      if zone.count(zone.get("contested")) == 0 then finish() end
    end },
  },
}
