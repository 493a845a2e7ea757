-- Duel: a two-player battle game in the spirit of the Star Wars CCG.
-- Seat 1 plays the Dark Side, seat 2 the Light Side; the Dark Side takes the first turn.
-- Each side has a reserve deck (secret order), a hand, a force pile, a used pile and a
-- lost pile; three sites lie on the table. A turn:
--   activate  the active side moves cards from its reserve deck to its force pile (one
--             per Force icon of its side on the table: 3)
--   control   Force drains: at each site where the active side has a character and the
--             other side none, the other side loses Force equal to its own icons there
--   deploy    the active side deploys characters and Effects to sites, paying Force
--   battle    the active side may initiate one battle (1 Force) at a site where both
--             sides have characters: a weapons segment and a power segment (play-or-
--             pass windows, Dark Side offered first, Interrupts stack: the last played
--             resolves first), then each side draws battle destiny (its reserve deck's
--             top card, shown to both); the lower total loses the difference, forfeiting
--             characters there (its choice) and losing Force for the rest
--   move      the active side may move one character to another site (1 Force)
--   draw      the active side may draw up to 2 cards from its force pile into its hand
--   recycle   both used piles go under their reserve decks
-- A side whose life force (reserve deck + force pile + used pile) is 0 loses.

local MAX_TURNS = 60
local HAND, GENERATION, DRAW_MAX = 4, 3, 2

local function contested()
  local out = {}
  for _, c in ipairs(zone.cards(z("sites"))) do
    local n = card.info(c).data.n
    if #chars_at(1, n) > 0 and #chars_at(2, n) > 0 then out[#out + 1] = { label = card.name(c), n = n, card = c } end
  end
  return out
end

local function icons(n, s)
  local d = card.info(site_card(n)).data
  return s == 1 and d.dark or d.light
end

local function draw_destiny(s)
  local top = zone.at(z("reserve", s))
  if not top then
    game.log(side_of(s) .. " has no reserve deck left: no battle destiny")
    return 0
  end
  top = card.move(top, z("destiny"), { face = "up" })
  local v = card.info(top).data.destiny
  game.log(side_of(s) .. " draws battle destiny " .. v .. " (" .. card.name(top) .. ")")
  return v
end

