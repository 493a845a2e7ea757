-- Anticipation (Hunt card, Phase 2): name a Hunted; if the Creature token (or the
-- Clone target) catches them this turn, Assimilation advances 1 more (Step 6). Each
-- Anticipation of the turn counts (a Flashback copy too, under flashback_same_turn):
-- the named seats make a list.
return hunt_card {
  effect = function(ctx)
    local opts = {}
    for _, s in ipairs(hunted_seats()) do opts[#opts + 1] = seat_name(s) end
    local pick = choose_one(CREATURE, opts, "Anticipation: name a Hunted", "seat")
    local named = game.get("anticipation") or {}
    for _, s in ipairs(hunted_seats()) do
      if pick == seat_name(s) then named[#named + 1] = s end
    end
    game.set("anticipation", named, "turn")
    say("Anticipation names %s", pick)
  end,
}
