-- Strike Back (Survival card, Phase 1): 2 Hunt cards picked blindly (at random) from
-- the Creature's hand go under the Hunt deck; all of them with 2 or fewer. The
-- Creature refills to 3 in Phase 4.
return survival_card {
  effect = function(ctx)
    local h = hand(CREATURE)
    local n = math.min(2, zone.count(h))
    say("Strike Back: %s %s under the Hunt deck", count_text(n, "Hunt card"), n == 1 and "goes" or "go")
    for _ = 1, n do
      card.move(rng.pick(zone.cards(h)), gzone("hunt_deck"), { pos = "bottom" })
    end
  end,
}
