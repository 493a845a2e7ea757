-- Bots for Sparks (docs/card-authoring.md, "A bot of your own"). A bot answers one
-- question at a time from what its seat sees: `view` is the seat's view of the game
-- (the same as a player's: seats, zones, the cards it may see) and `q` the question
-- (its prompt, tag, options with their ids and labels, how many to pick). It returns an
-- option's label or id, a list of them, or nil to leave the question to the random bot.
-- `tabula sim tutorial --bots greedy` plays it; `--bots 1=greedy` only seat 1.

local function points(view, s)
  return view.seats[s].props.points or 0
end

-- the opponent with the most points (the lowest seat number among equals)
local function leader(view, me)
  local best
  for s = 1, #view.seats do
    if s ~= me and (not best or points(view, s) > points(view, best)) then best = s end
  end
  return best
end

-- the first label of `want` that is an option of q
local function pick(q, want)
  for _, label in ipairs(want) do
    for _, o in ipairs(q.options) do
      if o.label == label then return label end
    end
  end
end

return {
  greedy = {
    about = "keeps Spark IV to react with, and takes points off the leader with Spark II when it is ahead",
    answer = function(view, q)
      local me = q.seat
      if q.kind == "play" then
        return pick(q, { "play Spark IV" }) -- a window: react whenever it may
      elseif q.tag == "play" then
        return pick(q, { "Spark III", "Spark II", "Spark I", "Spark IV" })
      elseif q.prompt == "Spark II" then
        local l = leader(view, me)
        if points(view, l) > 0 and points(view, l) >= points(view, me) then
          return "an opponent loses 1 point"
        end
        return "gain 1 point"
      elseif q.tag == "target" then
        return "seat " .. leader(view, me)
      end
      -- anything else: the random bot answers
    end,
  },
}
