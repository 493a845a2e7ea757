-- Secrets: a small game for the REPL tests. Each seat holds three secrets and a Flare.
-- Every turn each seat hides a card face down, then a signal window lets each seat
-- play its Flare (or pass). After two turns each seat may stash up to two more cards,
-- then the game ends. Nothing hidden is ever
-- revealed, so a transcript may name a seat's secrets only while that seat looks.

local PREFIX = { "amber", "basalt", "cobalt" }

return {
  turn = { "hide", "signal", "end" },
  windows = { signal = { style = "immediate", trigger_order = "seat", play_zone = "table" } },

  setup = function(ctx)
    zone.new("table", { visibility = "public" })
    for s = 1, game.seats() do
      seat.set_role(s, "keeper")
      local h = zone.new("hand", { owner = s, visibility = "owner" })
      zone.new("hidden", { owner = s, visibility = "owner" })
      for _, what in ipairs({ "key", "coin", "map" }) do card.new(PREFIX[s] .. "-" .. what, h, s) end
      card.new("flare", h, s)
      seat.set(s, "hidden", 0)
    end
    game.set("flares", 0)
  end,

  steps = {
    hide = { enter = function(ctx)
      for s = 1, game.seats() do
        local c = decide.choose(s, zone.cards(zone.get("hand", s)), { prompt = "hide a card", tag = "hide" })
        card.move(c, zone.get("hidden", s), { face = "down" })
        seat.add(s, "hidden", 1)
      end
    end },
    signal = { enter = function(ctx) window.open("signal") end },
    ["end"] = { enter = function(ctx)
      if game.turn() < 2 then return end
      -- the last question: several picks, or none
      for s = 1, game.seats() do
        local hand = zone.cards(zone.get("hand", s))
        local picks = decide.choose(s, hand, { prompt = "stash up to 2 cards", min = 0, max = 2, tag = "stash" })
        for _, c in ipairs(picks) do
          card.move(c, zone.get("hidden", s), { face = "down" })
          seat.add(s, "hidden", 1)
        end
      end
      game.win("keeper", "two turns played")
    end },
  },
}
