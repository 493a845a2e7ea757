-- Sparks: the tutorial game of docs/card-authoring.md.
-- 2 to 4 players. Each turn the active player draws a card and plays one card from
-- hand; then every other player may react with a card that allows it. The first
-- player with 6 points at the end of a turn wins (after 40 turns: the leader wins).

local GOAL, LAST_TURN = 6, 40

local function hand(s) return zone.get("hand", s) end
local function deck(s) return zone.get("deck", s) end
local function discard(s) return zone.get("discard", s) end

-- Draws one card for seat s, shuffling the discard pile back in when the deck is empty.
local function draw(s)
  if zone.count(deck(s)) == 0 then
    for _, c in ipairs(zone.cards(discard(s))) do card.move(c, deck(s), { face = "down" }) end
    zone.shuffle(deck(s))
  end
  zone.draw(deck(s), hand(s), 1)
end

return {
  turn = { "draw", "main", "react", "end" },
  rotate_active = true,                         -- seat 1, then 2, …, then 1 again

  -- Playing a card in the react window: its `play` function runs at once.
  windows = { react = { style = "immediate" } },
  limits = { max_turns = 100 },
  -- every spark card's script must give `play` (checked when the scripts load)
  kinds = { spark = { needs = { "play" } } },

  setup = function(ctx)
    for s = 1, game.seats() do
      zone.new("deck", { owner = s, visibility = "hidden" })
      zone.new("hand", { owner = s, visibility = "owner" })
      zone.new("discard", { owner = s, visibility = "public" })
      for _, id in ipairs(game.defs("spark")) do
        for _ = 1, game.def(id).count do card.new(id, deck(s), s) end
      end
      zone.shuffle(deck(s))
      zone.draw(deck(s), hand(s), 3)
      seat.set(s, "points", 0)
    end
  end,

  steps = {
    draw = { enter = function(ctx) draw(game.active()) end },

    -- The active player picks a card from hand; it goes to the discard pile and its
    -- `play` function runs as its own action, right after this one.
    main = { enter = function(ctx)
      local s = game.active()
      local cards = zone.cards(hand(s))
      if #cards == 0 then return end
      local c = decide.choose(s, cards, { prompt = "play a card", tag = "play" })
      c = card.move(c, discard(s))
      game.schedule("play", { card = c, seat = s })
    end },

    react = { enter = function(ctx) window.open("react") end },

    ["end"] = { enter = function(ctx)
      local best, best_points, second = nil, -1, -1
      for s = 1, game.seats() do
        local p = seat.get(s, "points")
        if p > best_points then best, best_points, second = s, p, best_points
        elseif p > second then second = p end
      end
      if best_points >= GOAL or game.turn() >= LAST_TURN then
        -- a statistic for sim: how close the games are (its mean, min and max)
        game.stat("lead at the end", best_points - second)
      end
      if best_points >= GOAL then
        game.win(best, "reached " .. GOAL .. " points") -- a seat (no roles: sim counts by seat)
      elseif game.turn() >= LAST_TURN then
        game.win(best, "led after " .. LAST_TURN .. " turns")
      end
    end },
  },
}
