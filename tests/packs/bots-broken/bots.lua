-- A bot that counts its calls: it would answer differently after a save and a resume.
local calls = 0
return {
  counter = function(view, q)
    calls = calls + 1
    return q.options[1].id
  end,
}
