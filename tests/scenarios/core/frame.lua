-- The turn's frame on the test pack tests/packs/frame: steps a, b, c with enter and
-- leave hooks noting "<turn><step>@<active seat>" in the game's text "trail" ("/a" is
-- a's leave hook; "/bx" or "/b-" and "cx" or "c-" say whether the property x was still
-- there); step b asks the active seat; the active seat rotates each turn.

defaults { game = "tests/packs/frame", players = 3 }

local function trail(want)
  return { check = "return game.get('trail') == '" .. want .. "'" }
end

scenario "a step's leave hook runs when it ends, before the next step, and sees what lasts until the step's end" {
  steps = {
    trail(" 1a@1 1/a@1 1b@1"),
    { lua = [[ game.set("x", 1, "step") ]] },
    "1: go",
    trail(" 1a@1 1/a@1 1b@1 1/bx@1 1c-@1 2a@2 2/a@2 2b@2"),
  },
}

scenario "game.skip: the step does not run this turn, the next turn it does" {
  steps = {
    { lua = [[ game.skip("c") ]] }, -- the last step: the turn ends after b
    "1: go",
    trail(" 1a@1 1/a@1 1b@1 1/b-@1 2a@2 2/a@2 2b@2"),
    "2: go",
    trail(" 1a@1 1/a@1 1b@1 1/b-@1 2a@2 2/a@2 2b@2 2/b-@2 2c-@2 3a@3 3/a@3 3b@3"),
  },
}

scenario "game.skip of a step already begun or already over this turn changes nothing" {
  steps = {
    { lua = [[ game.skip("b") game.skip("a") ]] },
    "1: go",
    trail(" 1a@1 1/a@1 1b@1 1/b-@1 1c-@1 2a@2 2/a@2 2b@2"),
  },
}

scenario "extra turns queue in order, and turns go on from the seat after the last of them" {
  steps = {
    { lua = [[ game.extra_turn(3) game.extra_turn(2) ]] },
    { check = [[ return game.turn() == 1 and game.active() == 1 ]] }, -- this turn goes on
    "1: go",
    { decision = { seat = 3 } }, "3: go",
    { decision = { seat = 2 } }, "2: go",
    { decision = { seat = 3 } }, "3: go",
    { decision = { seat = 1 } },
    { check = [[ return game.turn() == 5 ]] },
  },
}

scenario "at most 8 extra turns wait" {
  steps = {
    { lua = [[ for i = 1, 8 do game.extra_turn(2) end ]] },
    { lua = [[ local ok, err = pcall(game.extra_turn, 2) game.set("err", ok and "" or err) ]] },
    { check = [[ local err = game.get("err")   -- the function named once
                 return err:find("game.extra_turn: at most 8 extra turns may be queued", 1, true) ~= nil
                   and err:find("game.extra_turn: game.extra_turn", 1, true) == nil ]] },
    "1: go",
    { check = [[ return game.turn() == 2 and game.active() == 2 ]] },
  },
}

-- The built-in events as a handler hears them (docs/scripting-api.md, Events): an Ear
-- armed for each kind notes every field of each event (tests/packs/frame/cards/ear.lua).
-- The chunk runs at turn 1's question, whose action (step b's hook) is made again after
-- it, now asking seat 3; the handlers run when that action is over.
local kinds = { "move", "attach", "create", "destroy", "flip", "tap", "control", "owner", "zone", "visibility",
                "active", "role", "extra_turn", "modify", "reroll", "reveal", "set", "step", "turn", "dice",
                "shuffle", "track", "print", "ping", "effect" }
local arm = "for _, k in ipairs({ '" .. table.concat(kinds, "', '") .. "' }) do\n"
  .. "  card.call(card.new('ear', zone.get('table'), 1), 'arm', { kind = k })\nend"

