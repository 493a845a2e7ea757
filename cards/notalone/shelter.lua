-- The Shelter (place 7): draw 2 Survival cards, keep one, put the other on the Survival
-- discard. Not under Despair; with nothing to draw, per option empty_survival_draw.
return place_card {
  usable = function(ctx)
    if game.get("despair") then return false end
    return opt("empty_survival_draw") == "partial" or survival_drawable() > 0
  end,
  power = function(ctx)
    local s = ctx.seat
    local got = draw_survival(s, 2)
    if #got == 2 then
      local keep = decide.choose(s, got, { prompt = "Shelter: keep which Survival card?", tag = "keep" })
      for _, c in ipairs(got) do
        if c ~= keep then discard_survival(c) end
      end
    end
    say("%s draws Survival cards (Shelter)", seat_name(s))
    offer_play_now(s)
  end,
}
