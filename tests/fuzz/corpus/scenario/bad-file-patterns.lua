local s = string.rep("a", 5000)
local r = s:find(string.rep(".-", 20) .. "b")
