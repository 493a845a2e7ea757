-- Market Stall: At the Trading Post you sell goods 1 for 1 gold instead of 2 for 1.
return {
  trade_rate = function(ctx) return 1 end,
}
