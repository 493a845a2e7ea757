-- Soldier: Trained: +1 to every fight roll.
return {
  fight_bonus = function(ctx) return 1 end,
}
