-- hostile-mod helpers: whatever a helper returns becomes a global of scripts. A mod
-- must not be able to replace a standard function for the base game's scripts.
return {
  tostring = function(v) return "pwned" end,
  mod_constant = 7,
}
