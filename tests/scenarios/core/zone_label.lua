-- zone.label: a zone's name as people read it, from the packs' show/zones (pack.json), so
-- a script's own log line does not copy the label.

scenario "zone.label gives the show/zones label, else the zone's name" {
  game = "notalone", players = 2,
  expect = { checks = {
    [[ return zone.label(zone.get("hunt_deck")) == "Hunt deck" ]],
    [[ return zone.label(zone.get("artemia")) == "Artemia" ]],
    [[ return zone.label(zone.get("reserve")) == "reserve" ]],
    [[ return not pcall(zone.label, 9999) ]],
  } },
}
