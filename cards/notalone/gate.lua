-- Gate (Survival card, Phase 3): when you resolve your place, use the power of an
-- adjacent place instead (not the Artefact; "this card" is your played card) — only if
-- your own place's power could be used. Offered by the resolution (reckoning.lua).
return survival_card {
  window = false,
}
