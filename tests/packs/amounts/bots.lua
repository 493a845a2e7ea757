-- Bots for Hoard. `miser` reads each mine's data (its colour and yield) rather than its
-- label, and returns its least valuable gems first.
local WORTH = { white = 1, red = 2, blue = 3 }

return {
  miser = {
    about = "takes the mine whose yield is worth most (from the options' data), returns white gems first",
    answer = function(view, q)
      if q.kind == "choose" and q.tag == "mine" then
        local best, value
        for _, o in ipairs(q.options) do
          local v = o.data.gain * WORTH[o.data.colour]
          if not value or v > value then best, value = o.id, v end
        end
        return best
      end
      if q.kind == "amounts" then
        -- the cheapest colours first, each up to its most
        local left, back = q.min, {}
        for _, c in ipairs({ "white", "red", "blue" }) do
          for _, o in ipairs(q.options) do
            if o.key == c and left > 0 then
              back[c] = math.min(o.max, left)
              left = left - back[c]
            end
          end
        end
        return back
      end
    end,
  },
  -- a bot that gets a total in steps wrong: the least in all and one more white (the
  -- tests of a bot's wrong answer)
  uneven = {
    about = "answers a question of quantities with one white more than the least in all (a wrong answer when the total goes in twos)",
    answer = function(view, q)
      if q.kind == "amounts" then return { white = q.min + 1 } end
    end,
  },
}
