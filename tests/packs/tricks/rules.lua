-- Tricks: a small Oh Hell for four. A 32-card deck (7 to Ace in four suits); each hand
-- deals `hand_size` cards to every seat and turns the next card up for trump. Every seat
-- bids how many tricks it will take; then the seat left of the dealer leads, the others
-- must follow the led suit when they can; the highest trump, else the highest card of
-- the led suit, takes the trick and leads the next. A seat that takes exactly its bid
-- scores 10 + bid. After a hand, a seat at `target` or more wins (the highest score).
--
-- One engine turn is one trick: "deal" and "bid" do their work only at the start of a
-- hand, "trick" asks the four seats in order, "score" settles the trick (and the hand).

local SUITS = { "Spades", "Hearts", "Diamonds", "Clubs" }
local MAX_HANDS = 20

local function hand(s) return zone.get("hand", s) end
local function nxt(s) return s % game.seats() + 1 end
local function suit(c) return card.info(c).data.suit end
local function rank(c) return card.info(c).data.rank end

-- the cards of `cards` that beat each other: trump first, then the led suit
local function trick_winner(plays, trump, led)
  local best
  for _, p in ipairs(plays) do
    local s, r = suit(p.card), rank(p.card)
    local key = (s == trump and 200 or (s == led and 100 or 0)) + r
    if not best or key > best.key then best = { seat = p.seat, key = key } end
  end
  return best.seat
end

local function deal()
  local deck, trumpz = zone.get("deck"), zone.get("trump")
  for s = 1, game.seats() do
    for _, c in ipairs(zone.cards(hand(s))) do card.move(c, deck) end
  end
  for _, c in ipairs(zone.cards(trumpz)) do card.move(c, deck) end
  zone.shuffle(deck)
  local dealer = nxt(game.get("dealer") or 0)
  game.set("dealer", dealer)
  game.add("hand_no", 1)
  local n = game.option("hand_size")
  local s = dealer
  for _ = 1, n * game.seats() do
    s = nxt(s)
    zone.draw(deck, hand(s), 1)
  end
  local up = zone.draw(deck, trumpz, 1)[1]
  game.set("trump", suit(up))
  for t = 1, game.seats() do
    seat.set(t, "won", 0)
    seat.set(t, "bid", nil)
  end
  game.set("tricks_left", n)
  game.set_active(nxt(dealer))
end

local function bid_round()
  local n = game.option("hand_size")
  local secret = game.option("bidding") == "secret"
  local s, total = game.active(), 0
  for i = 1, game.seats() do
    local options, unavailable = {}, {}
    for b = 0, n do
      if not secret and i == game.seats() and total + b == n then
        unavailable[#unavailable + 1] = { tostring(b), "the dealer may not make the bids add up to " .. n }
      else
        options[#options + 1] = b
      end
    end
    local b = decide.choose(s, options, { prompt = "bid (tricks you will take)", tag = "bid",
                                           unavailable = unavailable })
    total = total + b
    if secret then seat.set(s, "_bid", b) else seat.set(s, "bid", b) end
    s = nxt(s)
  end
  if secret then
    for t = 1, game.seats() do
      seat.set(t, "bid", seat.get(t, "_bid"))
      seat.set(t, "_bid", nil)
    end
  end
  game.set("bidding", false)
end

local function play_trick()
  local trickz = zone.get("trick")
  local s, led = game.active(), nil
  for _ = 1, game.seats() do
    local cards, legal, unavailable = zone.cards(hand(s)), {}, {}
    local can_follow = false
    if led then
      for _, c in ipairs(cards) do if suit(c) == led then can_follow = true end end
    end
    for _, c in ipairs(cards) do
      if not can_follow or suit(c) == led then
        legal[#legal + 1] = c
      else
        unavailable[#unavailable + 1] = { c, "you must follow " .. SUITS[led] }
      end
    end
    local c = decide.choose(s, legal, { prompt = "play a card", tag = "play", unavailable = unavailable })
    c = card.move(c, trickz)
    card.set(c, "by", s)
    if not led then
      led = suit(c)
      game.set("led", led, "turn")
    end
    s = nxt(s)
  end
end

local function score_hand()
  for s = 1, game.seats() do
    local bid, won = seat.get(s, "bid"), seat.get(s, "won")
    if bid == won then
      seat.add(s, "score", 10 + bid)
    end
  end
  local best, best_score = nil, nil
  for s = 1, game.seats() do
    local sc = seat.get(s, "score")
    if not best or sc > best_score then best, best_score = s, sc end
  end
  -- the reason is the same text in every game: sim groups the games by it
  if best_score >= game.option("target") then
    game.log("seat " .. best .. " has " .. best_score .. " points")
    game.win(best, "reached the target score")
  elseif game.get("hand_no") >= MAX_HANDS then
    game.win(best, "led after " .. MAX_HANDS .. " hands")
  end
end

return {
  turn = { "deal", "bid", "trick", "score" },

  setup = function(ctx)
    local deck = zone.new("deck", { visibility = "hidden" })
    zone.new("trump", { visibility = "public" })
    zone.new("trick", { visibility = "public" })
    for s = 1, game.seats() do
      zone.new("hand", { owner = s, visibility = "owner", sort = "order" })
      seat.set(s, "score", 0)
    end
    for _, id in ipairs(game.defs("playing")) do card.new(id, deck) end
    game.set("tricks_left", 0)
  end,

  steps = {
    deal = { enter = function(ctx)
      if game.get("tricks_left") > 0 then return end
      deal()
      game.set("bidding", true)
    end },
    bid = { enter = function(ctx)
      if game.get("bidding") then bid_round() end
    end },
    trick = { enter = function(ctx) play_trick() end },
    score = { enter = function(ctx)
      local plays = {}
      for _, c in ipairs(zone.cards(zone.get("trick"))) do
        plays[#plays + 1] = { card = c, seat = card.get(c, "by") }
      end
      local w = trick_winner(plays, game.get("trump"), game.get("led"))
      seat.add(w, "won", 1)
      game.log("seat " .. w .. " takes the trick")
      for _, p in ipairs(plays) do card.move(p.card, zone.get("deck")) end
      game.set_active(w)
      if game.add("tricks_left", -1) == 0 then score_hand() end
    end },
  },
}
