-- Victim (hostile suite): an ordinary card. fingerprint() records what the standard
-- library and the host API do, so a test can compare it with and without a hostile
-- pack loaded beside it (cases 9 and 10). It avoids tostring on purpose: whether a
-- mod can replace tostring itself is checked by shown().
local function fingerprint(ctx)
  local keys = {}
  for k in pairs({ b = 1, a = 2, c = 3, [2] = 4, [1] = 5 }) do keys[#keys + 1] = k end
  local parts = {
    ("hello"):upper(), string.upper("x"), string.format("%d", '1' + '2'),
    string.format("%d|%s|%q", 7, "s", "q"), table.concat(keys, ","), type(rng),
    type(card.draw), type(getmetatable("")), type(math.random), type(table.insert),
    string.format("%d", math.max(3, 9)), string.format("%s", _ENV.x),
  }
  return table.concat(parts, ";")
end

return {
  fingerprint = fingerprint,
  shown = function(ctx) return tostring(12) end,
}
