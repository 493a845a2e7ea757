-- Duel helpers: zones by name, life force, paying and losing Force, power at a site,
-- and the builders card scripts return (character, effect_card, interrupt, counter). Every field
-- of the returned table is a global of every script of the pack (rules.lua too).

local function z(name, s) return zone.get(name, s) end
local function other(s) return 3 - s end
local function side_of(s) return s == 1 and "Dark Side" or "Light Side" end

-- life force: reserve deck + force pile + used pile (the hand and lost pile do not count)
local function life(s)
  return zone.count(z("reserve", s)) + zone.count(z("force", s)) + zone.count(z("used", s))
end

-- keeps the seat property "life" that the table shows up to date
local function show_life()
  for s = 1, 2 do
    if seat.get(s, "life") ~= life(s) then seat.set(s, "life", life(s)) end
  end
end

local function check_win()
  show_life()
  for s = 1, 2 do
    if life(s) == 0 then game.win(other(s), side_of(s) .. " has no life force left") end
  end
end

-- pays n Force: n cards from the top of the force pile to the used pile
local function pay(s, n)
  local used = z("used", s)
  for _ = 1, n do
    local c = zone.at(z("force", s))
    if not c then break end
    card.move(c, used)
  end
  show_life()
end

-- seat s loses n Force: from its force pile first, then its used pile, then its reserve
-- deck; each card goes to the lost pile face up. Ends the game at 0 life force.
local function lose_force(s, n)
  local lost = z("lost", s)
  for _ = 1, n do
    local c = zone.at(z("force", s)) or zone.at(z("used", s)) or zone.at(z("reserve", s))
    if not c then break end
    card.move(c, lost, { face = "up" })
  end
  check_win()
end

-- seat s activates n Force: the top n cards of its reserve deck go to its force pile
local function activate(s, n)
  for _ = 1, n do
    local c = zone.at(z("reserve", s))
    if not c then break end
    card.move(c, z("force", s))
  end
  show_life()
end

local function site_card(n)
  for _, c in ipairs(zone.cards(z("sites"))) do
    if card.info(c).data.n == n then return c end
  end
end

