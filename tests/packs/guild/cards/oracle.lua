-- Oracle's Tower: When your worker visits the Temple, draw 2 omens instead of 1. 1 point.
return {
  omens = function(ctx) return 1 end,
}
