-- Lines: a two-player game of three lines, in the spirit of Battle Line.
--
-- The deck holds 24 troops: values 1 to 8 in red, green and blue. Each player is dealt 5,
-- hidden from the other; the deck's order is hidden from both. Seat 1 begins. On your
-- turn you play one card from your hand face up onto your side of a line that holds fewer
-- than 3 of your cards, then draw a card.
--
-- When both sides of a line hold 3 cards, the stronger side takes the line. From strongest
-- to weakest: three of a kind (one value), a same-colour run (three values in a row, one
-- colour), a run, a same colour, anything else. Between two sides of the same formation
-- the higher sum is stronger; at the same sum, the side completed first takes the line.
--
-- The first player to take 2 lines wins. When a draw takes the last card of the deck
-- (after 14 turns, 7 cards played each), the game ends: the player with more lines wins,
-- then the one with the higher sum of all the cards on their sides; else it is a draw.

local HAND, SIDE, LINES, GOAL = 5, 3, 3, 2

local function hand(s) return zone.get("hand", s) end
local function side(s, l) return zone.get("line" .. l, s) end
local function line_zone(l) return zone.get("line" .. l) end

-- The formation of a side of three cards, from the cards' data: a rank (5 three of a
-- kind, 4 same-colour run, 3 run, 2 same colour, 1 anything else) and the sum.
local function formation(cards)
  local v, colours, sum = {}, {}, 0
  for i, c in ipairs(cards) do
    local d = card.info(c).data
    v[i], colours[d.colour], sum = d.value, true, sum + d.value
  end
  table.sort(v)
  local n = 0
  for _ in pairs(colours) do n = n + 1 end
  local one_colour = n == 1
  local run = v[2] == v[1] + 1 and v[3] == v[2] + 1
  local rank
  if v[1] == v[3] then rank = 5
  elseif run and one_colour then rank = 4
  elseif run then rank = 3
  elseif one_colour then rank = 2
  else rank = 1 end
  return rank, sum
end

local RANK_NAMES = { "a sum", "a colour", "a run", "a colour run", "three of a kind" }

-- The seat whose side of line l is stronger (both sides full).
local function stronger(l)
  local r1, s1 = formation(zone.cards(side(1, l)))
  local r2, s2 = formation(zone.cards(side(2, l)))
  if r1 ~= r2 then return r1 > r2 and 1 or 2, RANK_NAMES[math.max(r1, r2)] end
  if s1 ~= s2 then return s1 > s2 and 1 or 2, "the higher sum" end
  local d1, d2 = zone.prop(side(1, l), "done"), zone.prop(side(2, l), "done")
  return d1 < d2 and 1 or 2, "completed first"
end

local function sum_of(s)
  local total = 0
  for l = 1, LINES do
    for _, c in ipairs(zone.cards(side(s, l))) do total = total + card.info(c).data.value end
  end
  return total
end

-- Decides line l when both of its sides are full; ends the game at GOAL lines.
local function settle(l)
  if zone.prop(line_zone(l), "taken") then return end
  for s = 1, 2 do
    if zone.count(side(s, l)) < SIDE then return end
  end
  local winner, why = stronger(l)
  zone.set(line_zone(l), "taken", winner)
  game.log("seat " .. winner .. " takes line " .. l .. " (" .. why .. ")")
  if seat.add(winner, "lines", 1) >= GOAL then
    game.stat("sum lead of the winner", sum_of(winner) - sum_of(3 - winner))
    game.win(winner, "took " .. GOAL .. " lines")
  end
end

return {
  turn = { "play", "draw" },
  rotate_active = true,
  rounds = "seats",
  limits = { max_turns = 40 },

  setup = function(ctx)
    local deck = zone.new("deck", { visibility = "hidden" })
    for l = 1, LINES do zone.new("line" .. l, { visibility = "public" }) end
    for s = 1, 2 do
      zone.new("hand", { owner = s, visibility = "owner", sort = "value" })
      for l = 1, LINES do zone.new("line" .. l, { owner = s, visibility = "public" }) end
      seat.set(s, "lines", 0)
    end
    -- the cards have no owner: an unseen card could be any of the unseen cards, in the
    -- deck or in the other hand (the lookahead bot deals them again by back and owner)
    for _, id in ipairs(game.defs("troop")) do card.new(id, deck) end
    zone.shuffle(deck)
    for s = 1, 2 do zone.draw(deck, hand(s), HAND) end
  end,

  steps = {
    play = { enter = function(ctx)
      local s = game.active()
      local options = {}
      for _, c in ipairs(zone.cards(hand(s))) do
        local d = card.info(c).data
        for l = 1, LINES do
          if zone.count(side(s, l)) < SIDE then
            options[#options + 1] = { label = card.name(c) .. " on line " .. l, card = c,
                                      data = { value = d.value, colour = d.colour, line = l } }
          end
        end
      end
      if #options == 0 then return end
      local o = decide.choose(s, options, { prompt = "play a card onto a line", tag = "play" })
      local z = side(s, o.data.line)
      card.move(o.card, z)
      if zone.count(z) == SIDE then zone.set(z, "done", game.turn()) end
      settle(o.data.line)
    end },

    draw = { enter = function(ctx)
      local deck = zone.get("deck")
      zone.draw(deck, hand(game.active()), 1)
      if zone.count(deck) > 0 then return end
      local l1, l2 = seat.get(1, "lines"), seat.get(2, "lines")
      local t1, t2 = sum_of(1), sum_of(2)
      game.stat("games to the deck's end", 1)
      if l1 ~= l2 then game.win(l1 > l2 and 1 or 2, "more lines at the deck's end") end
      if t1 ~= t2 then game.win(t1 > t2 and 1 or 2, "the higher sum at the deck's end") end
      game.draw("even at the deck's end")
    end },
  },
}
