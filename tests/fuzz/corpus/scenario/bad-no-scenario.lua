-- nothing here
local x = 1
