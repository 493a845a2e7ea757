-- Undo test pack: a face-down deck of two cards. Each turn seat 1 draws the top card
-- (and sees it), peeks at it (zone.peek, then the deck is shuffled, so it is hidden
-- again), is told its name in a log line for seat 1 alone, or waits; then it picks a
-- word. After three turns the game ends.
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
      local pick = decide.choose(1, { "draw", "peek", "hint", "wait" }, { prompt = "draw the top card?", tag = "draw" })
      local deck = zone.get("deck")
      if zone.count(deck) == 0 or pick == "wait" then return end
      local top = zone.at(deck, zone.count(deck))
      if pick == "draw" then
        card.move(top, zone.get("hand", 1))
      elseif pick == "peek" then
        zone.peek(deck, 1, 1)
        zone.shuffle(deck)
      else
        game.log("the top card is " .. card.name(top), 1)
      end
    end },
    pick = { enter = function(ctx)
      decide.choose(1, { "red", "blue" }, { prompt = "pick a colour", tag = "pick" })
      if game.turn() >= 3 then game.win("player", "three turns") end
    end },
  },
}
