-- Force Field (Hunt card, Phase 1, Target symbol): before the Hunted commit, put the
-- Target token across 2 adjacent places; neither may be played this turn. Cards laid
-- already go back to hand (all of them with phase1_recall, else those on the 2 places).
return hunt_card {
  effect = function(ctx)
    local pair = choose_pair(CREATURE, "Force Field: block which two adjacent places?")
    set_token("target", pair)
    game.set("force_field", pair, "turn")
    if opt("phase1_recall") then
      recall_laid("Force Field")
    else
      recall_laid("Force Field", function(s, c) return not contains(pair, place_of(c)) end)
    end
  end,
}
