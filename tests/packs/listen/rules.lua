-- Listen: the rules listening to events (rules.lua's `on`, effect.on{rules = true}).
-- Each handler notes what it ran on at the end of the game's text "trail", and whether
-- its ctx had a card or a seat (" card", " seat": it should have neither).
local function note(what, ctx)
  game.set("trail", game.get("trail") .. " " .. what .. (ctx.card and " card" or "")
           .. (ctx.seat and " seat" or ""))
end

return {
  turn = { "main" },
  rotate_active = true,
  windows = { react = { style = "stack", play_zone = "table" } },
  on = { destroy = "scored", alarm = { "first", "second" } },

  setup = function(ctx)
    game.set("trail", "")
    zone.new("table", { visibility = "public" })
    for s = 1, game.seats() do
      zone.new("pile", { owner = s, visibility = "public" })
      seat.set(s, "score", 0)
    end
  end,
  steps = {
    -- "go" opens the react window (a stack: a Siren played there waits, and the rules'
    -- triggers of its alarm wait above it)
    main = { enter = function(ctx)
      if decide.choose(game.active(), { "go", "stay" }, { prompt = "go on" }) == "go" then window.open("react") end
    end },
  },

  -- whenever a card is destroyed from a seat's pile, that seat scores
  scored = function(ctx)
    local s = ctx.event.from and zone.owner(ctx.event.from)
    if s then seat.add(s, "score", 1) end
    note("scored:" .. ctx.event.id .. "@" .. tostring(s), ctx)
  end,
  first = function(ctx) note("first", ctx) end,
  second = function(ctx) note("second", ctx) end,
  -- registered by tests: effect.on(kind, "watch", { rules = true, ... })
  watch = function(ctx)
    note("watch:" .. ctx.event.kind .. (ctx.params and (":" .. ctx.params[1]) or ""), ctx)
  end,
  -- registered by tests: effect.on("set", "zwatch", { rules = true }): a zone's property
  -- set (ctx.event.zone), noted by zone and key; other sets pass by
  zwatch = function(ctx)
    if ctx.event.zone then note("zone:" .. zone.name(ctx.event.zone) .. "." .. ctx.event.key, ctx) end
  end,
  boom = function(ctx)
    note("boom", ctx)
    error("the alarm broke")
  end,
}
