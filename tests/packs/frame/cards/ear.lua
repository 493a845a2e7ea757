-- Ear: card.call(ear, "arm", { kind = k }) makes it hear events of kind k; each one
-- heard adds "<kind>{<field>=<value>,...}" (fields sorted; a card as its name, a list as
-- [a b], a stale handle as "stale") to the game's text "heard" (but for the set events of
-- "heard" and "trail" and the creation of Ears).
local function show(k, v)
  if k == "card" or k == "target" then return card.valid(v) and card.name(v) or "stale" end
  if type(v) == "table" then return "[" .. table.concat(v, " ") .. "]" end
  return tostring(v)
end

return {
  arm = function(ctx) effect.on(ctx.kind, "note", { card = ctx.card, params = ctx.params }) end,
  note = function(ctx)
    local ev, keys, parts = ctx.event, {}, {}
    if ev.kind == "set" and (ev.key == "heard" or ev.key == "trail") then return end -- its own note, the rules'
    if ev.kind == "create" and ev.id == "ear" then return end -- the Ears of the setup
    for k in pairs(ev) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do parts[#parts + 1] = k .. "=" .. show(k, ev[k]) end
    local p = ctx.params and (" p" .. show("params", ctx.params)) or ""
    game.set("heard", (game.get("heard") or "") .. " " .. ev.kind .. "{" .. table.concat(parts, ",") .. "}" .. p)
  end,
}
