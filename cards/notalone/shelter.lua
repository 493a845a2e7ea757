-- The Shelter (place 7): draw 2 Survival cards, keep one, put the other on the Survival
-- discard. Not under Despair; with nothing to draw, per option empty_survival_draw.
return place_card {
  usable = function(ctx)
    if game.get("despair") then return false, "Despair: no Survival card may be drawn this turn" end
    return opt("empty_survival_draw") == "partial" or survival_drawable() > 0, "no Survival card is left to draw"
  end,
  power = function(ctx)
    local s = ctx.seat
    say("%s draws 2 Survival cards and keeps one (Shelter)", seat_name(s))
    local got = draw_survival(s, 2)
    if #got == 2 then
      local keep = decide.choose(s, got, { prompt = "Shelter: keep which Survival card?", tag = "keep" })
      for _, c in ipairs(got) do
        if c ~= keep then discard_survival(c) end
      end
    end
    offer_play_now(s)
  end,
}
