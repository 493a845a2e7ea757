-- Undo test pack: a face-down deck of two cards. Each turn seat 1 draws the top card
-- (and sees it) or waits, then picks a word; after three turns the game ends.
return {
  turn = { "draw", "pick" },

  setup = function(ctx)
    seat.set_role(1, "player")
    local deck = zone.new("deck", { visibility = "hidden" })
    zone.new("hand", { owner = 1, visibility = "owner" })
    card.new("ace", deck, 1)
    card.new("king", deck, 1)
  end,

  steps = {
    draw = { enter = function(ctx)
      if decide.choose(1, { "draw", "wait" }, { prompt = "draw the top card?", tag = "draw" }) == "draw" then
        local deck = zone.get("deck")
        if zone.count(deck) > 0 then card.move(zone.at(deck, zone.count(deck)), zone.get("hand", 1)) end
      end
    end },
    pick = { enter = function(ctx)
      decide.choose(1, { "red", "blue" }, { prompt = "pick a colour", tag = "pick" })
      if game.turn() >= 3 then game.win("player", "three turns") end
    end },
  },
}
