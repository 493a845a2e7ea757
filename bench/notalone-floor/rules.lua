-- Not Alone's turn frame with no rules at work (see pack.json): replaces the steps of
-- games/notalone/rules.lua, keeps its setup, its windows and the card scripts (whose
-- can_play the windows ask). Ends after FLOOR_TURNS turns, near a 4-player game's length.
local FLOOR_TURNS = 10

local LAY = { prompt = "lay a Place card face down", tag = "explore" }
local function ask(prompt) return { prompt = prompt } end
local A_EXPLORE, A_HUNT, A_RECKON, A_END = ask("Phase-1 cards"), ask("Phase-2 cards"),
  ask("Phase-3 cards"), ask("Phase-4 cards")

-- each Hunted lays a Place card (the discard comes back when the hand is empty)
local function explore(ctx)
  for s = 2, game.seats() do
    local h = zone.get("hand", s)
    local cards = zone.cards(h)
    if #cards == 0 then
      for _, c in ipairs(zone.cards(zone.get("discard", s))) do card.move(c, h, FACE_UP) end
      cards = zone.cards(h)
    end
    local pick = #cards == 1 and cards[1] or decide.choose(s, cards, LAY)
    card.move(pick, zone.get("played", s), FACE_DOWN)
  end
  window.open("exploration", A_EXPLORE)
end

-- the windows of Phases 2 and 3 as the game opens them: 2, then 4 (reckoning_windows
-- each_step, the default)
local function hunting(ctx) window.open("hunting", A_HUNT); game.schedule("floor_hunt2") end
local function hunt2(ctx) window.open("hunting", A_HUNT) end
local function reckoning(ctx) window.open("reckoning", A_RECKON); game.schedule("floor_r2") end
local function r2(ctx) window.open("reckoning", A_RECKON); game.schedule("floor_r3") end
local function r3(ctx) window.open("reckoning", A_RECKON); game.schedule("floor_r4") end
local function r4(ctx) window.open("reckoning", A_RECKON) end

local function finish(ctx) window.open("end", A_END); game.schedule("floor_end") end
local function turn_end(ctx)
  for s = 2, game.seats() do
    local dz = zone.get("discard", s)
    for _, c in ipairs(zone.cards(zone.get("played", s))) do card.move(c, dz, FACE_UP) end
  end
  move_rescue(1, "end of turn")
  if game.turn() >= FLOOR_TURNS then game.win("creature", "the floor benchmark's last turn") end
end

return {
  steps = {
    exploration = { enter = explore },
    hunting = { enter = hunting },
    reckoning = { enter = reckoning },
    ["end"] = { enter = finish },
  },
  floor_hunt2 = hunt2, floor_r2 = r2, floor_r3 = r3, floor_r4 = r4, floor_end = turn_end,
}
