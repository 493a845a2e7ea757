-- Artemia Lite rules (../shared/bench/artemia-lite.md): 1 Creature (seat 1), H Hunted.
-- Every choice is a decision; place powers are the card scripts in cards/artemia-lite.

local RESCUE_GOAL, ASSIMILATION_GOAL, MAX_TURNS = 28, 6, 200

return {
  turn = { "exploration", "hunting", "reckoning", "end" },

  setup = function(ctx)
    seat.set_role(1, "creature")
    for s = 2, game.seats() do
      seat.set_role(s, "hunted")
      local h = zone.new("hand", { owner = s, visibility = "owner" })
      zone.new("discard", { owner = s, visibility = "public" })
      zone.new("played", { owner = s, visibility = "owner" })
      for i = 1, 5 do card.new(PLACES[i], h, s) end
      seat.set(s, "will", 3)
      seat.set(s, "survival", 0)
    end
    game.set("rescue", 0)
    game.set("assimilation", 0)
  end,

  steps = {
    exploration = { enter = function(ctx)
      for s = 2, game.seats() do
        local h = hand(s)
        if zone.count(h) == 0 then
          for _, c in ipairs(zone.cards(discard(s))) do card.move(c, h) end
          lose_will(s)
        end
        local c = decide.choose(s, zone.cards(h), { prompt = "play a place", tag = "explore" })
        card.move(c, zone.get("played", s), { face = "down" })
      end
    end },

    hunting = { enter = function(ctx)
      local at = decide.choose(1, PLACES, { prompt = "place the Creature token", tag = "hunt" })
      game.set("creature_at", at, "turn")
    end },

    reckoning = { enter = function(ctx)
      local at = game.get("creature_at")
      local caught = false
      for s = 2, game.seats() do
        local c = zone.at(zone.get("played", s), 1)
        c = card.move(c, discard(s), { face = "up" })
        if card.is(c, at) then
          caught = true
          lose_will(s)
        else
          card.call(c, "power", { seat = s })
        end
      end
      if caught then game.add("assimilation", 1) end
    end },

    ["end"] = { enter = function(ctx)
      local rescue = game.add("rescue", 1)
      if game.get("assimilation") >= ASSIMILATION_GOAL then
        game.win("creature", "Assimilation reached " .. ASSIMILATION_GOAL)
      elseif rescue >= RESCUE_GOAL then
        game.win("hunted", "Rescue reached " .. RESCUE_GOAL)
      elseif game.turn() >= MAX_TURNS then
        game.win("creature", "turn " .. MAX_TURNS .. " passed")
      end
    end },
  },
}
