-- Monument: Cost 6, 3 VP.
return {
  enter = function(ctx) end,   -- no ability: its VP are scored when it is bought
}
