for i = 1, 3 do
  scenario("generated " .. i) { game = "artemia-lite", players = 1 + i, seed = i, steps = { { bot = i } } }
end
local base = { game = "artemia-lite", players = 2 }
scenario "shared" (base)
scenario "shared again" (base)
local pending = scenario "later"
pending { game = "artemia-lite" }
print("printed while reading")
assert(type(string.format("%d", 3)) == "string")
scenario(("x"):upper() .. table.concat({ "a", "b" }, ",")) { game = "tutorial", players = 2 }
