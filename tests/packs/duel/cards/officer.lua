-- Imperial Officer: Deploy 2. Power 2. Forfeit 2.
return character()
