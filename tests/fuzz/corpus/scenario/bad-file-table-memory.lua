local t = {} for i = 1, 1e8 do t[i] = { i } end
