-- Dice Bazaar: a 2-4 player dice-and-market card game.
-- Each turn the active player rolls one die (their buildings and others' pay out on
-- the roll), then may buy one card of the market row. Opponents may respond to the
-- purchase with tricks from their hand. A bought building scores its VP on the
-- player's score track; when someone has reached the goal at the end of a round,
-- the most VP (then the most coins) wins.

local CFG = game.data("bazaar")

-- The VP goal for this game's player count.
local function goal() return CFG.goal[tostring(game.seats())] end

local function supply() return zone.get("supply") end
local function market() return zone.get("market") end

-- Tops the market row up to its size from the supply deck.
local function refill()
  local need = CFG.market_size - zone.count(market())
  if need > 0 then zone.draw(supply(), market(), need) end
end

-- Puts building c into seat s's tableau and lets it register its abilities.
local function build(c, s)
  card.set_owner(c, s)
  if card.zone(c) ~= tableau(s) then c = card.move(c, tableau(s)) end
  card.call(c, "enter", { seat = s })
  return c
end

local function leader()
  local best, bv, bc = 1, -1, -1
  for s = 1, game.seats() do
    local v, m = track.get("vp", s), coins(s)
    if v > bv or (v == bv and m > bc) then best, bv, bc = s, v, m end
  end
  return best, bv
end

return {
  turn = { "roll", "buy", "end" },
  rotate_active = true,

  windows = {
    -- opened after each purchase: the other players may play a trick from hand
    respond = { style = "immediate", from = { "hand" } },
  },
  limits = { max_turns = 200 },
  kinds = {
    building = { needs = { "enter" } },
    trick = { needs = { "can_play", "play" } },
  },

  setup = function(ctx)
    zone.new("supply", { visibility = "hidden" })
    zone.new("market", { visibility = "public" })
    zone.new("counter", { visibility = "public" })    -- the card being bought
    track.new("vp", { seats = true, goal = goal() })  -- each seat's VP on one score track
    for s = 1, game.seats() do
      zone.new("tableau", { owner = s, visibility = "public", in_play = true })
      zone.new("hand", { owner = s, visibility = "owner" })
      zone.new("discard", { owner = s, visibility = "public" })
      seat.set(s, "coins", CFG.start_coins)
      build(card.new(CFG.starting_building, zone.get("tableau", s), s), s)
    end
    for _, id in ipairs(game.defs()) do
      for _ = 1, game.def(id).count do card.new(id, supply()) end
    end
    zone.shuffle(supply())
    refill()
  end,

  -- Runs after the roll and its rerolls: the buildings listening to "rolled" pay out.
  after_roll = function(ctx)
    local s = game.active()
    local v = dice.total(game.get("pool"))
    game.set("roll", v, "turn")
    event.emit("rolled", { a = s, b = v, text = "seat " .. s .. " rolled " .. v })
  end,

  -- Runs after the respond window closes: the buyer (perhaps a new one) gets the card.
  finish_buy = function(ctx)
    local c, b = game.get("buy_card"), game.get("buyer")
    game.set("buy_card", nil) game.set("buyer", nil) game.set("price", nil)
    local vp = card.info(c).data.vp
    if card.kind(c) == "building" then
      build(c, b)
    else
      card.set_owner(c, b)
      card.move(c, hand(b))
    end
    if vp > 0 then track.move("vp", vp, b) end
    event.emit("bought", { a = b })
    refill()
  end,

  steps = {
    roll = { enter = function(ctx)
      game.set("pool", dice.roll(1), "turn")
      game.schedule("after_roll")
    end },

    buy = { enter = function(ctx)
      local s = game.active()
      local options, unavailable = {}, {}
      for _, c in ipairs(zone.cards(market())) do
        if cost(c) <= coins(s) then
          options[#options + 1] = c
        else
          unavailable[#unavailable + 1] = { c, "costs " .. cost(c) .. ", you have " .. coins(s) }
        end
      end
      options[#options + 1] = { label = "pass (gain 1 coin)", pass = true }
      local c = decide.choose(s, options, { prompt = "buy a card from the market", tag = "buy",
                                            unavailable = unavailable })
      if type(c) == "table" then          -- the pass option
        seat.add(s, "coins", 1)
        return
      end
      local price = cost(c)
      seat.add(s, "coins", -price)
      game.log("seat " .. s .. " buys " .. card.name(c) .. " for " .. price)
      c = card.move(c, zone.get("counter"))          -- on the counter while others respond
      game.set("buy_card", c)
      game.set("buyer", s)
      game.set("price", price)
      window.open("respond", { prompt = "respond to the purchase of " .. card.name(c) .. " or pass" })
      game.schedule("finish_buy")
    end },

    -- The game ends at the end of a round (after the last seat's turn), so that every
    -- seat has had as many turns.
    ["end"] = { enter = function(ctx)
      local best, v = leader()
      if game.active() ~= game.seats() and zone.count(market()) > 0 then return end
      if v >= goal() then
        game.win(best, "reached " .. goal() .. " VP")
      elseif game.turn() >= CFG.last_turn or zone.count(market()) == 0 then
        game.win(best, "led when the bazaar closed")
      end
    end },
  },
}