-- the characters of seat s at site n (on the table)
local function chars_at(s, n)
  local out = {}
  for _, c in ipairs(zone.cards(z("table"))) do
    if card.kind(c) == "character" and card.controller(c) == s and card.get(c, "at") == n then
      out[#out + 1] = c
    end
  end
  return out
end

local function power_of(c)
  return math.max(0, card.info(c).data.power + (card.get(c, "power_mod") or 0))
end

-- seat s's total power at site n: its characters' power plus its battle bonus
local function power_at(s, n)
  local p = 0
  for _, c in ipairs(chars_at(s, n)) do p = p + power_of(c) end
  return p + (seat.get(s, "battle_power") or 0)
end

local function battle_site() return game.get("battle_site") end

local function in_hand(ctx)
  return card.zone(ctx.card) == z("hand", ctx.seat)
end

-- lets seat s choose one of the three sites
local function choose_site(s, prompt)
  local opts = {}
  for _, c in ipairs(zone.cards(z("sites"))) do
    opts[#opts + 1] = { label = card.name(c), n = card.info(c).data.n, card = c }
  end
  return decide.choose(s, opts, { prompt = prompt, tag = "site" }).n
end

-- can seat s pay for card c now, in the deploy window of its own turn?
local function can_deploy(ctx)
  if ctx.window ~= "deploy" or ctx.seat ~= game.active() or not in_hand(ctx) then return false end
  local cost = card.info(ctx.card).data.cost
  if zone.count(z("force", ctx.seat)) < cost then
    return false, "it costs " .. cost .. " Force and your force pile holds " .. zone.count(z("force", ctx.seat))
  end
  return true
end

-- deploys card c of seat s to a site the seat chooses: pays, moves it to the table
local function deploy_to_site(ctx)
  local s, c = ctx.seat, ctx.card
  local n = choose_site(s, "deploy " .. card.name(c) .. " to which site?")
  pay(s, card.info(c).data.cost)
  c = card.move(c, z("table"), { face = "up" })
  card.set(c, "at", n)
  return c, n
end

-- A character: deployed in the deploy window. `spec.when_deployed(ctx)`, if given, is
-- a triggered effect: it resolves after the deploy, as a trigger of the "deployed" event.
local function character(spec)
  spec = spec or {}
  return {
    can_play = can_deploy,
    deploy = function(ctx)
      local c, n = deploy_to_site(ctx)
      if spec.when_deployed then
        effect.on("deployed", "when_deployed", { card = c, once = true })
      end
      event.emit("deployed", { a = n, b = ctx.seat })
    end,
    when_deployed = spec.when_deployed,
  }
end

-- An Effect: deployed on a site like a character, it stays on the table; `spec.arm(c)`
-- registers what it does while it is in play.
local function effect_card(spec)
  return {
    can_play = can_deploy,
    deploy = function(ctx)
      local c = deploy_to_site(ctx)
      for kind, handler in pairs(spec.listens) do
        effect.on(kind, handler, { card = c, ["until"] = "in_play" })
      end
      event.emit("deployed", { a = card.get(c, "at"), b = ctx.seat })
    end,
    rally = spec.rally,
  }
end

-- An Interrupt, played in the battle's windows: spec.segment ("weapons", "power" or
-- "any"), spec.allowed(ctx) -> ok, why (more conditions), spec.resolve(ctx). Its Force
-- is paid as it is played (on_play). After it resolves it goes to its owner's lost pile (a Lost Interrupt) or used pile (a Used
-- Interrupt): data.pile. A canceled one never resolves: the counter that cancels it
-- takes it out of the window (window.cancel) and puts it in its owner's lost pile.
local function interrupt(spec)
  return {
    can_play = function(ctx)
      if not in_hand(ctx) then return false end
      if not battle_site() then return false, "there is no battle" end
      if spec.segment ~= "any" and ctx.window ~= spec.segment then
        return false, "it is played in the " .. spec.segment .. " segment"
      end
      local cost = card.info(ctx.card).data.cost
      if zone.count(z("force", ctx.seat)) < cost then
        return false, "it costs " .. cost .. " Force and your force pile holds " .. zone.count(z("force", ctx.seat))
      end
      if spec.allowed then return spec.allowed(ctx) end
      return true
    end,
    -- paid as it is played, before it waits in the window: a later play cannot count
    -- on the same Force (can_play sees it gone), and a canceled one stays paid for
    on_play = function(ctx)
      local info = card.info(ctx.card)
      -- (can_play offered it for this Force, just now: never short, unless a bug)
      if zone.count(z("force", ctx.seat)) < info.data.cost then error(info.name .. ": not enough Force to pay for it") end
      pay(ctx.seat, info.data.cost)
    end,
    play = function(ctx)
      local c, s = ctx.card, ctx.seat
      local info = card.info(c)
      spec.resolve(ctx)
      if info.data.pile == "used" then
        card.move(c, z("used", s))
      else
        card.move(c, z("lost", s))
      end
      show_life()
    end,
  }
end

-- the opponent's Interrupt a counter played by seat s answers: the item on top of the
-- window (window.items: the next to resolve first), as its entry. When the counter is
-- offered, that is the Interrupt just played; when the counter resolves, everything
-- played after it has resolved or been canceled and the counter has left the items, so
-- it is on top again. nil when the top is not an opponent's Interrupt still to resolve.
local function answered(s)
  local top = window.items()[1]
  if top and top.kind == "played" and top.seat ~= s and card.kind(top.card) == "interrupt" then
    return top
  end
end

-- A counter (Sense, Imperial Counter): a Lost Interrupt played in either segment that
-- cancels the opponent's Interrupt just played: as the counter resolves, that Interrupt
-- leaves the window (window.cancel: it never resolves; its Force, paid as it was played,
-- stays paid) and goes to its owner's lost pile.
local function counter()
  return interrupt {
    segment = "any",
    allowed = function(ctx)
      if not answered(ctx.seat) then return false, "no opponent's Interrupt was just played" end
      return true
    end,
    resolve = function(ctx)
      local target = answered(ctx.seat)
      if not target then return end
      game.log(card.name(ctx.card) .. " cancels " .. card.name(target.card))
      window.cancel(target)
      card.move(target.card, z("lost", card.owner(target.card)), { face = "up" })
    end,
  }
end

return {
  z = z, other = other, side_of = side_of, life = life, show_life = show_life,
  check_win = check_win, pay = pay, lose_force = lose_force, activate = activate,
  site_card = site_card, chars_at = chars_at, power_of = power_of, power_at = power_at,
  battle_site = battle_site, in_hand = in_hand, choose_site = choose_site,
  character = character, effect_card = effect_card, interrupt = interrupt,
  counter = counter,
}
