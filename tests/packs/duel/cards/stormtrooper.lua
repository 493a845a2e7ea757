-- Stormtrooper: Deploy 1. Power 2. Forfeit 1.
return character()