scenario "a handler hears each built-in event kind with the fields the docs list" {
  setup = arm,
  steps = {
    { lua = [[
      game.set("heard", "")
      local t = card.new("thing", zone.get("table"), 1) local o = card.new("other", zone.get("table"), 2)
      card.attach(o, t) card.flip(t, "down") card.tap(t) card.set_controller(t, 2) card.set_owner(t, 3)
      zone.new("bag", { owner = 3 }) zone.set_visibility(zone.get("pile", 2), "owner")
      game.set_active(3) seat.set_role(3, "grey") game.extra_turn(1)
      dice.force({ 4, 2, 6 }) local p = dice.roll(2, 6) dice.modify(p, 1, 1) dice.reroll(p, { 2 }) card.reveal(t, 1)
      zone.shuffle(zone.get("pile", 2)) track.new("score", { goal = 2 }) track.move("score", 3)
      game.log("hello") event.emit("ping", { a = 4, b = 5, params = { 7, 8 }, text = "hi" })
      card.move(t, zone.get("pile", 2))
      card.call(card.new("ear", zone.get("table"), 1), "arm", { kind = "ping", params = { 9 } })
      event.emit("ping", {}) ]] },
    { decision = { seat = 3 } }, "3: go",
    { check = [[ return game.get("heard") == " create{card=Thing,id=thing,kind=create,to=1}"
      .. " create{card=Other,id=other,kind=create,to=1} attach{card=Other,id=other,kind=attach,target=Thing}"
      .. " flip{card=Thing,face_down=true,id=thing,kind=flip} tap{card=Thing,id=thing,kind=tap,tapped=true}"
      .. " control{card=Thing,id=thing,kind=control,seat=2} owner{card=Thing,id=thing,kind=owner,seat=3}"
      .. " zone{kind=zone,owner=3,zone=5} visibility{kind=visibility,zone=3} active{kind=active,seat=3}"
      .. " role{kind=role,role=grey,seat=3} extra_turn{kind=extra_turn,seat=1}"
      .. " dice{count=2,faces=6,kind=dice,pool=1} modify{delta=1,die=1,kind=modify,pool=1,value=5}"
      .. " reroll{die=2,faces=6,kind=reroll,pool=1,value=6} reveal{card=Thing,id=thing,kind=reveal}"
      .. " shuffle{count=0,kind=shuffle,zone=3} set{key=score,kind=set,new=0,old=0}"
      .. " set{key=score.min,kind=set,new=0,old=0} set{key=score.max,kind=set,new=1000000,old=0}"
      .. " set{key=score.goal,kind=set,new=2,old=0} set{key=score,kind=set,new=3,old=0}"
      .. " track{kind=track,track=score,value=3} print{kind=print,text=hello}"
      .. " ping{a=4,b=5,kind=ping,params=[7 8],text=hi} move{card=Thing,from=1,id=thing,kind=move,to=3}"
      .. " effect{added=true,card=Ear,effect=26,kind=effect,listens_to=ping}"
      .. " ping{a=0,b=0,kind=ping} ping{a=0,b=0,kind=ping} p[9]"
      .. " step{kind=step,step=c,turn=1} turn{active=1,kind=turn,turn=2}"
      .. " step{kind=step,step=a,turn=2} step{kind=step,step=b,turn=2}" ]] },
  },
}

scenario "a destroy handler gets a stale handle and the card's id; an attached card goes first, with no from" {
  setup = [[ card.call(card.new("ear", zone.get("table"), 1), "arm", { kind = "destroy" }) ]],
  steps = {
    { lua = [[ local t = card.new("thing", zone.get("table"), 1)
               card.attach(card.new("other", zone.get("table"), 2), t) card.destroy(t) ]] },
    "1: go",
    { check = [[ return game.get("heard") == " destroy{card=stale,id=other,kind=destroy}"
                 .. " destroy{card=stale,from=1,id=thing,kind=destroy}" ]] },
  },
}

-- game.draw: the game ends with no winner
scenario "game.draw ends the game with no winner" {
  steps = { { lua = [[ game.draw("tied scores") ]] } },
  expect = { over = true, log = { "game over: a draw — tied scores" },
             checks = { [[ return game.over() ]] } },
}


