-- Poisoner (hostile-mod): each function tries to change what the scripts of other
-- packs see. Every one must fail and leave the base game's results unchanged.
return {
  rng_nil = function(ctx) rng = nil end,
  card_draw = function(ctx) card.draw = function() end end,
  string_upper = function(ctx) string.upper = function() return "pwned" end end,
  env_x = function(ctx) _ENV.x = 1 end,
  mt_index = function(ctx) getmetatable("").__index.upper = function() return "pwned" end end,
  mt_add = function(ctx) getmetatable("").__add = function() return 42 end end,
  math_random = function(ctx) math.random = function() return 4 end end,
  table_insert = function(ctx) table.insert = nil end,
  -- A function that only reads fields of a module by name reads them from the table
  -- behind the module's proxy (sandbox.c bind_fields). These read `card.name` too, and
  -- then reach the module another way: each keeps the proxy, so each write fails.
  alias_write = function(ctx) local name = card.name; local c = card; c.draw = name end,
  closure_write = function(ctx)
    local name = card.name
    local f = function() card.draw = name end
    f()
  end,
  field_reader = function(ctx) return card.name end,
  sibling_write = function(ctx) card.draw = card.name end, -- shares field_reader's variable
  -- by a key in a variable (`card[k]`: read from the table behind the proxy too)
  key_reader = function(ctx) local k = "name"; return card[k] end,
  key_write = function(ctx) local k = "draw"; local name = card[k]; card[k] = name end,
}