return {
  turn = { "activate", "control", "deploy", "battle", "move", "draw", "recycle" },
  rotate_active = true,
  limits = { max_turns = MAX_TURNS + 1 },
  kinds = {
    character = { needs = { "can_play", "deploy" } },
    effect = { needs = { "can_play", "deploy" } },
    interrupt = { needs = { "can_play", "on_play", "play" } },
  },
  windows = {
    -- the active side deploys, card by card (each resolves at once)
    deploy = { style = "immediate", play = "deploy", from = { "hand" } },
    -- the battle's two segments: Interrupts stack and resolve last-played first;
    -- the Dark Side is offered each chance first
    weapons = { style = "stack", roles_first = { "dark" }, play_zone = "stack", from = { "hand" } },
    power = { style = "stack", roles_first = { "dark" }, play_zone = "stack", from = { "hand" } },
    triggers = { roles_first = { "dark" } },
  },

  setup = function(ctx)
    zone.new("sites", {})
    zone.new("table", { in_play = true })
    zone.new("stack", {})
    zone.new("destiny", {})
    for _, id in ipairs(game.defs("site")) do card.new(id, z("sites")) end
    for s = 1, 2 do
      seat.set_role(s, s == 1 and "dark" or "light")
      local reserve = zone.new("reserve", { owner = s, visibility = "hidden" })
      zone.new("hand", { owner = s, visibility = "owner" })
      zone.new("force", { owner = s, visibility = "hidden" })
      zone.new("used", { owner = s, visibility = "hidden" })
      zone.new("lost", { owner = s })
      local side = s == 1 and "dark" or "light"
      for _, id in ipairs(game.defs()) do
        local d = game.def(id)
        if d.data and d.data.side == side then
          for _ = 1, d.count do card.new(id, reserve, s) end
        end
      end
      zone.shuffle(reserve)
      zone.draw(reserve, z("hand", s), HAND)
    end
    show_life()
  end,

  steps = {
    activate = { enter = function(ctx)
      activate(game.active(), GENERATION)
    end },

    control = { enter = function(ctx)
      local s = game.active()
      local o = other(s)
      for n = 1, 3 do
        local amount = icons(n, o)
        if #chars_at(s, n) > 0 and #chars_at(o, n) == 0 and amount > 0 then
          game.log(side_of(s) .. " drains " .. amount .. " Force at " .. card.name(site_card(n)))
          lose_force(o, amount)
        end
      end
    end },

    deploy = { enter = function(ctx)
      window.open("deploy", { prompt = "deploy a character or Effect, or pass" })
    end },

    battle = { enter = function(ctx)
      local s = game.active()
      local sites = contested()
      if #sites == 0 or zone.count(z("force", s)) < 1 then return end
      sites[#sites + 1] = { label = "no battle", pass = true }
      local pick = decide.choose(s, sites, { prompt = "initiate a battle (1 Force)?", tag = "battle" })
      if pick.pass then return end
      pay(s, 1)
      game.set("battle_site", pick.n, "battle")
      game.log(side_of(s) .. " initiates a battle at " .. pick.label)
      event.emit("battle_begins", { a = pick.n })
      window.open("weapons", { prompt = "weapons segment: play an Interrupt or pass" })
      window.open("power", { prompt = "power segment: play an Interrupt or pass" })
      game.schedule("resolve_battle")
    end },

    move = { enter = function(ctx)
      local s = game.active()
      if zone.count(z("force", s)) < 1 then return end
      local opts = {}
      for _, c in ipairs(zone.cards(z("table"))) do
        if card.kind(c) == "character" and card.controller(c) == s then
          opts[#opts + 1] = { label = "move " .. card.name(c) .. " from " .. card.name(site_card(card.get(c, "at"))), card = c }
        end
      end
      if #opts == 0 then return end
      opts[#opts + 1] = { label = "no move", pass = true }
      local pick = decide.choose(s, opts, { prompt = "move a character (1 Force)?", tag = "move" })
      if pick.pass then return end
      local from = card.get(pick.card, "at")
      local dests = {}
      for _, c in ipairs(zone.cards(z("sites"))) do
        local n = card.info(c).data.n
        if n ~= from then dests[#dests + 1] = { label = card.name(c), n = n, card = c } end
      end
      local to = decide.choose(s, dests, { prompt = "move " .. card.name(pick.card) .. " to?", tag = "site" })
      pay(s, 1)
      card.set(pick.card, "at", to.n)
    end },

    draw = { enter = function(ctx)
      local s = game.active()
      local n = math.min(DRAW_MAX, zone.count(z("force", s)))
      if n == 0 then return end
      local opts = {}
      for k = 0, n do opts[#opts + 1] = k end
      local k = decide.choose(s, opts, { prompt = "draw how many cards from your force pile?", tag = "draw" })
      zone.draw(z("force", s), z("hand", s), k)
      check_win()
    end },

    recycle = { enter = function(ctx)
      for s = 1, 2 do
        for _, c in ipairs(zone.cards(z("used", s))) do
          card.move(c, z("reserve", s), { pos = "bottom" })
        end
      end
      check_win()
      if game.turn() >= MAX_TURNS then
        local l1, l2 = life(1), life(2)
        if l1 == l2 then game.draw("turn limit, equal life force") end
        game.win(l1 > l2 and 1 or 2, "turn limit: more life force")
      end
    end },
  },

  -- after both segments: battle destiny, the loser's forfeits and Force loss
  resolve_battle = function(ctx)
    local n = battle_site()
    if not n then return end
    local total = {}
    for s = 1, 2 do
      local p = power_at(s, n)
      local d = #chars_at(s, n) > 0 and draw_destiny(s) or 0
      total[s] = p + d
      game.log(side_of(s) .. ": power " .. p .. " + destiny " .. d .. " = " .. total[s])
    end
    local loser = total[1] < total[2] and 1 or (total[2] < total[1] and 2 or nil)
    if loser then
      local damage = total[other(loser)] - total[loser]
      game.log(side_of(loser) .. " loses the battle by " .. damage)
      local mine = chars_at(loser, n)
      if #mine > 0 then
        local picks = decide.choose(loser, mine, { min = 0, max = #mine, tag = "forfeit",
          prompt = "forfeit characters to cover " .. damage .. " battle damage (the rest is lost from your Force)" })
        for _, c in ipairs(picks) do
          damage = damage - card.info(c).data.forfeit
          card.move(c, z("lost", loser))
        end
      end
      if damage > 0 then lose_force(loser, damage) end
    else
      game.log("the battle is a tie: nobody loses")
    end
    for _, c in ipairs(zone.cards(z("destiny"))) do
      card.move(c, z("used", card.owner(c)))
    end
    game.end_scope("battle")
    check_win()
  end,
}
