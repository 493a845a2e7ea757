-- Tricks (tests/packs/tricks): follow suit, trump, the lead passing to the winner,
-- bids and scores over several hands.

-- A designer chunk that gives each seat exactly these cards (the rest go to the deck)
-- and turns `trump` up: run at the first bid, it changes the deal the bid question
-- was asked on.
local function deal(hands, trump)
  local lines = { [[
    local deck = zone.get("deck")
    for s = 1, 4 do
      for _, c in ipairs(zone.cards(zone.get("hand", s))) do card.move(c, deck) end
    end
    for _, c in ipairs(zone.cards(zone.get("trump"))) do card.move(c, deck) end
  ]] }
  for s, ids in ipairs(hands) do
    for _, id in ipairs(ids) do
      lines[#lines + 1] = ('card.move(zone.search(deck, "%s")[1], zone.get("hand", %d))'):format(id, s)
    end
  end
  lines[#lines + 1] = ('card.move(zone.search(deck, "%s")[1], zone.get("trump"))'):format(trump)
  lines[#lines + 1] = ('game.set("trump", card.info(zone.at(zone.get("trump"))).data.suit)')
  return table.concat(lines, "\n")
end

defaults { game = "tests/packs/tricks", players = 4, options = { hand_size = 2 } }

scenario "a seat that holds the led suit must follow it" {
  steps = {
    { lua = deal({ { "c7", "c8" }, { "h9", "s9" }, { "ha", "sa" }, { "d7", "d8" } }, "d9") },
    "2: 1", "3: 0", "4: 0", "1: 0",
    { decision = { seat = 2, options = { "9 of Spades", "9 of Hearts" } } },
    "2: 9 of Hearts",
    -- seat 3 has a Heart: its Spade is not offered
    { decision = { seat = 3, options = { "Ace of Hearts" } } },
    "3: Ace of Hearts",
    -- seat 4 has no Heart: anything goes
    { decision = { seat = 4, options = { "7 of Diamonds", "8 of Diamonds" } } },
    "4: 7 of Diamonds",
    "1: 7 of Clubs",
  },
  expect = {
    checks = {
      -- the 7 of Diamonds trumped the Ace of Hearts, and seat 4 leads the next trick
      [[ return seat.get(4, "won") == 1 and game.active() == 4 ]],
    },
    log = { "seat 4 takes the trick" },
  },
}

scenario "the dealer may not make the bids add up to the tricks" {
  steps = {
    { lua = deal({ { "c7", "c8" }, { "h9", "s9" }, { "ha", "sa" }, { "d7", "d8" } }, "d9") },
    "2: 1", "3: 0", "4: 0",
    { decision = { seat = 1, options = { "0", "2" } } },
    "1: 2",
  },
  expect = { checks = { [[ return seat.get(1, "bid") == 2 ]] } },
}

scenario "secret bids stay secret until every seat has bid" {
  options = { bidding = "secret" },
  steps = {
    "2: 1",
    { check = [[ return seat.get(2, "bid") == nil and seat.get(2, "_bid") == 1 ]] },
    "3: 1", "4: 1",
    -- the dealer may bid anything when bids are secret
    { decision = { seat = 1, options = { "0", "1", "2" } } },
    "1: 0",
    { check = [[ return seat.get(2, "bid") == 1 and seat.get(2, "_bid") == nil ]] },
  },
}

scenario "an exact bid scores 10 + bid; the game ends at the target" {
  options = { hand_size = 1, target = 11 },
  steps = {
    { lua = deal({ { "c7" }, { "ha" }, { "h7" }, { "s7" } }, "d9") },
    "2: 1", "3: 0", "4: 0", "1: 1",        -- seat 1, the dealer, may not bid 0
    "2: Ace of Hearts", "3: 7 of Hearts", "4: 7 of Spades", "1: 7 of Clubs",
  },
  expect = {
    checks = {
      [[ return seat.get(2, "score") == 11 and seat.get(3, "score") == 10 ]],
      [[ return seat.get(1, "score") == 0 ]],
    },
    over = 2,
  },
}

scenario "the deal passes to the left and scores add up over hands" {
  options = { hand_size = 1, target = 100 },
  steps = {
    { lua = deal({ { "c7" }, { "ha" }, { "h7" }, { "s7" } }, "d9") },
    "2: 1", "3: 0", "4: 0", "1: 1",
    "2: Ace of Hearts", "3: 7 of Hearts", "4: 7 of Spades", "1: 7 of Clubs",
    -- hand 2: seat 2 deals, seat 3 bids first and leads
    { check = [[ return game.get("dealer") == 2 and game.active() == 3 ]] },
    { decision = { seat = 3 } },
  },
  expect = {
    checks = { [[ return seat.get(2, "score") == 11 and game.get("hand_no") == 2 ]] },
    over = false,
  },
}

scenario "the counter bot bids its Aces, Kings and high trumps, and ducks under a winner" {
  steps = {
    -- trump Diamonds: seat 2 holds an Ace and a high trump, seat 3 nothing high
    { lua = deal({ { "c7", "c8" }, { "ha", "dj" }, { "h7", "hq" }, { "d7", "s7" } }, "d9") },
    { bot = 2, as = "counter" },
    { check = [[ return seat.get(2, "bid") == 2 and seat.get(3, "bid") == 0 ]] },
    "4: 0", "1: 1",
    "2: Ace of Hearts",
    -- seat 3 wants no trick: the highest Heart that does not beat the Ace
    { bot = 1, as = "counter" },
  },
  expect = { checks = { [[ return card.id(zone.at(zone.get("trick"), -1)) == "hq" ]] } },
}

scenario "a removed property reads as removed in the log, not '= nil'" {
  options = { hand_size = 1, target = 100 },
  -- the next deal removes every seat's bid
  steps = { "2: 1", "3: 0", "4: 0", "1: 1", { bot = 4 } },
  expect = { log = { "seat 2 bid = 1", "seat 2 bid removed" } },
}

scenario "a removed property with a '{}' label reads as its label without the value" {
  steps = { { lua = [[ game.set("tricks_left", nil); game.set("hand_no", nil) ]] } },
  expect = { log = { "tricks to play removed", "hand removed" } },
}