-- game.win with a list: the seats share the win
scenario "game.win with a list of seats: they share the win" {
  players = 4,
  setup = [[ seat.set_role(1, "red") seat.set_role(3, "red") ]],
  steps = { { lua = [[ game.win({ 4, 2 }, "tied for the most points") ]] } },
  expect = { over = 4, log = { "game over: seats 2 and 4 win — tied for the most points" },
             checks = { [[ return game.over() ]] } },
}

scenario "game.win with a list: seat 2 is among three winners" {
  players = 4,
  steps = { { lua = [[ game.win({ 1, 2, 3 }) ]] } },
  expect = { over = 2, log = { "game over: seats 1, 2 and 3 win" } },
}

scenario "game.win with a list of one seat is that seat's win" {
  steps = { { lua = [[ game.win({ 3 }, "alone") ]] } },
  expect = { over = 3, log = { "game over: seat 3 wins — alone" } },
}

scenario "game.win refuses an empty list, a seat twice, a list longer than the seats, a bad seat" {
  steps = {
    { lua = [[
      local function why(w) local ok, err = pcall(game.win, w) return ok and "ok" or err end
      game.set("e1", why({})) game.set("e2", why({ 1, 1 })) game.set("e3", why({ 1, 2, 3, 1 }))
      game.set("e4", why({ 1, 5 })) game.set("e5", why({ 1, "two" })) ]] },
    { check = [[ return game.get("e1"):find("a list of winners holds 1 to 3 seat numbers, not 0", 1, true) ~= nil ]] },
    { check = [[ return game.get("e2"):find("seat 1 is in the list of winners twice", 1, true) ~= nil ]] },
    { check = [[ return game.get("e3"):find("a list of winners holds 1 to 3 seat numbers, not 4", 1, true) ~= nil ]] },
    { check = [[ return game.get("e4"):find("winners[2] must be a seat number 1..3", 1, true) ~= nil ]] },
    { check = [[ return game.get("e5"):find("winners[2] must be a seat number 1..3", 1, true) ~= nil ]] },
    { check = [[ return not game.over() ]] },
  },
}

scenario "seat.team: the team set_role gives, else the role; nil for a seat without a role" {
  setup = [[ seat.set_role(1, "creature", "dark") seat.set_role(2, "hunted") ]],
  expect = { checks = { [[ return seat.team(1) == "dark" and seat.team(2) == "hunted" and seat.team(3) == nil
                           and seat.role(1) == "creature" ]] } },
}

-- seat.eliminate: a seat out of the game is passed by and asked nothing
scenario "seat.eliminate: the turn passes an eliminated seat by" {
  steps = {
    { lua = [[ seat.eliminate(2, "no lands left") ]] },
    { check = [[ return seat.out(2) and not seat.out(1) and not seat.out(3) ]] },
    "1: go",
    { decision = { seat = 3 } }, "3: go",
    { decision = { seat = 1 } },
    { check = [[ return game.turn() == 3 ]] },
  },
  expect = { log = { "seat 2 is out of the game: no lands left" } },
}

scenario "seat.eliminate: its extra turns go, and it may not become active or take one" {
  steps = {
    { lua = [[
      game.extra_turn(2) game.extra_turn(3) seat.eliminate(2)
      local ok, err = pcall(game.set_active, 2) game.set("e1", ok and "" or err)
      ok, err = pcall(game.extra_turn, 2) game.set("e2", ok and "" or err) ]] },
    { check = [[ return game.get("e1"):find("game.set_active: seat 2 is out of the game (seat.eliminate)", 1, true) ~= nil ]] },
    { check = [[ return game.get("e2"):find("game.extra_turn: seat 2 is out of the game", 1, true) ~= nil ]] },
    "1: go",
    { decision = { seat = 3 } }, "3: go",  -- seat 3's extra turn; seat 2's is gone
    { decision = { seat = 1 } },           -- then on from seat 3, past seat 2
  },
}

