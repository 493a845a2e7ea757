local function f() error("deep", 2) end
f()
