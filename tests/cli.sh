#!/bin/sh
# tests/cli.sh — the command line's contracts: --help everywhere, lint --json, sim
# --json, test's last line and exit status, replay --verify, clear errors for bad input.
# usage: tests/cli.sh <tabula binary>
t=$1
pass=0
fail=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL cli: $1"; fail=$((fail+1)); }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT

for c in play sim test lint replay bench new; do
  if "$t" $c --help > "$d/h" 2>&1 && grep -q "usage: tabula $c" "$d/h"; then ok; else bad "$c --help"; fi
done
"$t" frobnicate > /dev/null 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "unknown command 'frobnicate'" "$d/e"; then ok; else bad "unknown command"; fi

# lint: a clean pack, then a broken one (JSON error with file, line and column)
if "$t" lint artemia-lite --json > "$d/l" && grep -q '"pack": "artemia-lite"' "$d/l" && grep -q '"place": 10' "$d/l" \
   && grep -q '"errors": \[\]' "$d/l"; then ok; else bad "lint --json on artemia-lite"; fi
# a pack with no cards says so (the line read "cards:" and nothing)
if "$t" lint tests/packs/frame --json > /dev/null && mkdir -p "$d/nc" && printf '{"id":"nc","name":"No cards","version":"1.0.0","api":1,"players":{"min":1,"max":2},"rules":"rules.lua","cards":[]}\n' > "$d/nc/pack.json" \
   && printf 'return { turn = { "main" }, steps = { main = { enter = function() game.win(1, "done") end } } }\n' > "$d/nc/rules.lua" \
   && "$t" lint "$d/nc" > "$d/l" && grep -q '^  cards: none$' "$d/l"; then ok; else bad "lint: a pack with no cards"; cat "$d/l"; fi
# an expansion (docs/games/notalone.md, "Writing cards for Not Alone") counts with its base game
if "$t" lint tests/packs/notalone-ambush --json > "$d/l" && grep -q '"hunt": 21' "$d/l" && grep -q '"survival": 16' "$d/l" \
   && grep -q '"errors": \[\]' "$d/l"; then ok; else bad "lint --json on the Not Alone example expansion"; cat "$d/l"; fi
# ... and one whose card file the base game's builder refuses: that one error, at the
# card (its script's line, the card and its card file), not at the base game's helper
# (more cases: "lint: an expansion's mistakes" below)
mkdir -p "$d/xp/cards"
cp tests/packs/notalone-ambush/pack.json "$d/xp/" && cp tests/packs/notalone-ambush/cards/*.lua "$d/xp/cards/"
sed 's/"play_in": \["hunting"\]/"play_in": ["end"]/' tests/packs/notalone-ambush/cards.json > "$d/xp/cards.json"
"$t" lint "$d/xp" > "$d/l"; rc=$?
if [ $rc != 0 ] && grep -q "xp/cards/ambush.lua:4: card 'ambush' (.*xp/cards.json:3): play_in is \[\"end\"\], but a Phase-2 card has play_in \[\"hunting\"\]" "$d/l" \
   && ! grep -q "helper failed" "$d/l" && grep -q "^1 error$" "$d/l"; then ok
else bad "lint on an expansion with a wrong play_in"; cat "$d/l"; fi
# ... and a Place card with an id of its own: the rules know the ten places by id, so it
# was never dealt and lint said 0 errors (a Place card replaces one of the ten)
mkdir -p "$d/xq/cards"
cp tests/packs/notalone-ambush/pack.json "$d/xq/"
printf '{"cards": [{"id": "cave", "kind": "place", "name": "Cave", "count": 7, "data": {"number": 5}, "script": "cave.lua"},\n  {"id": "rover", "kind": "place", "name": "Rover", "count": 7, "data": {"number": 5}, "script": "rover.lua"}]}\n' > "$d/xq/cards.json"
printf -- '-- Cave\nreturn place_card { power = function(ctx) end }\n' > "$d/xq/cards/cave.lua"
printf -- '-- Rover (a variant)\nreturn place_card { power = function(ctx) end }\n' > "$d/xq/cards/rover.lua"
"$t" lint "$d/xq" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "xq/cards/cave.lua:2: card 'cave' (.*xq/cards.json:1): place_card makes one of the ten places, known by id (lair, jungle, .*, artefact), but this card's id is \"cave\"" "$d/l" \
   && grep -q "^1 error, 2 warnings$" "$d/l"; then ok
else bad "lint on an expansion with a place card of a new id"; cat "$d/l"; fi
# ... and a place variant with a name of its own: the Hunted's hand read "Moon Rover"
# while the tokens, the Creature's questions and the log said "Rover", and lint said 0 errors
mkdir -p "$d/xn/cards"
cp tests/packs/notalone-ambush/pack.json "$d/xn/"
printf '{"cards": [{"id": "rover", "kind": "place", "name": "Moon Rover", "text": "A variant.", "count": 7, "data": {"number": 5}, "script": "rover.lua"}]}\n' > "$d/xn/cards.json"
printf -- '-- Rover (a variant)\nreturn place_card { power = function(ctx) end }\n' > "$d/xn/cards/rover.lua"
"$t" lint "$d/xn" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "xn/cards/rover.lua:2: card 'rover' (.*xn/cards.json:1): the card is named \"Moon Rover\", but the rules name place 5 \"Rover\"" "$d/l" \
   && grep -q "^1 error$" "$d/l"; then ok
else bad "lint on a place variant with a name of its own"; cat "$d/l"; fi
# ... and builder fields that are misspelt or of the wrong type: `efect` was dropped (the
# card did nothing) and place_card's `number` was never read
printf -- '-- Rover (a variant)\nreturn place_card { number = 5, power = function(ctx) end }\n' > "$d/xq/cards/rover.lua"
printf -- '-- Cave\nreturn place_card {\n  power = true }\n' > "$d/xq/cards/cave.lua"
sed 's/"id": "cave"/"id": "lair"/' "$d/xq/cards.json" > "$d/xq/c2" && mv "$d/xq/c2" "$d/xq/cards.json"
mkdir -p "$d/xs/cards" && cp -r tests/packs/notalone-ambush/. "$d/xs/"
sed 's/  effect = function/  efect = function/' tests/packs/notalone-ambush/cards/ambush.lua > "$d/xs/cards/ambush.lua"
"$t" lint "$d/xq" > "$d/l"; rc=$?
"$t" lint "$d/xs" > "$d/l4"; rc4=$?
if [ $rc = 1 ] && grep -q "xq/cards/rover.lua:2: card 'rover' .*: place_card has no field \"number\" (its fields: power, usable, handlers)" "$d/l" \
   && grep -q "xq/cards/cave.lua:2: card 'lair' .*: place_card's field power is true, not a function" "$d/l" \
   && grep -q "^2 errors, 2 warnings$" "$d/l" && [ $rc4 = 1 ] \
   && grep -q "xs/cards/ambush.lua:[0-9]*: card 'ambush' .*: hunt_card has no field \"efect\" (its fields: effect, usable, target_choose, target_apply, handlers; did you mean \"effect\"?)" "$d/l4"
then ok; else bad "lint on builder fields misspelt or of the wrong type"; cat "$d/l" "$d/l4"; fi
# ... and event handlers: a builder takes them in `handlers` (a function of its own beside
# the builder's fields was refused with no word of where it goes); a handler that is no
# function, or that takes the name of a function the card has, is refused
printf -- '-- Ambush\nreturn hunt_card {\n  effect = function(ctx) end,\n  on_move = function(ctx) end,\n}\n' > "$d/xs/cards/ambush.lua"
"$t" lint "$d/xs" > "$d/l"; rc=$?
printf -- '-- Ambush\nreturn hunt_card {\n  effect = function(ctx) end,\n  handlers = { on_move = 3 },\n}\n' > "$d/xs/cards/ambush.lua"
"$t" lint "$d/xs" > "$d/l2"; rc2=$?
printf -- '-- Flare\nreturn survival_card {\n  handlers = { play = function(ctx) end },\n}\n' > "$d/xs/cards/flare.lua"
printf -- '-- Ambush\nreturn hunt_card {\n  effect = function(ctx) end,\n  handlers = { on_move = function(ctx) end },\n}\n' > "$d/xs/cards/ambush.lua"
"$t" lint "$d/xs" > "$d/l3"; rc3=$?
if [ $rc = 1 ] && grep -q "xs/cards/ambush.lua:2: card 'ambush' .*: hunt_card has no field \"on_move\" (its fields: effect, usable, target_choose, target_apply, handlers; a function that effect.on names goes in handlers = { on_move = function(ctx) … end })" "$d/l" \
   && [ $rc2 = 1 ] && grep -q "xs/cards/ambush.lua:2: card 'ambush' .*: hunt_card's handler on_move is 3, not a function" "$d/l2" \
   && [ $rc3 = 1 ] && grep -q "xs/cards/flare.lua:2: card 'flare' .*: survival_card's handler play has the name of a function the card already has (can_play, effect, play, usable): give it another name" "$d/l3" \
   && grep -q "^1 error$" "$d/l3"
then ok; else bad "lint: a builder's handlers"; cat "$d/l" "$d/l2" "$d/l3"; fi
# ... and a replaced Place card whose data.number is not its number (the rules number it
# by id; the hand is sorted by data.number, so a Lair of number 5 sorted as a Rover)
printf -- '-- Lair (a variant)\nreturn place_card { power = function(ctx) end }\n' > "$d/xq/cards/cave.lua"
printf -- '-- Rover (a variant)\nreturn place_card { power = function(ctx) end }\n' > "$d/xq/cards/rover.lua"
sed 's/, "data": {"number": 5}, "script": "rover.lua"/, "script": "rover.lua"/' "$d/xq/cards.json" > "$d/xq/c2" && mv "$d/xq/c2" "$d/xq/cards.json"
"$t" lint "$d/xq" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "card 'lair' .*: data.number is 5, but the Lair is place 1 (the rules know the ten places by id; the hand is sorted by data.number): give it \"number\": 1" "$d/l" \
   && grep -q "card 'rover' .*: data.number is missing, but the Rover is place 5 .*: give it \"number\": 5" "$d/l" \
   && grep -q "^2 errors, 2 warnings$" "$d/l"
then ok; else bad "lint on a replaced Place card's data.number"; cat "$d/l"; fi
mkdir -p "$d/pk"
printf '{"id": "b", "version": "1", "api": 1,\n "rules": "rules.lua", "colour": 1}\n' > "$d/pk/pack.json"
echo 'return { turn = { "x" } }' > "$d/pk/rules.lua"
"$t" lint "$d/pk" --json > "$d/l2"; rc=$?
if [ $rc != 0 ] && grep -q '"line": 2' "$d/l2" && grep -q '"col": 24' "$d/l2" && grep -q "unknown key 'colour'" "$d/l2"; then ok; else bad "lint --json on a broken pack"; cat "$d/l2"; fi
printf 'return { turn = { "x" }, steps = { x = { enter = function() local n = 0 return function() n = n + 1 end end } } }' > "$d/pk/rules.lua"
printf '{"id": "b", "version": "1", "api": 1, "rules": "rules.lua", "cards": ["c.json"], "scripts": "."}' > "$d/pk/pack.json"
printf '{"cards": [{"id": "x", "kind": "k"}, {"id": "y", "kind": "k"}]}' > "$d/pk/c.json"
printf 'return { f = function() return 1 + end }' > "$d/pk/x.lua"
printf 'local count = 0\nreturn { f = function() count = count + 1 end }' > "$d/pk/y.lua"
"$t" lint "$d/pk" > "$d/l3"; rc=$?
if [ $rc != 0 ] && grep -q "x.lua:1" "$d/l3" && grep -q "y.lua:2" "$d/l3" && grep -q "assigns to 'count'" "$d/l3"; then ok; else bad "lint reports every script error"; cat "$d/l3"; fi

# lint: a pattern the sandbox refuses is an error at its line (a bot's two quantifiers
# failed 145 games of 200 at run time while lint said 0 errors), in the JSON too; the
# repository's own packs have none
cp -r tests/packs/derelict "$d/pat"
sed -i '6a local function seat_of(s) return s:match("^(.-) of seat %d+$") end' "$d/pat/bots.lua"
sed -i '1a local function balanced(s) return string.gsub(s, "%b()", "") end' "$d/pat/rules.lua"
"$t" lint "$d/pat" > "$d/l"; rc=$?
"$t" lint "$d/pat" --json > "$d/l2"; rc2=$?
pl=0; for p in games/* tests/packs/*; do [ -f "$p/pack.json" ] || continue
  "$t" lint "$p" 2>&1 | grep -q "the sandbox refuses the pattern" && { pl=1; echo "a pattern refused in $p"; }; done
if [ $rc = 1 ] && grep -q "pat/bots.lua:7: string.match: the sandbox refuses the pattern '^(.-) of seat %d+\$', so this call always fails: it has 2 variable-length quantifiers ('.-', '%d+')" "$d/l" \
   && grep -q "pat/rules.lua:2: string.gsub: the sandbox refuses the pattern '%b()'" "$d/l" && grep -q "^2 errors$" "$d/l" \
   && [ $rc2 = 1 ] && grep -q '"line": 7' "$d/l2" && [ $pl = 0 ]
then ok; else bad "lint: a pattern the sandbox refuses"; cat "$d/l"; fi
# lint: a helper that is a FIFO blocked lint for good (the open waited for a writer)
mkdir -p "$d/ff"
printf '{"id": "f", "version": "1", "api": 1, "rules": "rules.lua", "helpers": ["h.lua"]}\n' > "$d/ff/pack.json"
echo 'return { turn = { "x" } }' > "$d/ff/rules.lua"
mkfifo "$d/ff/h.lua"
timeout 20 "$t" lint "$d/ff" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "h.lua: cannot read: it is not a plain file (a FIFO, a socket or a device)" "$d/l"; then ok
else bad "lint: a helper that is a FIFO (rc $rc)"; cat "$d/l"; fi
# lint: a card whose <id>.lua lies in its pack folder but is never read (pack.json has no
# "scripts" folder, or names another one) is an error at the card: the pack loaded
# cleanly and every game failed with "card 'Siphon' has no script"
mkdir -p "$d/ns" && cp tests/packs/sparks-plus/cards.json tests/packs/sparks-plus/siphon.lua "$d/ns/"
grep -v '"scripts"' tests/packs/sparks-plus/pack.json | sed 's/"cards": \["cards.json"\],/"cards": ["cards.json"]/' > "$d/ns/pack.json"
"$t" lint "$d/ns" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "ns/cards.json:3: card 'siphon': it has no script, but the rules need every spark card's script to give play (their kinds.spark.needs): siphon.lua lies in the pack folder, but pack.json names no \"scripts\" folder" "$d/l" \
   && grep -q "^1 error$" "$d/l"; then ok; else bad "lint: a card script that is never read"; cat "$d/l" "$d/ns/pack.json"; fi
mkdir -p "$d/ns/cards" && sed 's/"scripts": "."/"scripts": "cards"/' tests/packs/sparks-plus/pack.json > "$d/ns/pack.json"
"$t" lint "$d/ns" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "card 'siphon': it has no script, but the rules need every spark card's script to give play (their kinds.spark.needs): siphon.lua lies in the pack folder, but scripts are read from its \"scripts\" folder .*ns/cards" "$d/l"
then ok; else bad "lint: a card script outside the scripts folder"; cat "$d/l"; fi
# ... or in a folder of the pack (cards/) while pack.json names no "scripts" folder: lint
# names the folder to give (it said nothing: only the pack's top folder was looked at)
mv "$d/ns/siphon.lua" "$d/ns/cards/" && grep -v '"scripts"' tests/packs/sparks-plus/pack.json | sed 's/"cards": \["cards.json"\],/"cards": ["cards.json"]/' > "$d/ns/pack.json"
"$t" lint "$d/ns" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "card 'siphon': it has no script, but the rules need every spark card's script to give play (their kinds.spark.needs): cards/siphon.lua lies in the pack's folder, but pack.json names no \"scripts\" folder, so no script is looked for (add \"scripts\": \"cards\" to pack.json)" "$d/l"
then ok; else bad "lint: a card script in a folder of the pack, no scripts folder named"; cat "$d/l"; fi
# ... and a card that replaces one of the game's (same id) without a script of its own:
# the old script is not kept, so an entry meant to change only the text left the card
# scriptless without a word
rm -f "$d/ns/siphon.lua" && rm -rf "$d/ns/cards"
printf '{"cards": [{"id": "spark1", "kind": "spark", "name": "Spark One", "count": 3, "text": "Gain 1 point."}]}' > "$d/ns/cards.json"
cp tests/packs/sparks-plus/pack.json "$d/ns/pack.json"
"$t" lint "$d/ns" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "card 'spark1': it has no script, but the rules need every spark card's script to give play (their kinds.spark.needs): it replaces the card of pack tutorial, whose script is cards/tutorial/spark1.lua" "$d/l"
then ok; else bad "lint: a replacing card without a script"; cat "$d/l"; fi
# an expansion outside the repository, linted from elsewhere, finds its base game beside
# the binary (it looked in ../<id> and ./games only, and named only the last place); a
# misspelt dependency says it was not found and where it was looked for; an expansion
# with no "depends" is told to name its game (it said "pack.json: ... has no rules")
case $t in /*) ta=$t ;; *) ta=$(pwd)/$t ;; esac
mkdir -p "$d/away/xp" && cp tests/packs/sparks-plus/* "$d/away/xp/"
(cd "$d/away" && "$ta" lint xp) > "$d/l"; rc=$?
sed 's/\["tutorial"\]/["tutorialz"]/' tests/packs/sparks-plus/pack.json > "$d/away/xp/pack.json"
(cd "$d/away" && "$ta" lint xp) > "$d/l2"; rc2=$?
grep -v '"depends"' tests/packs/sparks-plus/pack.json > "$d/away/xp/pack.json"
(cd "$d/away" && "$ta" lint xp) > "$d/l3"; rc3=$?
if [ $rc = 0 ] && grep -q "^0 errors" "$d/l" && [ $rc2 = 1 ] \
   && grep -q "xp/pack.json:7:15: dependency 'tutorialz' not found: no folder tutorialz in xp/.., in games or in .*/games (or say where" "$d/l2" \
   && [ $rc3 = 1 ] && grep -q "xp/pack.json: pack sparks-plus has no rules: a game names its rules (\"rules\": \"rules.lua\"), an expansion the game it adds to (\"depends\"" "$d/l3"
then ok; else bad "lint: an expansion outside the repository"; cat "$d/l" "$d/l2" "$d/l3"; fi
# a card that asks with an empty list is told how to avoid it
mkdir -p "$d/ask" && sed 's/"sparks-plus"/"ask"/' tests/packs/sparks-plus/pack.json > "$d/ask/pack.json"
printf '{"cards": [{"id": "asker", "kind": "spark", "name": "Asker", "count": 12, "text": "Asks about nothing."}]}' > "$d/ask/cards.json"
printf 'return { play = function(ctx) decide.choose(ctx.seat, {}) end }\n' > "$d/ask/asker.lua"
"$t" sim tutorial --pack "$d/ask" -n 3 --seed 1 > "$d/o" 2>&1
if grep -q "asker.lua:1: card 'Asker' (asker): decide.choose: 0 option(s) but at least 1 must be chosen (check the list before asking, or give min = 0)$" "$d/o" \
   && ! grep -q "asker.lua:1: .*asker.lua:1" "$d/o"
then ok; else bad "decide.choose with nothing to choose"; cat "$d/o"; fi
# a script error names its place once, in a game (sim's first error, the log) and in a
# failed scenario: it said "boom.lua:3: card 'Boom' (boom): boom.lua:3: x"
mkdir -p "$d/se" && sed 's/"sparks-plus"/"se"/' tests/packs/sparks-plus/pack.json > "$d/se/pack.json"
printf '{"cards": [{"id": "boom", "kind": "spark", "name": "Boom", "count": 12, "text": "Raises."},\n {"id": "nilar", "kind": "spark", "name": "Nil Sum", "count": 0, "text": "Adds to nil."}]}' > "$d/se/cards.json"
printf -- '-- Boom: Raises.\nreturn { play = function(ctx)\n  error("x")\nend }\n' > "$d/se/boom.lua"
printf -- '-- Nil Sum: Adds to nil.\nreturn { play = function(ctx)\n  local n = seat.get(ctx.seat, "nothing")\n  seat.set(ctx.seat, "points", n + 1)\nend }\n' > "$d/se/nilar.lua"
cat > "$d/se/t.lua" <<EOF2
scenario "nil arithmetic" { game = "$d/se", players = 2, seed = 1,
  setup = [[ local h = zone.get("hand", 1)
    for _, c in ipairs(zone.cards(h)) do card.move(c, zone.get("deck", 1)) end
    card.new("nilar", h, 1) ]],
  steps = { "1: Nil Sum" }, expect = { errors = 0 } }
EOF2
"$t" sim tutorial --pack "$d/se" -n 2 --seed 1 --logs "$d/se-logs" > "$d/o" 2>&1
"$t" replay "$d/se-logs/game-000000.json" --pack "$d/se" > "$d/o2" 2>&1
"$t" test "$d/se/t.lua" > "$d/o3"; rc=$?
if grep -q "first error: game seed 1: .*se/boom.lua:3: card 'Boom' (boom): x$" "$d/o" && ! grep -q "boom.lua:3: .*boom.lua:3:" "$d/o" \
   && grep -q "script error (action undone): .*se/boom.lua:3: card 'Boom' (boom): x$" "$d/o2" && ! grep -q "boom.lua:3: .*boom.lua:3:" "$d/o2" \
   && [ $rc = 1 ] && grep -q "last: .*se/nilar.lua:4: card 'Nil Sum' (nilar): attempt to perform arithmetic on a nil value (local 'n')$" "$d/o3" \
   && ! grep -q "nilar.lua:4: .*nilar.lua:4:" "$d/o3" && ! grep -q "stack traceback" "$d/o3"
then ok; else bad "a script error names its place once"; cat "$d/o" "$d/o2" "$d/o3"; fi
# a can_play that raises (docs/card-authoring.md, Step 4: it is read-only) is named as
# the error: sim's "first error" and a scenario's "last:" were empty; it is worded as an
# action's error, its place first and the card's id (it said "card 'Mover' can_play:
# <place>: ..."), with a traceback when a function of the card led there
mkdir -p "$d/cp" && sed 's/"sparks-plus"/"cp"/' tests/packs/sparks-plus/pack.json > "$d/cp/pack.json"
printf '{"cards": [{"id": "mover", "kind": "spark", "name": "Mover", "count": 12, "text": "Moves."}]}' > "$d/cp/cards.json"
printf 'local function away(c, s) card.move(c, zone.get("discard", s)) end\nreturn {\n  can_play = function(ctx) away(ctx.card, ctx.seat) return true end,\n  play = function(ctx) end,\n}\n' > "$d/cp/mover.lua"
"$t" sim tutorial --pack "$d/cp" -n 3 --seed 1 > "$d/o" 2>&1
printf 'scenario "x" { game = "%s", players = 2, steps = { { bot = 2 } } }\n' "$d/cp" > "$d/cp_test.lua"
"$t" test "$d/cp_test.lua" > "$d/o2" 2>&1
if grep -q "first error: game seed 1: $d/cp/mover.lua:1: card 'Mover' (mover) can_play: card.move: cannot change the game here (a read-only query" "$d/o" \
   && grep -q "^	$d/cp/mover.lua:3: in function <$d/cp/mover.lua:3>$" "$d/o" \
   && grep -q "^  3 games had a script error or did not finish: they are counted above all the same, so the rates are suspect" "$d/o" \
   && grep -q "script error(s), expected 0; last: $d/cp/mover.lua:1: card 'Mover' (mover) can_play: card.move: cannot change the game here" "$d/o2"
then ok; else bad "a can_play that raises is named"; cat "$d/o" "$d/o2"; fi
# sim --json
if "$t" sim artemia-lite -n 30 --seed 3 --players 3 --json "$d/s.json" > /dev/null \
   && grep -q '"games": 30' "$d/s.json" && grep -q '"errors": 0' "$d/s.json" && grep -q '"wins"' "$d/s.json" \
   && grep -q '"mean_turns"' "$d/s.json" && grep -q '"creature"' "$d/s.json"; then ok; else bad "sim --json"; fi
# sim reports rounds where the rules say what a round is (rules.lua's rounds): "seats",
# every seat's turn once (tutorial's turns go round 3 seats one by one: a game of T turns
# has begun ceil(T/3) rounds); "turns" (scavenge: every seat acts in each turn); none
# without it
mkdir -p "$d/rounds" && echo 'return { rounds = "seats" }' > "$d/rounds/rules.lua"
printf '{"id": "rounds", "version": "1", "api": 1, "depends": ["tutorial"], "rules": "rules.lua"}' > "$d/rounds/pack.json"
"$t" sim tutorial --pack "$d/rounds" -n 20 --players 3 --json "$d/r.json" > "$d/r"; rc=$?
"$t" sim tests/packs/scavenge -n 5 --players 2 --json "$d/r2.json" > "$d/r2"; rc2=$?
"$t" sim tutorial -n 5 --players 3 --json "$d/r3.json" > "$d/r3"; rc3=$?
tr -d ' \n' < "$d/r.json" > "$d/rf"
tmin=$(sed -n 's/.*"turns":{"min":\([0-9]*\).*/\1/p' "$d/rf"); tmax=$(sed -n 's/.*"turns":{[^}]*"max":\([0-9]*\).*/\1/p' "$d/rf")
rmin=$(sed -n 's/.*"rounds":{"min":\([0-9]*\).*/\1/p' "$d/rf"); rmax=$(sed -n 's/.*"rounds":{[^}]*"max":\([0-9]*\).*/\1/p' "$d/rf")
tr -d ' \n' < "$d/r2.json" > "$d/rf2"
if [ $rc = 0 ] && [ $rc2 = 0 ] && [ $rc3 = 0 ] && [ -n "$tmin" ] && [ -n "$rmin" ] && [ "$tmax" -gt "$tmin" ] \
   && [ "$rmin" = $(( (tmin + 2) / 3 )) ] && [ "$rmax" = $(( (tmax + 2) / 3 )) ] \
   && grep -q "^  rounds: min $rmin, median [0-9]*, 9 games in 10 within [0-9]*, max $rmax$" "$d/r" \
   && [ "$(sed -n 's/.*"turns":\({[^}]*}\).*/\1/p' "$d/rf2")" = "$(sed -n 's/.*"rounds":\({[^}]*}\).*/\1/p' "$d/rf2")" ] \
   && grep -q '"rounds":{' "$d/rf2" && grep -q "^  rounds: " "$d/r2" \
   && ! grep -q '"rounds"' "$d/r3.json" && ! grep -q "rounds" "$d/r3"
then ok; else bad "sim reports rounds"; cat "$d/r" "$d/r.json" "$d/r2" "$d/r3"; fi
# ... through a symbolic link: the file it names gets the JSON, and the link stays (the
# temporary file was renamed over the link, which became a file of its own; over
# /dev/null, as root, it replaced /dev/null: tests/unit/test_util.c)
echo old > "$d/real.json" && ln -s real.json "$d/link.json"
if "$t" sim tutorial -n 3 --json "$d/link.json" > /dev/null && [ -L "$d/link.json" ] && grep -q '"games": 3' "$d/real.json"
then ok; else bad "sim --json through a symbolic link"; ls -l "$d/link.json"; fi
# sim --cards: per card, how often it was played in a window or chosen in another
# question, and the win rate of the seats that used it against the rest of their role; a
# card never used is named; how the games ended and how long they lasted (a designer could
# not tell whether a new card was played at all). The JSON has them without --cards. A
# seat the rules give no role (the tutorial) counts as itself, not as "none".
mkdir -p "$d/gh"
printf '{"id": "gh", "version": "1", "api": 1, "depends": ["tutorial"], "cards": ["c.json"]}' > "$d/gh/pack.json"
printf '{"cards": [{"id": "ghost", "kind": "token", "name": "Ghost"}]}' > "$d/gh/c.json"
"$t" sim tutorial -n 200 --players 2 --pack tests/packs/sparks-plus --pack "$d/gh" --cards --json "$d/cards.json" > "$d/s"; rc=$?
"$t" sim tutorial -n 200 --players 2 --pack tests/packs/sparks-plus --pack "$d/gh" > "$d/s2"
if [ $rc = 0 ] && grep -Eq "^    Siphon +played +[0-9]+\.[0-9]{2}  chosen +[1-9][0-9]*\.[0-9]{2}  seat [12] 0\.[0-9]{3} \(0\.[0-9]{3} to 0\.[0-9]{3}\) of [0-9]+; others 0\.[0-9]{3} " "$d/s" \
   && grep -Eq "^    Spark IV +played +([1-9][0-9]*\.[0-9]{2}|0\.[0-9]*[1-9])  " "$d/s" \
   && grep -q "^    never played or chosen (1): Ghost$" "$d/s" \
   && grep -Eq "^  turns: min [0-9]+, median [0-9]+, 9 games in 10 within [0-9]+, max [0-9]+$" "$d/s" \
   && grep -Eq "^  seat 1 +[0-9]+ wins" "$d/s" && grep -Eq "^  seat 2 +[0-9]+ wins" "$d/s" && ! grep -q "^  none " "$d/s" && grep -q "^  how the games ended" "$d/s" && grep -Eq "^ +[0-9]+  seat [12]: " "$d/s" \
   && ! grep -q "Siphon" "$d/s2" && grep -q "^  turns: " "$d/s2" \
   && tr -d ' \n' < "$d/cards.json" | grep -Eq '"id":"siphon","name":"Siphon","kind":"spark","played":[0-9]+,"chosen":[1-9]' \
   && tr -d ' \n' < "$d/cards.json" | grep -q '"ends":\[{"end":"seat' \
   && tr -d ' \n' < "$d/cards.json" | grep -q '"turns":{"min":'
then ok; else bad "sim --cards"; cat "$d/s"; fi
# sim lists the statistics the rules count with game.stat (Sparks: the winner's lead at
# the end), with their mean in the games each seat won; the same with two jobs as with one
"$t" sim tutorial -n 300 --players 3 --json "$d/st1.json" > "$d/st"; rc=$?
"$t" sim tutorial -n 300 --players 3 --jobs 2 --json "$d/st2.json" > /dev/null
if [ $rc = 0 ] && grep -q "^  statistics (game.stat: its total in a finished game, 0 where never added to; then its mean$" "$d/st" \
   && grep -Eq "^    lead at the end  mean +[1-9]\.[0-9]{2}  min +0  max +[1-9];  seat 1 won [0-9.]+, seat 2 won [0-9.]+, seat 3 won [0-9.]+$" "$d/st" \
   && tr -d ' \n' < "$d/st1.json" | grep -Eq '"stats":\{"leadattheend":\{"mean":[0-9.]+,"min":0,"max":[0-9]+,"games":300,"mean_when_won":\{"seat1":' \
   && [ "$(tr -d ' \n' < "$d/st1.json" | grep -o '"stats":{[^}]*}[^}]*}}')" = "$(tr -d ' \n' < "$d/st2.json" | grep -o '"stats":{[^}]*}[^}]*}}')" ]
then ok; else bad "sim lists game.stat statistics"; cat "$d/st"; fi
# a show label's 'one' is the label of the value 1, in the REPL's table and the log
# ("1 round left", not "1 rounds left")
mkdir -p "$d/one"
printf '{"id": "one", "version": "1", "api": 1, "rules": "rules.lua",\n "show": {"props": {"left": {"label": "{} rounds left", "one": "{} round left"}}}}\n' > "$d/one/pack.json"
cat > "$d/one/rules.lua" <<'EOF2'
return { turn = { "main" }, setup = function() game.set("left", 3) end,
  steps = { main = { enter = function() game.add("left", -1) decide.choose(1, { "go on" }) end } } }
EOF2
printf '1\nquit\n' | XDG_STATE_HOME="$d/st-one" "$t" play "$d/one" --seed 1 > "$d/o" 2>&1
if grep -q "^game     1 round left$" "$d/o" && grep -q "^game     2 rounds left$" "$d/o" && grep -q "1 round left$" "$d/o" \
   && ! grep -q "1 rounds" "$d/o"; then ok; else bad "show: a label for the value 1"; cat "$d/o"; fi
# a statistic is read in a scenario's check; adding to one there is refused, as any change
cat > "$d/k.lua" <<'EOF2'
scenario "add in a check" { game = "tutorial", players = 2, steps = { { check = [[ return game.stat("x", 1) == 1 ]] } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "game.stat: .*read-only" "$d/o"; then ok; else bad "game.stat adds nothing in a check"; cat "$d/o"; fi
# A card chosen through an option table that names it ({ label = "buy Onyx Mine", card =
# c }, Gems' market) counts as chosen: such cards all read "never played or chosen",
# though the games bought them every time
"$t" sim tests/packs/gems -n 20 --players 2 --bots greedy --cards > "$d/gc"; rc=$?
if [ $rc = 0 ] && grep -Eq "^    Diamond Mine +played +0\.00  chosen +(0\.[0-9]*[1-9]|[1-9][0-9]*\.[0-9]{2})  " "$d/gc" \
   && ! grep -q "never played or chosen.*Diamond Mine" "$d/gc"
then ok; else bad "sim --cards: a card named by an option table"; cat "$d/gc"; fi
# --cards=KINDS: the cards of those kinds alone (Ship's targets name its intruders, which
# are pieces, not cards a seat plays); a kind the game lacks is refused before any game
"$t" sim tests/packs/ship -n 20 --players 3 --cards=action > "$d/sc"; rc=$?
"$t" sim tests/packs/ship -n 20 --players 3 --cards > "$d/sa"; rc2=$?
"$t" sim tests/packs/ship -n 20 --cards=action,actoin > "$d/o" 2> "$d/e"; rc3=$?
if [ $rc = 0 ] && [ $rc2 = 0 ] && grep -q "^    Sprint  " "$d/sc" && ! grep -q "Larva\|Adult\|Noise" "$d/sc" \
   && grep -q "Adult\|Larva\|Noise" "$d/sa" && [ $rc3 = 2 ] && [ ! -s "$d/o" ] \
   && grep -q "^tabula sim: --cards=action,actoin: 'actoin' is no kind of this game's cards (its kinds: .*action.*)$" "$d/e"
then ok; else bad "sim --cards=KINDS"; cat "$d/sc" "$d/e"; fi
# sim --versus plays the same seeds again with other packs and prints the difference of
# the win rates with its interval (a designer compared two runs by eye): a Beach worth 5
# Rescue is a clear gain for the Hunted; packs that play alike on both sides (a copy with
# a comment added: the very same packs are refused, below) differ by exactly 0; a
# --versus folder that does not load is refused before any game
cp -r tests/packs/notalone-ambush "$d/amb-note" && echo "-- a comment" >> "$d/amb-note/cards/flare.lua"
"$t" sim notalone -n 200 --players 3 --jobs 2 --pack tests/packs/notalone-beach5 --versus none --json "$d/vs.json" > "$d/s"; rc=$?
"$t" sim notalone -n 20 --players 3 --pack tests/packs/notalone-ambush --versus "$d/amb-note" --json - > "$d/vs2.json" 2> "$d/s2"; rc2=$?
"$t" sim notalone -n 5 --versus "$d/nowhere" > "$d/s3" 2>&1; rc3=$?
if [ $rc = 0 ] && grep -q "^notalone (packs notalone, notalone-beach5): 200 games" "$d/s" \
   && grep -q "^versus notalone (packs notalone), the same seeds: 200 games" "$d/s" \
   && grep -Eq "^  hunted +\+0\.[0-9]{3} \(\+0\.[0-9]{3} to \+0\.[0-9]{3}\): higher with the first$" "$d/s" \
   && grep -Eq "^  creature +-0\.[0-9]{3} \(-0\.[0-9]{3} to -0\.[0-9]{3}\): lower with the first$" "$d/s" \
   && tr -d ' \n' < "$d/vs.json" | grep -q '"versus":{"packs":\["notalone"\],"games":200,' \
   && tr -d ' \n' < "$d/vs.json" | grep -q '"difference_95":{"creature":\[-0\.' \
   && [ $rc2 = 0 ] && grep -Eq "^  creature +\+0\.000 \(-0\.[0-9]{3} to \+0\.[0-9]{3}\): no difference shown" "$d/s2" \
   && tr -d ' \n' < "$d/vs2.json" | grep -q '"difference_95":{"creature":\[0\.0,' \
   && [ $rc3 = 1 ] && grep -q "^tabula sim: --versus: " "$d/s3" && ! grep -q "games" "$d/s3" \
   && "$t" sim --help | grep -q "^--versus DIR plays the same seeds a second time"
then ok; else bad "sim --versus"; cat "$d/s" "$d/s2" "$d/s3"; fi
# sim --help explains each flag of its usage line that it did not (--jobs, --players);
# a batch of one game read "1 games"
"$t" sim tutorial -n 1 > "$d/s"
if "$t" sim --help | grep -q "^--jobs J plays the games in J threads (1 to 64, default 1)" \
   && "$t" sim --help | grep -q "\-\-players P: the player count (default: the game's minimum)" \
   && grep -q "^tutorial: 1 game, 2 players, 0 with errors" "$d/s"
then ok; else bad "sim --help on --jobs and --players; one game is '1 game'"; cat "$d/s"; fi
# an option only the expansion declares is left out of the versus batch: with it,
# `--versus none` was refused ("--versus: unknown option"), so an expansion's option could
# not be weighed against the game without the expansion; an option of the base game still
# applies to both batches, and a misspelt one is still refused
"$t" sim notalone -n 20 --players 2 --pack tests/packs/notalone-modder --option salvage_wreck_draw=true \
  --option expert=true --versus none --json "$d/vo.json" > "$d/s" 2>&1; rc=$?
"$t" sim notalone -n 5 --players 2 --pack tests/packs/notalone-modder --option salvage_wreck_drw=true \
  --versus none > "$d/s2" 2>&1; rc2=$?
if [ $rc = 0 ] && grep -q "^versus notalone (packs notalone), the same seeds: 20 games" "$d/s" \
   && grep -q "^  without --option salvage_wreck_draw (not an option of these packs)$" "$d/s" \
   && ! grep -q "without --option.*expert" "$d/s" \
   && tr -d ' \n' < "$d/vo.json" | grep -q '"options_left_out":\["salvage_wreck_draw"\]' \
   && [ $rc2 = 2 ] && grep -q "unknown option 'salvage_wreck_drw'" "$d/s2"
then ok; else bad "sim --versus with an option of the expansion"; cat "$d/s" "$d/s2"; fi
# sim names every pack it loaded when there are several: a run with --pack and one without
# printed the same first line ("tutorial: 20 games"), and the expansion of another game
# brought that game's rules in without a word
"$t" sim tutorial -n 5 --players 2 --pack tests/packs/sparks-plus --json "$d/sp.json" > "$d/s"; rc=$?
if [ $rc = 0 ] && grep -q "^tutorial (packs tutorial, sparks-plus): 5 games" "$d/s" \
   && tr -d ' \n' < "$d/sp.json" | grep -q '"packs":\["tutorial","sparks-plus"\]' \
   && "$t" sim tutorial -n 5 --players 2 | grep -q "^tutorial: 5 games" \
   && "$t" sim tutorial -n 5 --players 3 --pack tests/packs/notalone-ambush | grep -q "^tutorial (packs tutorial, notalone, notalone-ambush):"
then ok; else bad "sim names the packs it loaded"; cat "$d/s"; fi
# sim lists every distinct error, not the first alone (a modder mended one per run): a
# game counts once, under the place its first error was raised (two messages from one
# line, seeds 1 and 3, are one kind), the commonest first and, as many games, the
# earliest; five are shown, the first with its traceback, then how many more; the same
# whatever --jobs is; the JSON keeps "first_error" and lists every kind ("error_kinds")
mkdir -p "$d/ek" && sed 's/"sparks-plus"/"ek"/' tests/packs/sparks-plus/pack.json > "$d/ek/pack.json"
printf '{"cards": [{"id": "boom", "kind": "spark", "name": "Boom", "count": 8, "text": "Raises."},\n {"id": "fizz", "kind": "spark", "name": "Fizz", "count": 4, "text": "Indexes nil."}' > "$d/ek/cards.json"
printf -- '-- Boom: Raises.\nlocal function blow(s) error("boom by seat " .. s) end\nreturn { play = function(ctx) blow(ctx.seat) end }\n' > "$d/ek/boom.lua"
printf -- '-- Fizz: Indexes nil.\nlocal function peek(t) return t.x end\nreturn { play = function(ctx) return peek(nil) end }\n' > "$d/ek/fizz.lua"
for k in 3 4 5 6 7; do
  printf ',\n {"id": "k%s", "kind": "spark", "name": "K%s", "count": 1, "text": "Raises."}' $k $k >> "$d/ek/cards.json"
  printf -- '-- K%s: Raises.\nlocal function raise(m) error(m) end\nreturn { play = function(ctx) raise("k%s") end }\n' $k $k > "$d/ek/k$k.lua"
done
printf ']}\n' >> "$d/ek/cards.json"
"$t" sim tutorial --pack "$d/ek" -n 3 --seed 1 > "$d/o" 2>&1
"$t" sim tutorial --pack "$d/ek" -n 1 --seed 3 > "$d/o1" 2>&1
"$t" sim tutorial --pack "$d/ek" -n 100 --seed 1 --json "$d/ek1.json" > "$d/o2" 2>&1
"$t" sim tutorial --pack "$d/ek" -n 100 --seed 1 --jobs 2 --json "$d/ek2.json" > "$d/o3" 2>&1
total=$(sed -n 's/^tutorial (packs tutorial, ek): 100 games, 2 players, \([0-9]*\) with errors.*/\1/p' "$d/o2")
kinds() { tr -d '\n' < "$1" | sed 's/.*"error_kinds": *\(\[[^]]*\]\).*/\1/'; }
first_kind=$(sed -n 's/^    \([0-9]*\) games, first error: game seed 1: .*ek\/boom.lua:2: card .Boom. (boom): boom by seat 1$/\1/p' "$d/o2")
if grep -q "^  errors by where they were raised, the commonest first (2 kinds):$" "$d/o" \
   && grep -A1 "^    2 games, first error: game seed 1: .*ek/boom.lua:2: card 'Boom' (boom): boom by seat 1$" "$d/o" | grep -q "^stack traceback:$" \
   && grep -q "^    1 game, first error: game seed 2: .*ek/k7.lua:2: card 'K7' (k7): k7$" "$d/o" \
   && [ "$(grep -c "stack traceback:" "$d/o")" = 1 ] \
   && grep -q "^  first error: game seed 3: .*ek/boom.lua:2: card 'Boom' (boom): boom by seat 2$" "$d/o1" \
   && grep -q "^  errors by where they were raised, the commonest first (7 kinds):$" "$d/o2" \
   && [ -n "$total" ] && [ -n "$first_kind" ] && [ "$(grep -c "stack traceback:" "$d/o2")" = 1 ] \
   && awk -v total="$total" '/^    [0-9]+ games?, first error: game seed [0-9]+: / {
          n++; c = $1; s = $7 + 0; sum += c
          if (n > 1 && (c > pc || (c == pc && s <= ps))) bad = 1
          pc = c; ps = s }
        /^    and 2 more kinds in [0-9]+ games \(--json lists every kind\)$/ { sum += $6; more++ }
        END { exit (bad || n != 5 || more != 1 || sum != total) }' "$d/o2" \
   && [ "$(sed -n '/^  errors by where/,$p' "$d/o2")" = "$(sed -n '/^  errors by where/,$p' "$d/o3")" ] \
   && [ "$(kinds "$d/ek1.json")" = "$(kinds "$d/ek2.json")" ] \
   && [ "$(kinds "$d/ek1.json" | grep -o '"first_seed"' | wc -l)" = 7 ] \
   && kinds "$d/ek1.json" | tr -d ' ' | grep -q "^\[{\"error\":\"[^\"]*ek/boom.lua:2:card'Boom'(boom):boombyseat1\",\"games\":$first_kind,\"first_seed\":\"1\"}," \
   && grep -q "\"first_error\": \"game seed 1: .*ek/boom.lua:2: card 'Boom' (boom): boom by seat 1\\\\nstack traceback:" "$d/ek1.json" \
   && grep -q "\"first_error\": \"game seed 1: .*ek/boom.lua:2: card 'Boom' (boom): boom by seat 1\\\\nstack traceback:" "$d/ek2.json"
then ok; else bad "sim lists every distinct error"; cat "$d/o" "$d/o2" "$d/o3"; fi
# --versus stands in for the --pack folders only, so an expansion's folder given as the
# game (or one pack folder on both sides, or a copy of it with the same files) made the
# versus batch the very same games: two identical summaries and a difference of 0, said
# as if it were a finding. It is refused before any game (exit status 2), with how to
# write it; packs of the same ids that differ are told apart in the headers by folder
"$t" sim tests/packs/notalone-modder -n 5 --players 2 --versus none > "$d/o" 2> "$d/e"; rc=$?
"$t" sim notalone -n 5 --pack tests/packs/notalone-ambush --versus tests/packs/notalone-ambush > "$d/o2" 2> "$d/e2"; rc2=$?
cp -r tests/packs/notalone-ambush "$d/amb-same"
"$t" sim notalone -n 5 --pack tests/packs/notalone-ambush --versus "$d/amb-same" > "$d/o3" 2> "$d/e3"; rc3=$?
"$t" sim notalone -n 5 --versus none > "$d/o4" 2> "$d/e4"; rc4=$?
"$t" sim notalone -n 5 --players 3 --pack "$d/amb-note" --versus tests/packs/notalone-ambush > "$d/o5" 2>&1; rc5=$?
if [ $rc = 2 ] && [ ! -s "$d/o" ] \
   && grep -q "^tabula sim: with --versus none the versus batch loads the very same packs as the first (notalone, notalone-modder): it would play the same games" "$d/e" \
   && grep -q "tests/packs/notalone-modder, the game named, is an expansion (of notalone) and is in both batches" "$d/e" \
   && grep -q "^  tabula sim notalone --pack tests/packs/notalone-modder --versus none$" "$d/e" \
   && [ $rc2 = 2 ] && [ ! -s "$d/o2" ] \
   && grep -q "^tabula sim: with --versus tests/packs/notalone-ambush the versus batch loads the very same packs as the first (notalone, notalone-ambush)" "$d/e2" \
   && [ $rc3 = 2 ] && [ ! -s "$d/o3" ] && grep -q "^tabula sim: with --versus $d/amb-same the versus batch loads the very same packs" "$d/e3" \
   && [ $rc4 = 2 ] && [ ! -s "$d/o4" ] && grep -q "^  tabula sim notalone --pack DIR --versus none$" "$d/e4" \
   && [ $rc5 = 0 ] && grep -q "^notalone (packs notalone, notalone-ambush from $d/amb-note): 5 games" "$d/o5" \
   && grep -q "^versus notalone (packs notalone, notalone-ambush from tests/packs/notalone-ambush), the same seeds: 5 games" "$d/o5"
then ok; else bad "sim --versus with the very same packs"; cat "$d/e" "$d/e2" "$d/e3" "$d/e4" "$d/o5"; fi
# --versus none is the game alone: given with another --versus (a folder, in either
# order, or none again) it was dropped without a word; now refused before any game
amb=tests/packs/notalone-ambush
"$t" sim notalone -n 5 --pack tests/packs/notalone-beach5 --versus none --versus $amb > "$d/o" 2> "$d/e"; rc=$?
"$t" sim notalone -n 5 --pack tests/packs/notalone-beach5 --versus $amb --versus none > "$d/o2" 2> "$d/e2"; rc2=$?
"$t" sim notalone -n 5 --pack tests/packs/notalone-beach5 --versus none --versus $amb --versus none > "$d/o3" 2> "$d/e3"; rc3=$?
tail_vn="give --versus none alone (the game without the --pack folders), or one or more --versus DIR (those folders in place of the --pack ones)"
if [ $rc = 2 ] && [ ! -s "$d/o" ] && [ "$(cat "$d/e")" = "tabula sim: --versus none cannot go with another --versus (given: --versus none --versus $amb); $tail_vn" ] \
   && [ $rc2 = 2 ] && [ ! -s "$d/o2" ] && [ "$(cat "$d/e2")" = "tabula sim: --versus none cannot go with another --versus (given: --versus $amb --versus none); $tail_vn" ] \
   && [ $rc3 = 2 ] && [ ! -s "$d/o3" ] && grep -q "(given: --versus none --versus $amb --versus none)" "$d/e3"
then ok; else bad "sim --versus none with another --versus"; cat "$d/o" "$d/e" "$d/o2" "$d/e2" "$d/o3" "$d/e3"; fi
# lint names the pack it was given when a --pack folder is one already loaded (it
# counted back from the last pack: the game's own id, or bytes from before the packs)
"$t" lint tests/packs/notalone-ambush --pack games/notalone > "$d/l"; rc=$?
"$t" lint games/tutorial --pack games/tutorial --json > "$d/l2"; rc2=$?
if [ $rc = 0 ] && head -n 1 "$d/l" | grep -q "^pack notalone-ambush (Not Alone: Ambush (example expansion) 0.1.0)$" \
   && [ $rc2 = 0 ] && grep -q '"pack": "tutorial"' "$d/l2"; then ok; else bad "lint names its pack with --pack"; cat "$d/l" "$d/l2"; fi
# lint: a play_in naming a window the rules do not configure (a typo) is an error
mkdir -p "$d/wp" && cp -r tests/packs/windows/. "$d/wp/"
sed -i 's/"play_in": \["stack", "chain"\]/"play_in": ["stak", "chain"]/' "$d/wp/cards.json"
"$t" lint "$d/wp" > "$d/l3"; rc=$?
if [ $rc = 1 ] && grep -q "card 'e': play_in names the window 'stak', which the rules do not configure" "$d/l3" \
   && "$t" lint tests/packs/windows > /dev/null; then ok; else bad "lint: play_in typo"; cat "$d/l3"; fi
# lint: every mistake of the card files in one run (it stopped at the first), each naming
# its file, line, column and card; a broken JSON file does not hide the next file's
# mistakes; the scripts are checked too (it stopped before them), a script file not
# found not reported twice; a game refuses to start, naming the first and how many more
mkdir -p "$d/mc" && cp tests/packs/sparks-plus/siphon.lua "$d/mc/"
printf '{"id": "mc", "version": "1", "api": 1, "depends": ["tutorial"], "cards": ["a.json", "b.json", "c.json"], "scripts": "."}' > "$d/mc/pack.json"
printf '{"cards": [\n {"id": "one", "kind": "spark", "name": "One", "text": "x", "count": -2},\n {"id": "two", "kind": "spark", "name": "Two", "text": "x", "script": "nope.lua"},\n {"id": "one", "kind": "spark", "name": "One", "text": "x"}]}' > "$d/mc/a.json"
printf '{"cards": [{"id": "three",}]}' > "$d/mc/b.json"
printf '{"cards": [{"id": "four", "kind": "spark", "name": "Four", "text": "x", "script": "siphon.lua", "colour": 1}]}' > "$d/mc/c.json"
"$t" lint "$d/mc" > "$d/l"; rc=$?
"$t" lint "$d/mc" --json > "$d/l2"; rc2=$?
"$t" sim tutorial --pack "$d/mc" -n 1 > /dev/null 2> "$d/e"; rc3=$?
if [ $rc = 1 ] && grep -q "mc/a.json:2:[0-9]*: card 'one': 'count' must be an integer in 0..1000$" "$d/l" \
   && grep -q "mc/a.json:3:[0-9]*: card 'two': script file not found: .*mc/nope.lua$" "$d/l" \
   && grep -q "mc/a.json:4:2: card 'one': duplicate card id (the entry at .*mc/a.json:2 has it too)$" "$d/l" \
   && grep -q "mc/b.json:1:[0-9]*: " "$d/l" && grep -q "mc/c.json:1:[0-9]*: card 'four': unknown key 'colour'" "$d/l" \
   && grep -q "mc/a.json:2: card 'one': it has no script, but the rules need every spark card's script" "$d/l" \
   && ! grep -q "card 'two': it has no script" "$d/l" \
   && grep -q "^6 errors$" "$d/l" && [ $rc2 = 1 ] && [ "$(grep -c '"message"' "$d/l2")" = 6 ] \
   && [ $rc3 = 1 ] && grep -q "card 'one': 'count' must be an integer in 0..1000 (and 4 more errors: tabula lint .*mc lists them)" "$d/e"
then ok; else bad "lint: every mistake of the card files"; cat "$d/l" "$d/l2" "$d/e"; fi
# ... at most 50 of them listed, the count of the others on one more line; warnings too
# (here each card has no script, no name and no text besides its bad count)
{ printf '{"cards": ['; i=0; while [ $i -lt 60 ]; do [ $i -gt 0 ] && printf ','; printf '\n{"id": "c%d", "kind": "spark", "count": -1}' $i; i=$((i+1)); done; printf ']}'; } > "$d/mc/a.json"
printf '{"id": "mc", "version": "1", "api": 1, "depends": ["tutorial"], "cards": ["a.json"]}' > "$d/mc/pack.json"
"$t" lint "$d/mc" > "$d/l"; rc=$?
if [ $rc = 1 ] && [ "$(grep -c "^  error: .*'count' must be" "$d/l")" = 50 ] \
   && grep -q "^  error: .*mc: 70 more errors not listed (the first 50 are): mend these and lint again$" "$d/l" \
   && [ "$(grep -c "^  warning: .*mc/a.json" "$d/l")" = 50 ] \
   && grep -q "^  warning: .*mc: 70 more warnings not listed (the first 50 are): mend these and lint again$" "$d/l" \
   && grep -q "^120 errors, 120 warnings$" "$d/l"; then ok; else bad "lint: the cap on the errors listed"; cat "$d/l"; fi
# lint: a card of the pack without a name or a text is a warning (the game runs: the id
# stands in for the name); warnings alone leave the exit status 0; the game's own cards
# (a dependency) are not warned about
mkdir -p "$d/nw" && cp tests/packs/sparks-plus/siphon.lua "$d/nw/"
printf '{"id": "nw", "version": "1", "api": 1, "depends": ["tutorial"], "cards": ["c.json"], "scripts": "."}' > "$d/nw/pack.json"
printf '{"cards": [{"id": "siphon", "kind": "spark", "count": 3},\n {"id": "blank", "kind": "spark", "name": " ", "text": "Gain.", "script": "siphon.lua"}]}' > "$d/nw/c.json"
"$t" lint "$d/nw" > "$d/l"; rc=$?
"$t" lint "$d/nw" --json > "$d/l2"; rc2=$?
if [ $rc = 0 ] && grep -q "^  warning: .*nw/c.json:1: card 'siphon' has no name: players see its id 'siphon' (give it \"name\")$" "$d/l" \
   && grep -q "^  warning: .*nw/c.json:1: card 'siphon' has no text: players read nothing for it" "$d/l" \
   && grep -q "^  warning: .*nw/c.json:2: card 'blank' has a blank name" "$d/l" \
   && grep -q "^0 errors, 3 warnings$" "$d/l" && [ "$(grep -c "warning:" "$d/l")" = 3 ] \
   && [ $rc2 = 0 ] && grep -q '"warnings": \[' "$d/l2" && grep -q '"errors": \[\]' "$d/l2" \
   && [ "$(grep -c '"message"' "$d/l2")" = 3 ] && "$t" lint games/tutorial | grep -q "^0 errors$"
then ok; else bad "lint: a card without a name or a text is a warning"; cat "$d/l" "$d/l2"; fi

# lint: a global a script reads that nothing defines (a misspelt helper) is a warning at
# its line, with the closest name (it linted clean and failed in 1 game in 4)
mkdir -p "$d/mis" && cp -r tests/packs/notalone-modder/. "$d/mis/"
sed -i '16s/lose_will(/lose_wil(/' "$d/mis/cards/retaliation.lua"
"$t" lint "$d/mis" > "$d/l"; rc=$?
if [ $rc = 0 ] && grep -q "^  warning: .*mis/cards/retaliation.lua:16: reads 'lose_wil', a global that no script, helper or library defines: it is nil (did you mean 'lose_will'?)$" "$d/l" \
   && grep -q "^0 errors, 1 warning$" "$d/l"; then ok; else bad "lint: a global nothing defines"; cat "$d/l"; fi

# lint and pack loading: a modder's slip is named with its likely fix. A misspelt
# "script" names the file that was meant, and that file, read by no card, is a warning
# (it was not named at all) that names the card of its id (it said "none without one
# has the id"); a file named without ".lua" finds it too
mkdir -p "$d/hs/cards/sub" && cp tests/packs/sparks-plus/siphon.lua "$d/hs/cards/" && cp tests/packs/sparks-plus/siphon.lua "$d/hs/cards/sub/"
printf '{"id": "hs", "version": "1", "api": 1, "depends": ["tutorial"], "cards": ["cards.json"], "scripts": "cards"}' > "$d/hs/pack.json"
printf '{"cards": [{"id": "siphon", "kind": "spark", "name": "Siphon", "text": "x", "script": "siphn.lua"}]}' > "$d/hs/cards.json"
"$t" lint "$d/hs" > "$d/l"; rc=$?
printf '{"cards": [{"id": "siphon", "kind": "spark", "name": "Siphon", "text": "x", "script": "sub/siphon"}]}' > "$d/hs/cards.json"
"$t" lint "$d/hs" > "$d/l2"; rc2=$?
if [ $rc = 1 ] && grep -q "^  error: .*hs/cards.json:1:[0-9]*: card 'siphon': script file not found: .*hs/cards/siphn.lua (did you mean 'siphon.lua'?)$" "$d/l" \
   && grep -q "^  warning: .*hs/cards/siphon.lua: no card reads this script: card 'siphon' (.*hs/cards.json:1) has its id but names another \"script\", and it is no helper, rules or bots.lua of the packs (it is never loaded)$" "$d/l" \
   && grep -q "^1 error, 1 warning$" "$d/l" \
   && [ $rc2 = 1 ] && grep -q "script file not found: .*hs/cards/sub/siphon (did you mean 'sub/siphon.lua'?)$" "$d/l2"
then ok; else bad "lint: a misspelt script names the file meant, and that file as read by no card"; cat "$d/l" "$d/l2"; fi
# ... a misspelt id (the script found by id): the card without a script names the file,
# and the file's warning names the card
rm -rf "$d/hs/cards/sub"
printf '{"cards": [{"id": "siphn", "kind": "spark", "name": "Siphon", "text": "x"}]}' > "$d/hs/cards.json"
"$t" lint "$d/hs" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "^  error: .*hs/cards.json:1: card 'siphn': it has no script, .*: there is no .*hs/cards/siphn.lua, but there is siphon.lua, which no card has as its id: is the card's id misspelt? (or name it in the card's entry: \"script\": \"siphon.lua\")$" "$d/l" \
   && grep -q "^  warning: .*hs/cards/siphon.lua: no card reads this script: .*(it is never loaded) (did you mean it for card 'siphn' (.*hs/cards.json:1), which has no script?)$" "$d/l" \
   && grep -q "^1 error, 1 warning$" "$d/l"
then ok; else bad "lint: a misspelt card id names the script meant"; cat "$d/l"; fi
# ... what else a pack loads is no unread script: its rules, helpers and bots.lua in the
# scripts folder, a script named by a card that a later pack replaces; an editor's
# hidden file is nobody's. The games and the example expansions lint as before.
mkdir -p "$d/own" && cp games/tutorial/rules.lua games/tutorial/bots.lua games/tutorial/cards.json cards/tutorial/*.lua "$d/own/"
printf 'return { helper_x = function() return 1 end }\n' > "$d/own/lib.lua"
printf 'return {}\n' > "$d/own/.scratch.lua"
sed 's/"scripts": "[^"]*"/"scripts": ".", "helpers": ["lib.lua"]/; s/"id": "tutorial"/"id": "own"/' games/tutorial/pack.json > "$d/own/pack.json"
mkdir -p "$d/ownx" && printf '{"id": "ownx", "version": "1", "api": 1, "depends": [{"id": "own", "path": "../own"}], "cards": ["c.json"], "scripts": "../own"}' > "$d/ownx/pack.json"
printf '{"cards": [{"id": "spark4", "kind": "spark", "name": "Spark IV", "text": "x", "script": "spark1.lua"}]}' > "$d/ownx/c.json"
"$t" lint "$d/own" > "$d/l"; rc=$?
"$t" lint "$d/ownx" > "$d/l2"; rc2=$?
printf 'return {}\n' > "$d/own/notes.lua"
"$t" lint "$d/ownx" > "$d/l3"; rc3=$?
if [ $rc = 0 ] && grep -q "^0 errors$" "$d/l" && [ $rc2 = 0 ] && grep -q "^0 errors$" "$d/l2" \
   && [ $rc3 = 0 ] && grep -q "^  warning: .*own/notes.lua: no card reads this script" "$d/l3" && grep -q "^0 errors, 1 warning$" "$d/l3" \
   && "$t" lint games/notalone | grep -q "^0 errors$" && "$t" lint tests/packs/notalone-ambush | grep -q "^0 errors$" \
   && "$t" lint tests/packs/sparks-plus | grep -q "^0 errors$" && "$t" lint games/artemia-lite | grep -q "^0 errors$"
then ok; else bad "lint: rules, helpers, bots and replaced cards' scripts are no unread scripts"; cat "$d/l" "$d/l2" "$d/l3"; fi
# a misspelt dependency names the pack folder meant; a misspelt "removes" the card
sed 's/\["tutorial"\]/["tutoral"]/' tests/packs/sparks-plus/pack.json > "$d/hs/pack.json"
"$t" lint "$d/hs" > "$d/l"; rc=$?
printf '{"id": "hs", "version": "1", "api": 1, "depends": ["tutorial"], "cards": ["cards.json"], "scripts": "cards"}' > "$d/hs/pack.json"
printf '{"removes": ["spark11", "zzzzzz"], "cards": [{"id": "siphon", "kind": "spark", "name": "Siphon", "text": "x"}]}' > "$d/hs/cards.json"
"$t" lint "$d/hs" > "$d/l2"; rc2=$?
if [ $rc = 1 ] && grep -q "dependency 'tutoral' not found: no folder tutoral in .*(or say where: {\"id\": \"tutoral\", \"path\": folder}); did you mean 'tutorial'?$" "$d/l" \
   && [ $rc2 = 1 ] && grep -q "hs/cards.json:1:[0-9]*: 'removes' names no known card: spark11 (did you mean 'spark1'?)$" "$d/l2" \
   && grep -q "hs/cards.json:1:[0-9]*: 'removes' names no known card: zzzzzz$" "$d/l2"
then ok; else bad "lint: a misspelt dependency or removed card names the one meant"; cat "$d/l" "$d/l2"; fi
# a folder that is not there, or holds no pack.json, is said the same way by every
# command and for every place a pack folder is given (--pack said
# "DIR/pack.json: cannot open"), with the exit status each had
printf '{"cards": [{"id": "siphon", "kind": "spark", "name": "Siphon", "text": "x"}]}' > "$d/hs/cards.json"
# (lint of either says that one error on stderr, as for a name that is no game, with
# no summary: a folder without pack.json printed "pack DIR", "cards:" and "scripts: 0"
# before it; "lint: a folder that is no pack" below has the JSON)
for f in "$d/none" "$d/hs/cards"; do
  if [ "$f" = "$d/none" ]; then want="no such folder '$f'"
  else want="'$f' is not a pack: it has no pack.json"; fi
  lintsays() { [ "$(cat "$d/e6")" = "tabula lint: $want" ] && [ ! -s "$d/l2" ]; }
  "$t" sim tutorial -n 1 --pack "$f" > /dev/null 2> "$d/e1"; r1=$?
  "$t" sim tutorial -n 1 --versus "$f" > /dev/null 2> "$d/e2"; r2=$?
  "$t" play tutorial --pack "$f" < /dev/null > /dev/null 2> "$d/e3"; r3=$?
  "$t" sim "$f" -n 1 > /dev/null 2> "$d/e4"; r4=$?
  "$t" lint tutorial --pack "$f" > "$d/l"; r5=$?
  "$t" lint "$f" > "$d/l2" 2> "$d/e6"; r6=$?
  "$t" lint "$d/hs" --pack "$f" --json > "$d/l3"; r7=$?
  if [ $r1 = 1 ] && [ "$(cat "$d/e1")" = "tabula sim: $want" ] && [ $r2 = 1 ] && [ "$(cat "$d/e2")" = "tabula sim: --versus: $want" ] \
     && [ $r3 = 1 ] && [ "$(cat "$d/e3")" = "tabula play: $want" ] && [ $r4 = 1 ] && [ "$(cat "$d/e4")" = "tabula sim: $want" ] \
     && [ $r5 = 1 ] && grep -q "^  error: $want$" "$d/l" && [ $r6 = 1 ] && lintsays \
     && [ $r7 = 1 ] && grep -q "\"message\": \"$want\"" "$d/l3" && ! grep -q '"file": ""' "$d/l3"
  then ok; else bad "a pack folder that is missing or not a pack: $f"; cat "$d/e1" "$d/e2" "$d/e3" "$d/e4" "$d/l" "$d/l2" "$d/e6" "$d/l3"; fi
done
# lint --json of a folder that is missing or has no pack.json: that one error, and no
# "pack" (it was the folder's path), "cards" or "scripts" of a pack never loaded
for f in "$d/none" "$d/hs/cards"; do
  if [ "$f" = "$d/none" ]; then want="no such folder '$f'"; else want="'$f' is not a pack: it has no pack.json"; fi
  "$t" lint "$f" --json > "$d/l" 2> "$d/e"; rc=$?
  if [ $rc = 1 ] && [ ! -s "$d/e" ] \
     && [ "$(tr -d ' \n' < "$d/l")" = "$(printf '{"errors":[{"message":"%s"}],"warnings":[]}' "$want" | tr -d ' ')" ]
  then ok; else bad "lint: a folder that is no pack, --json: $f"; cat "$d/l" "$d/e"; fi
done
# a pack.json that does not parse, and a --pack folder that does not load: the error
# under the pack's name and no counts ("cards:" and "scripts: 0" read as a pack of no
# cards), in the text and in the JSON
mkdir -p "$d/badpj" && printf '{"id": "x",\n' > "$d/badpj/pack.json"
"$t" lint "$d/badpj" > "$d/l" 2> "$d/e"; rc=$?
"$t" lint "$d/badpj" --json > "$d/lj"; rcj=$?
"$t" lint tutorial --pack "$d/none" > "$d/l2" 2> "$d/e2"; rc2=$?
"$t" lint tutorial --pack "$d/none" --json > "$d/lj2"; rcj2=$?
if [ $rc = 1 ] && [ $rcj = 1 ] && [ $rc2 = 1 ] && [ $rcj2 = 1 ] && [ ! -s "$d/e" ] && [ ! -s "$d/e2" ] \
   && [ "$(head -1 "$d/l")" = "pack $d/badpj: not loaded, so nothing is counted" ] \
   && grep -q "^  error: $d/badpj/pack.json:2: " "$d/l" && ! grep -q 'cards:\|scripts:' "$d/l" \
   && [ "$(head -1 "$d/l2")" = "pack tutorial: the packs linted with it did not all load, so nothing is counted" ] \
   && grep -q "^  error: no such folder '$d/none'" "$d/l2" && ! grep -q 'cards:\|scripts:' "$d/l2" \
   && grep -q '"pack": "'"$d"'/badpj"' "$d/lj" && grep -q '"pack": "tutorial"' "$d/lj2" \
   && ! grep -q '"cards"\|"scripts"' "$d/lj" "$d/lj2" && grep -q '"line": 2' "$d/lj"
then ok; else bad "lint: packs that did not load get no counts"; cat "$d/l" "$d/e" "$d/lj" "$d/l2" "$d/e2" "$d/lj2"; fi
# a card script's error at load with a traceback longer than an error holds: cut after
# its last whole line, under "(… the rest cut)" (it was cut mid-line, wherever byte
# 511 fell)
mkdir -p "$d/tb/cards"
printf '{"id": "tb", "name": "tb", "version": "0.1.0", "api": 1, "description": "x", "players": {"min": 2, "max": 2}, "rules": "rules.lua", "cards": ["cards.json"], "scripts": "cards"}' > "$d/tb/pack.json"
echo 'return { turn = {"main"}, steps = { main = { enter = function() game.win("seat 1", "x") end } } }' > "$d/tb/rules.lua"
echo '{"cards": [{"id": "deep", "kind": "thing", "name": "Deep", "text": "x"}]}' > "$d/tb/cards.json"
cat > "$d/tb/cards/deep.lua" <<'LUA'
local function dive_into_the_very_deep_recursion_with_a_long_name(n)
  if n == 0 then error("boom at the bottom of a long chain of calls") end
  return dive_into_the_very_deep_recursion_with_a_long_name(n - 1) + 0
end
dive_into_the_very_deep_recursion_with_a_long_name(40)
return {}
LUA
"$t" lint "$d/tb" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "^  error: $d/tb/cards/deep.lua:2: card 'deep' ($d/tb/cards.json:1): boom at the bottom" "$d/l" \
   && [ "$(sed -n '/^1 error$/{g;p;};h' "$d/l")" = "$(printf '\t(\342\200\246 the rest cut)')" ] \
   && [ "$(grep -c "^	$d/tb/cards/deep.lua:3: in upvalue 'dive_into_the_very_deep_recursion_with_a_long_name'$" "$d/l")" -ge 2 ]
then ok; else bad "a long traceback of a card's load error is cut at a line's end"; cat "$d/l"; fi
# an action's error text longer than an error holds, with and without a traceback:
# cut at a character's start with "…" (a one-frame error was cut mid-character)
mkdir -p "$d/rt1" "$d/rt2"
for p in rt1 rt2; do
  printf '{"id": "%s", "name": "%s", "version": "0.1.0", "api": 1, "description": "x", "players": {"min": 2, "max": 2}, "rules": "rules.lua"}' $p $p > "$d/$p/pack.json"
done
echo 'return { turn = {"main"}, steps = { main = { enter = function() error(string.rep("\u{20ac}", 300)) end } } }' > "$d/rt1/rules.lua"
printf 'local function fail() error(string.rep("\\u{20ac}", 300)) end\nreturn { turn = {"main"}, steps = { main = { enter = function() fail() end } } }\n' > "$d/rt2/rules.lua"
"$t" sim "$d/rt1" -n 1 > "$d/o1" 2>&1; "$t" sim "$d/rt2" -n 1 > "$d/o2" 2>&1
if iconv -f UTF-8 -t UTF-8 "$d/o1" > /dev/null 2>&1 && iconv -f UTF-8 -t UTF-8 "$d/o2" > /dev/null 2>&1 \
   && grep -q "first error: .*rules (enter): €€€.*€…$" "$d/o1" && grep -q "first error: .*rules (enter): €€€.*€…$" "$d/o2"
then ok; else bad "a long action error is cut at a character's start"; cat "$d/o1" "$d/o2"; fi
# a pack's first error, long, beside "(and N more errors)": the note whole, the error
# cut at a character's start with "…" (each alignment of the characters to the cut)
e80=$(printf '\342\202\254%.0s' $(seq 80)); good=0
for a in a aa aaa; do
  mkdir -p "$d/pk$a"
  printf '{"id": "pk", "name": "pk", "version": "0.1.0", "api": 1, "description": "x", "players": {"min": 2, "max": 2}, "rules": "%s/%s/%s/r.lua", "scripts": "nowhere"}' $a "$e80" "$e80" > "$d/pk$a/pack.json"
  "$t" sim "$d/pk$a" -n 1 > "$d/o" 2>&1
  iconv -f UTF-8 -t UTF-8 "$d/o" > /dev/null 2>&1 && grep -q "rules file not found: .*€… (and 1 more error: tabula lint $d/pk$a lists them)$" "$d/o" \
    && good=$((good + 1))
done
if [ $good = 3 ]; then ok; else bad "a pack's long first error and its note of more errors"; cat "$d/o"; fi
# "scripts": "." names a script by the pack's folder alone (a script no card reads was
# "dotp/./unread.lua")
mkdir -p "$d/dotp" && cp games/tutorial/*.json games/tutorial/*.lua cards/tutorial/*.lua "$d/dotp/"
sed -i 's|"scripts": "[^"]*"|"scripts": "."|' "$d/dotp/pack.json"
echo 'return {' > "$d/dotp/spark1.lua"
echo 'return {}' > "$d/dotp/unread.lua"
"$t" lint "$d/dotp" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "^  error: $d/dotp/spark1.lua:" "$d/l" && grep -q "^  warning: $d/dotp/unread.lua: no card reads" "$d/l" \
   && ! grep -q '/\./' "$d/l"; then ok
else bad "a pack with scripts \".\" names its scripts without './'"; cat "$d/l"; fi
# a comma before a closing bracket (allowed by JavaScript, not by JSON) gets a hint at
# its file, line and column; a bracket that closes nothing open does not
printf '{"cards": [{"id": "siphon", "kind": "spark",\n  "name": "Siphon", "text": "x",\n  }]}' > "$d/hs/cards.json"
"$t" lint "$d/hs" > "$d/l"; rc=$?
printf '{"cards": [{"id": "siphon", "kind": "spark", "name": "Siphon", "text": "x"},\n]}' > "$d/hs/cards.json"
"$t" lint "$d/hs" > "$d/l2"; rc2=$?
printf '{"cards": [{"id": "siphon", "kind": "spark", "name": "Siphon", "text": "x"},\n}' > "$d/hs/cards.json"
"$t" lint "$d/hs" > "$d/l3"; rc3=$?
if [ $rc = 1 ] && grep -q "^  error: .*hs/cards.json:3:3: string or '}' expected near '}'; JSON allows no comma before '}'$" "$d/l" \
   && [ $rc2 = 1 ] && grep -q "^  error: .*hs/cards.json:2:1: .* near ']'; JSON allows no comma before ']'$" "$d/l2" \
   && [ $rc3 = 1 ] && grep -q "^  error: .*hs/cards.json:2:1: .* near '}'$" "$d/l3"
then ok; else bad "a trailing comma in JSON gets a hint"; cat "$d/l" "$d/l2" "$d/l3"; fi
# a "script" in a pack.json without "scripts" starts at the pack folder: a script kept in
# cards/ (as the Not Alone example keeps its) was "script file not found: …/x.lua" alone
mkdir -p "$d/ns/cards" && cp tests/packs/sparks-plus/siphon.lua "$d/ns/cards/"
printf '{"id": "ns", "version": "1", "api": 1, "depends": ["tutorial"], "cards": ["cards.json"]}' > "$d/ns/pack.json"
printf '{"cards": [{"id": "siphon", "kind": "spark", "name": "Siphon", "text": "x", "script": "siphon.lua"}]}' > "$d/ns/cards.json"
"$t" lint "$d/ns" > "$d/l"; rc=$?
if [ $rc = 1 ] && grep -q "^  error: .*ns/cards.json:1:[0-9]*: card 'siphon': script file not found: .*ns/siphon.lua (cards/siphon.lua lies in the pack's folder, but pack.json names no \"scripts\" folder, so a \"script\" is read from the pack folder: add \"scripts\": \"cards\" to pack.json)$" "$d/l"
then ok; else bad "a script kept in a subfolder of a pack without \"scripts\""; cat "$d/l"; fi
# a card file that is one card's entry, or a bare list of entries, as a modder writes
# it from an entry shown alone: one error that shows the file's shape (the entry gave an
# "unknown key" error per key, the list "must hold a JSON object" with no shape)
printf '{"id": "siphon", "kind": "spark", "name": "Siphon",\n "text": "x"}' > "$d/hs/cards.json"
"$t" lint "$d/hs" > "$d/l"; rc=$?
printf '[{"id": "siphon", "kind": "spark", "name": "Siphon", "text": "x"}]' > "$d/hs/cards.json"
"$t" lint "$d/hs" > "$d/l2"; rc2=$?
if [ $rc = 1 ] && grep -q "^  error: .*hs/cards.json:1:2: the file holds one card's entry, but a card file lists its cards: {\"cards\": \[{\"id\": \"siphon\", …}, …\]}$" "$d/l" \
   && ! grep -q "unknown key" "$d/l" && grep -q "^1 error" "$d/l" \
   && [ $rc2 = 1 ] && grep -q "^  error: .*hs/cards.json:1:1: the file must hold a JSON object, not a list: a card file is {\"cards\": \[{\"id\": …}, …\]}$" "$d/l2"
then ok; else bad "a card file that is one entry or a bare list shows the shape of a card file"; cat "$d/l" "$d/l2"; fi
# lint --json leaves out a line or column it does not know (it wrote "line": 0 and
# "col": 0), as the text leaves out ":0"
printf '{"cards": [{"id": "siphn", "kind": "spark", "name": "Siphon", "text": "x"}]}' > "$d/hs/cards.json"
"$t" lint "$d/hs" --json > "$d/l"; rc=$?
"$t" lint "$d/hs" > "$d/l2"
if [ $rc = 1 ] && ! grep -q '"line": 0' "$d/l" && ! grep -q '"col": 0' "$d/l" \
   && tr -d ' \n' < "$d/l" | grep -q '{"file":"[^"]*hs/cards.json","line":1,"message":"card'"'"'siphn'"'"':ithasnoscript' \
   && tr -d ' \n' < "$d/l" | grep -q '{"file":"[^"]*hs/cards/siphon.lua","message":"nocardreadsthisscript' \
   && ! grep -q ':0[:]' "$d/l2"
then ok; else bad "lint --json leaves out an unknown line or column"; cat "$d/l" "$d/l2"; fi

# a game that stops before anybody is asked anything (its turn limit, with no question in
# its turns) is lint's error, saying that lint played it, and play shows it stopped
mkdir -p "$d/endless"
printf '{"id": "endless", "name": "Endless", "version": "0.1.0", "api": 1, "description": "x",\n "players": {"min": 2, "max": 2}, "rules": "rules.lua"}\n' > "$d/endless/pack.json"
printf 'return { turn = { "a" }, limits = { max_turns = 5 },\n  steps = { a = { enter = function(ctx) game.log("nothing happens") end } } }\n' > "$d/endless/rules.lua"
"$t" lint "$d/endless" > "$d/l"; rc=$?
printf 'state\nhand\nquit\n' | XDG_STATE_HOME="$d/st-endless" "$t" play "$d/endless" --seed 1 > "$d/o" 2>&1; rc2=$?
if [ $rc = 1 ] && grep -q "^  error: $d/endless: a game of 2 players (seed 1) stopped before its first question: turn limit: the game passed 5 turns without ending$" "$d/l" \
   && grep -q "^1 error$" "$d/l" && [ $rc2 = 0 ] \
   && [ "$(grep -c "^The game stopped: turn limit: the game passed 5 turns without ending$" "$d/o")" = 2 ] && grep -q "^stopped> state$" "$d/o" \
   && grep -A1 "^stopped> hand$" "$d/o" | grep -q "^seat 1 has no hand in this game$"
then ok; else bad "a game that stops before its first question: lint's error, play's table (and no hand)"; cat "$d/l" "$d/o"; fi

# sim --profile: where scripts spend their work; the games themselves are unchanged
"$t" sim notalone -n 30 --seed 5 --players 4 --json "$d/p0.json" > "$d/p0"
if "$t" sim notalone -n 30 --seed 5 --players 4 --profile --json "$d/p1.json" > "$d/p1" \
   && grep -q "^  script API calls:" "$d/p1" && grep -q "/turn  zone.get$" "$d/p1" \
   && grep -q "^    .*cards/notalone/lib.lua:[0-9]" "$d/p1" && grep -q '"profile"' "$d/p1.json" \
   && [ "$(grep ' wins ' "$d/p0")" = "$(grep ' wins ' "$d/p1")" ] \
   && [ "$(grep -c ' wins ' "$d/p1")" = 2 ]; then ok; else bad "sim --profile"; cat "$d/p1"; fi
"$t" sim artemia-lite -n 5 --players 9 > /dev/null 2> "$d/e"; rc=$?
if [ $rc != 0 ] && grep -q "plays with 2 to 7 players" "$d/e"; then ok; else bad "sim with a bad player count"; fi
# an option whose default is text, a real number or a list takes such a value from the
# command line, read as the default is written: "5" and "true" were read as a number and
# true and refused ("greeting takes text"), and a real number or a list could not be given
mkdir -p "$d/opt"
printf '{"id": "opt", "name": "Opt", "version": "0.1.0", "api": 1, "description": "x", "players": {"min": 1, "max": 2},\n "rules": "rules.lua", "options": {"greeting": {"default": "hello"}, "weights": {"default": [1, 2]}, "ratio": {"default": 0.5}}}\n' > "$d/opt/pack.json"
cat > "$d/opt/rules.lua" <<'EOF2'
return { turn = { "a" }, steps = { a = { enter = function(ctx)
  local g, w = game.option("greeting"), game.option("weights")
  game.log("greeting " .. g .. " (" .. type(g) .. "), ratio " .. game.option("ratio") .. ", weights " .. w[1] .. "," .. w[2])
  game.win(1, "done") end } } }
EOF2
"$t" sim "$d/opt" -n 1 --option greeting=5 --option ratio=0.7 --option 'weights=[3,4]' --logs "$d/optlogs" > /dev/null 2> "$d/e"; rc=$?
"$t" replay "$d/optlogs/game-000000.json" --game "$d/opt" > "$d/o" 2>> "$d/e"
printf 'quit\n' | XDG_STATE_HOME="$d/st-opt" "$t" play "$d/opt" --option greeting=true --seed 1 > "$d/o2" 2>&1
"$t" sim "$d/opt" -n 1 --option weights=3 > /dev/null 2> "$d/e3"; rc3=$?
if [ $rc = 0 ] && grep -q "^greeting 5 (string), ratio 0.7, weights 3,4$" "$d/o" \
   && grep -q "^[*] greeting true (string), ratio 0.5, weights 1,2$" "$d/o2" \
   && [ $rc3 = 2 ] && grep -q "^tabula sim: --option weights=3: weights takes a value like its default, \[1,2\] " "$d/e3"
then ok; else bad "--option of text, a real number or a list"; cat "$d/e" "$d/o" "$d/o2" "$d/e3"; fi
# ... and a scenario's options: a real number and a list are given, a value of another
# type is refused naming the default (a real number's or a list's was said to be "a string")
cat > "$d/opt.lua" <<EOF2
scenario "given" { game = "$d/opt", players = 1, options = { ratio = 0.25, weights = { 5, 6 } },
  expect = { over = 1, log = { "ratio 0.25, weights 5,6" } } }
scenario "real" { game = "$d/opt", players = 1, options = { ratio = "x" } }
scenario "list" { game = "$d/opt", players = 1, options = { weights = 3 } }
EOF2
"$t" test "$d/opt.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "1 passed, 2 failed" ] \
   && grep -q "^     cannot start the game: option 'ratio' has the wrong type (its default is 0.5)$" "$d/o" \
   && grep -q "^     cannot start the game: option 'weights' has the wrong type (its default is \[1,2\])$" "$d/o"
then ok; else bad "scenario options of a real number or a list"; cat "$d/o"; fi
# --option is key=value
"$t" sim tutorial -n 1 --option foo > /dev/null 2> "$d/e"; rc=$?
"$t" play tutorial --option foo < /dev/null > /dev/null 2> "$d/e2"; rc2=$?
if [ $rc = 2 ] && [ "$(cat "$d/e")" = "tabula sim: --option needs key=value, got 'foo'" ] \
   && [ $rc2 = 2 ] && [ "$(cat "$d/e2")" = "tabula play: --option needs key=value, got 'foo'" ]
then ok; else bad "--option without '='"; cat "$d/e" "$d/e2"; fi
"$t" sim artemia-lite -n 5 --option nope=1 > /dev/null 2> "$d/e"; rc=$?
if [ $rc != 0 ] && grep -q "unknown option 'nope'" "$d/e"; then ok; else bad "sim with an unknown option"; fi
# numbers on the command line: digits only, in range, or a message naming the flag
# (atoi and strtoull read "abc" as 0 and "-1" as the largest seed)
"$t" sim artemia-lite -n abc > /dev/null 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "^tabula sim: -n takes a whole number from 1 to [0-9]*, not 'abc'" "$d/e"; then ok; else bad "sim -n abc"; cat "$d/e"; fi
"$t" sim artemia-lite -n 5 --seed -1 > /dev/null 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "^tabula sim: --seed takes a whole number from 0 to [0-9]*, not '-1'" "$d/e"; then ok; else bad "sim --seed -1"; cat "$d/e"; fi
"$t" play artemia-lite --seed 12x < /dev/null > /dev/null 2> "$d/e"; rc=$?
if [ $rc != 0 ] && grep -q "^tabula play: --seed takes a whole number from 0 to 18446744073709551615, not '12x'" "$d/e"; then ok; else bad "play --seed 12x"; cat "$d/e"; fi
# play's command line: one game, --resume or --load, a --seat the saved game has, a
# --resume naming the game it continues (another is refused), a --script that can be read
"$t" play notalone artemia-lite < /dev/null > /dev/null 2> "$d/e"; rc=$?
"$t" play --resume --load x.json < /dev/null > /dev/null 2> "$d/e2"; rc2=$?
"$t" play artemia-lite --script "$d/no-such-script" < /dev/null > /dev/null 2> "$d/e3"; rc3=$?
if [ $rc = 2 ] && grep -q "^tabula play: one game at a time ('notalone' and 'artemia-lite')$" "$d/e" \
   && [ $rc2 = 2 ] && grep -q "^tabula play: --resume or --load FILE, not both$" "$d/e2" \
   && [ $rc3 = 1 ] && grep -q "^tabula play: cannot read $d/no-such-script: No such file or directory$" "$d/e3"
then ok; else bad "play: one game, --resume or --load, a --script that cannot be read"; cat "$d/e" "$d/e2" "$d/e3"; fi
printf '1\nquit\n' | XDG_STATE_HOME="$d/rs" "$t" play artemia-lite --players 2 --seed 3 > /dev/null 2>&1
XDG_STATE_HOME="$d/rs" "$t" play notalone --resume < /dev/null > /dev/null 2> "$d/e"; rc=$?
printf 'quit\n' | XDG_STATE_HOME="$d/rs" "$t" play artemia-lite --resume > "$d/o" 2>&1; rc2=$?
XDG_STATE_HOME="$d/rs" "$t" play artemia-lite --load "$d/rs/tabula/last-game.json" --seat 3 < /dev/null > /dev/null 2> "$d/e3"; rc3=$?
if [ $rc = 2 ] && grep -q "^tabula play: the last game was .*/games/artemia-lite, not notalone (leave the game out to resume it)$" "$d/e" \
   && [ $rc2 = 0 ] && grep -q "seed 3 - resumed" "$d/o" \
   && [ $rc3 = 2 ] && grep -q "^tabula play: --seat 3 but the saved game has 2 players$" "$d/e3"
then ok; else bad "play --resume naming a game, --load with a seat the game lacks"; cat "$d/e" "$d/o" "$d/e3"; fi
# play --option help lists the game's options and its expansions' (docs/repl.md)
"$t" play tests/packs/windows --pack tests/packs/windows-expansion --option help < /dev/null > "$d/o" 2>&1; rc=$?
"$t" play artemia-lite --option help < /dev/null > "$d/o2" 2>&1; rc2=$?
if [ $rc = 0 ] && [ "$(cat "$d/o")" = "$("$t" sim tests/packs/windows --pack tests/packs/windows-expansion --option help 2>&1)" ] \
   && grep -q "^Options of" "$d/o" && [ $rc2 = 0 ] && [ "$(cat "$d/o2")" = "artemia-lite has no options." ]
then ok; else bad "play --option help"; cat "$d/o" "$d/o2"; fi
# at most 16 --pack folders, refused by every command that takes them (play left the
# 17th out without a word and played without it)
p17=""; i=0; while [ $i -lt 17 ]; do p17="$p17 --pack tests/packs/windows-expansion"; i=$((i + 1)); done
for c in play sim lint replay; do
  arg=tests/packs/windows; [ $c = replay ] && arg="$d/played.json"
  # shellcheck disable=SC2086
  "$t" $c "$arg" $p17 < /dev/null > /dev/null 2> "$d/e"; rc=$?
  if [ $rc = 2 ] && [ "$(cat "$d/e")" = "tabula $c: at most 16 --pack folders" ]; then ok; else bad "$c with 17 --pack folders"; cat "$d/e"; fi
done

# test: last line and exit status
printf 'scenario "fails" { game = "artemia-lite", players = 2, expect = { checks = { [[ return false ]] } } }\n' > "$d/f.lua"
"$t" test "$d/f.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "0 passed, 1 failed" ]; then ok; else bad "test: failing scenario"; fi
# an answer step with `refused`: it fails when the answer is taken, or refused for
# another reason; the question stays (docs/testing.md)
cat > "$d/r.lua" <<'EOF2'
defaults { game = "tests/packs/amounts", players = 1 }
local PAIRS = [[ game.set("ask", "pairs") ]]
scenario "taken" { setup = PAIRS, steps = { { seat = 1, answer = "white 2", refused = "multiple of 2" } } }
scenario "other reason" { setup = PAIRS, steps = { { seat = 1, answer = "white 4", refused = "multiple of 2" } } }
scenario "stays" { setup = PAIRS, steps = { { seat = 1, answer = "white 1 red 2", refused = "multiple of 2" },
                                            { decision = { prompt = "trade gems in pairs" } } } }
scenario "not alone" { setup = PAIRS, steps = { { refused = "multiple of 2" } } }
EOF2
"$t" test "$d/r.lua" > "$d/o" 2>&1; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "1 passed, 3 failed" ] \
   && grep -q 'the answer was taken; expected it refused ("multiple of 2")' "$d/o" \
   && grep -q 'the answer was refused, but not for "multiple of 2": answer not accepted: white: 4, but at most 3' "$d/o" \
   && grep -q "'refused' in a step goes with 'answer'" "$d/o"
then ok; else bad "test: an answer step with refused"; cat "$d/o"; fi
# a file of thousands of scenarios: the line of a failing check's code is found through
# a table of line starts made once (it was looked for from the top of the file for each
# scenario: quadratic), and is still right at the end of the file
awk 'BEGIN { print "defaults { game = \"tests/packs/frame\", players = 1 }"
  for (i = 0; i < 3000; i++) printf "scenario \"s%d\" {\n  steps = { { check = [[ return true ]] } },\n}\n", i
  print "scenario \"last\" {\n  setup = [[ game.set(\"v\", 1) ]],\n  steps = { { check = [[ return game.get(\"v\") +"
  print "  nil ]] } },\n}" }' > "$d/many.lua"
"$t" test "$d/many.lua" > "$d/o" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q "^FAIL .*many.lua:9002: last" "$d/o" && grep -q "check failed: .*many.lua:9004: attempt to perform arithmetic on a nil value" "$d/o" \
   && [ "$(tail -n 1 "$d/o")" = "3000 passed, 1 failed" ]; then ok; else bad "test: lines in a file of 3,000 scenarios"; head -5 "$d/o"; fi
printf 'scenario "syntax" { game = \n' > "$d/g.lua"
"$t" test "$d/g.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "g.lua:" "$d/o"; then ok; else bad "test: broken scenario file names file and line"; fi
# a misspelt key in a scenario fails it and names the key (it was ignored: the check
# it meant never ran); so does a step that does two things
printf 'scenario "typo" { game = "artemia-lite", players = 2, steps = { { decision = { include = { "x" } } } } }\n' > "$d/k.lua"
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "unknown key 'include' in a decision check (keys: seat, options, includes" "$d/o"; then ok; else bad "test: a misspelt key"; cat "$d/o"; fi
# `seen`: what one seat sees, as that seat (its view and its log): seat 2's items are
# hidden from seat 1, so a Pistol there is found for seat 2 and not for seat 1
cat > "$d/k.lua" <<'EOF'
scenario "a" { game = "tests/packs/derelict", players = 2,
  setup = [[ card.new("pistol", zone.get("items", 2), 2) ]],
  expect = { seen = { { seat = 2, includes = { "Pistol" } }, { seat = 1, excludes = { "Pistol" } } } } }
scenario "b" { game = "tests/packs/derelict", players = 2,
  setup = [[ card.new("pistol", zone.get("items", 2), 2) ]],
  expect = { seen = { { seat = 2, excludes = { "Pistol" } } } } }
scenario "c" { game = "tests/packs/derelict", players = 2, expect = { seen = { { includes = { "x" } } } } }
scenario "d" { game = "tests/packs/derelict", players = 2, expect = { seen = { { seat = 1, includes = { "no such text" } } } } }
scenario "e" { game = "tests/packs/derelict", players = 2,
  setup = [[ card.new("pistol", zone.get("items", 2), 2) ]],
  steps = { { seen = { seat = 2, includes = { "Pistol" } } }, { seen = { seat = 1, includes = { "Pistol" } } } } }
EOF
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "1 passed, 4 failed" ] \
   && grep -q "expect: seen\[1\]: seat 2 sees 'Pistol' in its view, which it must not" "$d/o" \
   && grep -q "seen\[1\] needs the seat whose view it checks" "$d/o" && grep -q "seen\[1\]: seat 1 sees no 'no such text'" "$d/o" \
   && grep -q "step 2: seen: seat 1 sees no 'Pistol' (in its view or its log)" "$d/o"; then ok
else bad "test: seen expectations and steps"; cat "$d/o"; fi
# seen's zone: one zone's cards in the view (both seats hold a Spark IV: seat 2 must not
# see seat 1's, though its own reads the same)
cat > "$d/k.lua" <<'EOF'
defaults { game = "tutorial", players = 2 }
local GIVE = [[ local h1, h2 = zone.get("hand", 1), zone.get("hand", 2)
  for _, c in ipairs(zone.cards(h1)) do card.destroy(c) end for _, c in ipairs(zone.cards(h2)) do card.destroy(c) end
  card.new("spark4", h1, 1) card.new("spark4", h2, 2) ]]
scenario "ok" { setup = GIVE, steps = { { seen = { seat = 2, zone = { "hand", 1 }, excludes = { "Spark IV" } } },
  { seen = { seat = 2, zone = { "hand", 2 }, includes = { "Spark IV" } } } } }
scenario "whole view" { setup = GIVE, steps = { { seen = { seat = 2, excludes = { "Spark IV" } } } } }
scenario "own" { setup = GIVE, steps = { { seen = { seat = 1, zone = { "hand", 1 }, excludes = { "Spark IV" } } } } }
scenario "no zone" { setup = GIVE, expect = { seen = { { seat = 1, zone = "hand", excludes = { "x" } } } } }
scenario "bad" { setup = GIVE, steps = { { seen = { seat = 1, zone = 3, excludes = { "x" } } } } }
EOF
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "1 passed, 4 failed" ] \
   && grep -q "step 1: seen: seat 2 sees 'Spark IV' in its view, which it must not" "$d/o" \
   && grep -q "step 1: seen: seat 1 sees 'Spark IV' among the cards of 'hand', which it must not" "$d/o" \
   && grep -qF "expect: seen[1]: no game zone 'hand' (a seat's zone: zone = { \"hand\", S })" "$d/o" \
   && grep -q "step 1: seen: 'zone' is a zone's name, or { name, seat } for a seat's zone" "$d/o"; then ok
else bad "test: seen in one zone"; cat "$d/o"; fi
printf 'scenario "two" { game = "artemia-lite", players = 2, steps = { { check = "return true", decision = { seat = 1 } } } }\n' > "$d/k.lua"
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "a step does one thing" "$d/o"; then ok; else bad "test: a step with two things"; cat "$d/o"; fi
# a failed expectation shows what the game has instead: the exact options expected
# beside those offered (only the offered ones were shown), and for a log line the
# nearest lines of the log (the author cannot see the log from a failing scenario)
cat > "$d/k.lua" <<'EOF2'
scenario "wrong options" { game = "tutorial", players = 2,
  setup = [[ card.new("spark2", zone.get("hand", 1), 1) ]],
  steps = { "1: Spark II", { decision = { seat = 1, options = { "gain 1 point", "lose 1 point" } } } } }
scenario "wrong check" { game = "tutorial", players = 2,
  expect = { checks = { [[ return true ]], [[ return seat.get(1, "points") == 9 ]] } } }
scenario "wrong log" { game = "tutorial", players = 2,
  setup = [[ card.new("spark1", zone.get("hand", 1), 1) ]],
  steps = { "1: Spark I" }, expect = { log = { "seat 1 points = 2" } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "decision options are 'gain 1 point', 'an opponent loses 1 point'; expected 'gain 1 point', 'lose 1 point'" "$d/o" \
   && grep -q "the log has no 'seat 1 points = 2'; nearest in the log: 'seat 1 points = 0', 'seat 1 points = 1'" "$d/o" \
   && grep -q "expect: checks\[2\] failed: seat.get(1, \"points\") == 9: expected 9, got 0$" "$d/o"; then ok
else bad "test: a failed expectation shows what the game has"; cat "$d/o"; fi
# a failed check says which part was false, what it expected and what it got, and what
# its calls read, a zone with its cards (it said only "check returned false"), under
# the FAIL line naming the file and the scenario's line; asserts too; in a check of
# several statements the final return or an assert reads the locals before it (it said
# "check returned false"), and the check's lines follow, blanks they share left out; a
# return inside an if cannot be taken apart and still says it returned false; an order
# comparison with the literal on the left reads turned round (`9 < n` said "expected < 5,
# got 9", as if 9 were the value read), `~=` says what it expected not to get, and a zone
# that holds nothing says so
cat > "$d/k.lua" <<'EOF2'
defaults { game = "notalone", players = 2, seed = 1, options = { board_side = 1 } }
scenario "and" { steps = { { check = [[ return game.turn() == 1 and seat.get(2, "will") == 2 ]] } } }
scenario "zone" { expect = { checks = { [[ return holds(hand(2), { "lair", "river" }) ]] } } }
scenario "count" { expect = { checks = { [[ return zone.count(shand(2)) == 0 ]] } } }
scenario "assert" { expect = { checks = { [[
  assert(game.turn() == 1)
  assert(#zone.search(hand(2), "swamp") == 1)
]] } } }
scenario "statements" { expect = { checks = { [[
  local n = zone.count(hand(2))
  return n == 4 ]] } } }
scenario "locals" { expect = { checks = { [[
  local h = hand(2)
  assert(zone.count(h) == 5)
  assert(#zone.search(h, "swamp") == 1, "no swamp")
]] } } }
scenario "nested" { expect = { checks = { [[
  local n = zone.count(hand(2))
  if n > 0 then return n == 4 end
  return true ]] } } }
scenario "other" { expect = { checks = { [[ return game.turn() ~= 1 ]] } } }
scenario "less" { expect = { checks = { [[ return zone.count(hand(2)) < 2 ]] } } }
scenario "literal left" { expect = { checks = { [[ return 9 < zone.count(hand(2)) ]] } } }
scenario "literal left or equal" { expect = { checks = { [[ return 2 >= zone.count(hand(2)) ]] } } }
scenario "empty" { expect = { checks = { [[ return zone.count(zone.get("discard", 2)) == 1 ]] } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^FAIL .*k.lua:2: and$" "$d/o" \
   && grep -q "^     step 1: check failed: seat.get(2, \"will\") == 2: expected 2, got 3$" "$d/o" \
   && grep -q "^FAIL .*k.lua:3: zone$" "$d/o" \
   && grep -q "^     expect: checks\[1\] failed: holds(hand(2), { \"lair\", \"river\" }) is false$" "$d/o" \
   && grep -q "^       where hand(2) is hand of seat 2, holding Lair, Jungle, River, Beach, Rover$" "$d/o" \
   && grep -q "^     expect: checks\[1\] failed: zone.count(shand(2)) == 0: expected 0, got 1$" "$d/o" \
   && grep -q "^       where shand(2) is Survival cards of seat 2, holding Dodge$" "$d/o" \
   && grep -q "^     expect: checks\[1\] failed: $d/k.lua:7: assertion failed: #zone.search(hand(2), \"swamp\") == 1: expected 1, got 0$" "$d/o" \
   && grep -q "^       where zone.search(hand(2), \"swamp\") is {}$" "$d/o" \
   && grep -q "^     expect: checks\[1\] failed: n == 4: expected 4, got 5$" "$d/o" \
   && grep -A2 "failed: n == 4" "$d/o" | tail -n 2 | tr '\n' '/' | grep -qx "       local n = zone.count(hand(2))/       return n == 4/" \
   && grep -q "^     expect: checks\[1\] failed: $d/k.lua:15: no swamp: #zone.search(h, \"swamp\") == 1: expected 1, got 0$" "$d/o" \
   && grep -q "^       where zone.search(h, \"swamp\") is {}$" "$d/o" \
   && [ "$(grep -c "^     expect: checks\[1\] failed: check returned false$" "$d/o")" = 1 ] \
   && grep -q "^       if n > 0 then return n == 4 end$" "$d/o" \
   && grep -q "^     expect: checks\[1\] failed: game.turn() ~= 1: expected a value other than 1, got 1$" "$d/o" \
   && grep -q "^     expect: checks\[1\] failed: zone.count(hand(2)) < 2: expected < 2, got 5$" "$d/o" \
   && grep -q "^     expect: checks\[1\] failed: 9 < zone.count(hand(2)): expected > 9, got 5$" "$d/o" \
   && grep -q "^     expect: checks\[1\] failed: 2 >= zone.count(hand(2)): expected <= 2, got 5$" "$d/o" \
   && grep -q "^       where zone.get(\"discard\", 2) is discard of seat 2, empty$" "$d/o"
then ok; else bad "test: a failed check shows what it expected and what it read"; cat "$d/o"; fi
# expect.over takes the winning seat's number as well as a role (a game whose seats have
# no roles); a wrong winner says who won
cat > "$d/o.lua" <<'EOF2'
scenario "seat 1 wins" { game = "tutorial", players = 2, setup = [[ game.win(1, "set up") ]], expect = { over = 1 } }
scenario "not seat 2" { game = "tutorial", players = 2, setup = [[ game.win(1, "set up") ]], expect = { over = 2 } }
scenario "a role" { game = "tutorial", players = 2, setup = [[ game.win(1, "set up") ]], expect = { over = "hero" } }
scenario "no seat 9" { game = "tutorial", players = 2, expect = { over = 9 } }
EOF2
"$t" test "$d/o.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "1 passed, 3 failed" ] \
   && grep -q "^     expect: seat 1 wins, expected seat 2 to win$" "$d/o" \
   && grep -q "^     expect: seat 1 wins, expected the role hero to win$" "$d/o" \
   && grep -q "'over' is the winner's role, the winning seat's number (1 to 2), true for a game over whatever its result (a draw too), or false for a game that goes on" "$d/o"
then ok; else bad "test: expect.over a seat"; cat "$d/o"; fi
# expect.over names a role that won through one of its seats (game.win(1) where seat 1
# plays "hero"), as sim counts it: it said "seat 1 wins, expected the role hero to win"
cat > "$d/or.lua" <<'EOF2'
defaults { game = "tests/packs/frame", players = 2 }
scenario "the seat's role" { setup = [[ seat.set_role(1, "hero") seat.set_role(2, "foe") game.win(1, "set up") ]], expect = { over = "hero" } }
scenario "not the other role" { setup = [[ seat.set_role(1, "hero") seat.set_role(2, "foe") game.win(1, "set up") ]], expect = { over = "foe" } }
EOF2
"$t" test "$d/or.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "1 passed, 1 failed" ] \
   && grep -q "^     expect: seat 1 wins, expected the role foe to win$" "$d/o"
then ok; else bad "test: expect.over a role that won through a seat"; cat "$d/o"; fi
# expect.logs: what one seat reads (a line for seat 1 alone never reaches seat 2), in
# order with ordered = true, and what its log must not hold
cat > "$d/lg.lua" <<'EOF2'
defaults { game = "tutorial", players = 2 }
local LINES = [[ game.log("first") game.log("the plan is Lair", 1) game.log("second") ]]
scenario "kept secret" { setup = LINES, expect = { logs = {
  { seat = 1, includes = { "first", "the plan is Lair", "second" }, ordered = true },
  { seat = 2, includes = { "first", "second" }, ordered = true, excludes = { "the plan" } },
  { includes = { "second", "first" } } } } }
scenario "leaked" { setup = LINES, expect = { logs = { { seat = 1, excludes = { "the plan" } } } } }
scenario "out of order" { setup = LINES, expect = { logs = { { seat = 2, includes = { "second", "first" }, ordered = true } } } }
scenario "missing" { setup = LINES, expect = { logs = { { seat = 2, includes = { "the plan" } } } } }
scenario "bad key" { setup = LINES, expect = { logs = { { seat = 2, include = { "first" } } } } }
EOF2
"$t" test "$d/lg.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "1 passed, 4 failed" ] \
   && grep -q "^     expect: logs\\[1\\]: seat 1's log has 'the plan', which it must not: 'the plan is Lair'$" "$d/o" \
   && grep -q "^     expect: logs\\[1\\]: seat 2's log has 'first' only before 'second' (ordered = true)$" "$d/o" \
   && grep -q "^     expect: logs\\[1\\]: seat 2's log has no 'the plan'" "$d/o" \
   && grep -q "^     expect: unknown key 'include' in logs\\[1\\] (keys: seat, includes, excludes, ordered)$" "$d/o"
then ok; else bad "test: expect.logs, a seat's log"; cat "$d/o"; fi
# a draw (game.draw) is over = true, and no seat's or role's win; over = true fails on a
# game that goes on
cat > "$d/dr.lua" <<'EOF2'
defaults { game = "tests/packs/frame", players = 2 }
scenario "drawn" { steps = { { lua = [[ game.draw("tied") ]] } }, expect = { over = true, log = { "game over: a draw — tied" } } }
scenario "not a win" { setup = [[ seat.set_role(1, "hero") ]], steps = { { lua = [[ game.draw() ]] } }, expect = { over = "hero" } }
scenario "goes on" { expect = { over = true } }
EOF2
"$t" test "$d/dr.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "1 passed, 2 failed" ] \
   && grep -q "^     expect: a draw, expected the role hero to win$" "$d/o" \
   && grep -q "^     expect: the game goes on, expected it to be over$" "$d/o"
then ok; else bad "test: expect.over with a draw"; cat "$d/o"; fi
# sim counts a draw under "none", read as games without a winner (not "wins"), and a
# shared win (game.win({ 1, 2 })) as a win of each seat
mkdir -p "$d/dr" && printf '{"id":"dr","name":"Draws","version":"1.0.0","api":1,"players":{"min":2,"max":2},"rules":"rules.lua","cards":[]}\n' > "$d/dr/pack.json"
printf 'return { turn = { "main" }, steps = { main = { enter = function()\n  local r = decide.choose(1, { "win", "draw", "share" })\n  if r == "win" then game.win(2, "won") elseif r == "share" then game.win({ 1, 2 }, "shared") else game.draw("tied") end\nend } } }\n' > "$d/dr/rules.lua"
"$t" sim "$d/dr" -n 300 --seed 3 --json "$d/dr.json" > "$d/o" 2>&1; rc=$?
none=$(sed -n 's/^ *\([0-9]*\)  none: tied$/\1/p' "$d/o"); shared=$(sed -n 's/^ *\([0-9]*\)  seats 1, 2: shared$/\1/p' "$d/o")
won=$(sed -n 's/^ *\([0-9]*\)  seat 2: won$/\1/p' "$d/o")
if [ $rc = 0 ] && [ -n "$none" ] && [ -n "$shared" ] && [ -n "$won" ] && [ $((none + shared + won)) = 300 ] \
   && grep -qE "^  none +$none games without a winner \\(0\\.[0-9]+; 95% interval" "$d/o" \
   && grep -qE "^  seat 1 +$shared wins" "$d/o" && grep -qE "^  seat 2 +$((shared + won)) wins" "$d/o" \
   && grep -q "\"seat 1\": $shared," "$d/dr.json"; then ok; else bad "sim: draws and shared wins"; cat "$d/o"; fi
# a designer's run that changes a question the waiting action already answered: the
# answer no longer fits, the message says why, and the game is kept as it was
mkdir -p "$d/two" && printf '{"id":"two","name":"Two questions","version":"1.0.0","api":1,"players":{"min":1,"max":1},"rules":"rules.lua","cards":[]}\n' > "$d/two/pack.json"
printf 'return { turn = { "main" }, setup = function() game.set("n", 3) end,\n  steps = { main = { enter = function()\n    local opts = {}\n    for i = 1, game.get("n") do opts[i] = "o" .. i end\n    local a = decide.choose(1, opts, { prompt = "first" })\n    local b = decide.choose(1, { "x", "y" }, { prompt = "second" })\n    game.log("picked " .. a .. " " .. b) game.win(1, "done")\n  end } } }\n' > "$d/two/rules.lua"
printf 'o3\nrun game.set("n", 2)\nx\n' > "$d/two/s.txt"
HOME="$d/home" XDG_STATE_HOME="$d/st2" "$t" play "$d/two" --designer --seat 1 --script "$d/two/s.txt" > "$d/o" 2>&1
if grep -q '^run: .*decide: the answer given to this question before (option 3) does not fit it any more: it has 2 options now (the game changed under an answer already given: a pack edited since the game was saved, or a designer.s change made while this action waits) (nothing changed)$' "$d/o" \
   && grep -q 'picked o3 x' "$d/o"; then ok; else bad "play: a run under an answer already given"; cat "$d/o"; fi
# the checks that say what must not be fail when it is: a decision offering an option its
# step excludes, a game over that expect.over = false wants going on (who won said)
cat > "$d/o.lua" <<'EOF2'
scenario "excluded" { game = "tutorial", players = 2,
  steps = { { decision = { seat = 1, excludes = { "spark v", "spark ii" } } } } }
scenario "not excluded" { game = "tutorial", players = 2,
  steps = { { decision = { seat = 1, includes = { "spark i" }, excludes = { "spark v" } } } } }
scenario "goes on" { game = "tutorial", players = 2, setup = [[ game.win(1, "set up") ]], expect = { over = false } }
scenario "does go on" { game = "tutorial", players = 2, expect = { over = false } }
EOF2
"$t" test "$d/o.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "2 passed, 2 failed" ] \
   && grep -q "^FAIL .*o.lua:1: excluded$" "$d/o" && grep -q "^     step 1: decision should not offer 'spark ii'$" "$d/o" \
   && grep -q "^     expect: the game is over (seat 1 wins), expected it to go on$" "$d/o"
then ok; else bad "test: excludes and expect.over = false fail when the game says otherwise"; cat "$d/o"; fi
# one run plays any number of games: the 17th game failed "too many different games in one
# run", and so did the 17th scenario of one game whose path is 128 characters or more (its
# name, cut short, matched no later scenario: each opened the game afresh); a game closed
# for a newer one opens again
long="$d/$(printf 'x%.0s' $(seq 130))"
mkdir -p "$long"
i=1; : > "$d/many.lua"
while [ $i -le 17 ]; do
  cp -R tests/packs/labels "$long/l$i"
  printf 'scenario "g%d" { game = "%s/l%d", players = 1, steps = { "1: north" } }\n' $i "$long" $i >> "$d/many.lua"
  printf 'scenario "same %d" { game = "%s/l1", players = 1 }\n' $i "$long" >> "$d/many.lua"
  i=$((i + 1))
done
printf 'scenario "g2 again" { game = "%s/l2", players = 1, steps = { "1: north" } }\n' "$long" >> "$d/many.lua"
"$t" test "$d/many.lua" > "$d/o"; rc=$?
if [ $rc = 0 ] && [ "$(cat "$d/o")" = "35 passed, 0 failed" ]; then ok; else bad "test: 17 games in one run, of long paths"; cat "$d/o"; fi
# a seat put out of the game (seat.eliminate) is marked so in the table at the prompt
printf 'run seat.eliminate(2, "no lands left")\nstate\n' > "$d/el.txt"
HOME="$d/home" XDG_STATE_HOME="$d/st3" "$t" play tests/packs/frame --designer --players 3 --seat 1 --script "$d/el.txt" > "$d/o" 2>&1
if grep -q '^\* seat 2 is out of the game: no lands left$' "$d/o" && grep -q '^seat 2 .*out of the game  (bot)$' "$d/o" \
   && ! grep -q '^seat [13] .*out of the game' "$d/o"; then ok; else bad "play: an eliminated seat at the prompt"; cat "$d/o"; fi
# whose turn it is, where the rules hand the turn on themselves (game.set_active, no
# rotate_active): seat 1's own turns said nothing, as if turns did not go round
mkdir -p "$d/hand" && printf '{"id":"hand","name":"Hand on","version":"1.0.0","api":1,"players":{"min":2,"max":2},"rules":"rules.lua","cards":[]}\n' > "$d/hand/pack.json"
printf 'return { turn = { "main" }, steps = { main = { enter = function()\n  local a = game.active()\n  decide.choose(a, { "go", "stay" }, { prompt = "on" })\n  game.set_active(a %% 2 + 1)\n  if game.turn() >= 5 then game.win(1, "done") end\nend } } }\n' > "$d/hand/rules.lua"
printf 'go\nstate\n' > "$d/hand/s.txt"
HOME="$d/home" XDG_STATE_HOME="$d/st4" "$t" play "$d/hand" --seat 1 --seed 1 --script "$d/hand/s.txt" > "$d/o" 2>&1
if grep -q '^game .*(you answer now; it is your turn)$' "$d/o" && grep -q '^-- turn 3 ' "$d/o"; then ok
else bad "play: whose turn it is where the rules hand the turn on"; cat "$d/o"; fi
# a show.props entry whose names is a list written in place: the error says it names a
# list declared under show/names (it said "'names' must be a string")
mkdir -p "$d/sn" && cp -R tests/packs/frame/. "$d/sn/"
sed 's/"scripts": "cards"/"scripts": "cards", "show": {"props": {"trail": {"names": ["a", "b"]}}}/' tests/packs/frame/pack.json > "$d/sn/pack.json"
"$t" lint "$d/sn" > "$d/o" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q "'trail': 'names' is the name of a list declared under show/names (.*), not the list itself" "$d/o"; then ok
else bad "lint: show.props names given as a list"; cat "$d/o"; fi
# a `log` step reads the log one seat reads (docs/testing.md): seat 1 was told the two
# cards it dug up, seat 2 only that two were shown; a miss and a text that should not be
# there name the seat (the step was an unknown key: a seat's log could not be checked)
cat > "$d/sl.lua" <<'EOF'
defaults { game = "tests/packs/scavenge", players = 2 }
local SETUP = [[
  local function stack(s, ids)
    local d = zone.get("deck", s)
    for _, c in ipairs(zone.cards(d)) do card.destroy(c) end
    for _, id in ipairs(ids) do card.new(id, d, s) end
  end
  stack(1, { "scavenger", "refugee", "refugee", "refugee", "refugee" })
  stack(2, { "refugee", "refugee", "refugee", "refugee", "refugee" })
  local j = zone.get("junkyard")
  card.move(card.new("pills", j), j, { pos = "top" })
  card.move(card.new("spear", j), j, { pos = "top" })
]]
scenario "told" { setup = SETUP, steps = { "1: dig with Scavenger",
  { log = { seat = 1, includes = { "Spear, Pills (Junkyard) shown to seat 1" } } },
  { log = { seat = 2, includes = { "2 cards (Junkyard) shown to seat 1" }, excludes = { "Pills" } } },
  { log = { includes = { "2 cards (Junkyard) shown to seat 1" } } } } }
scenario "not told" { setup = SETUP, steps = { "1: dig with Scavenger",
  { log = { seat = 2, includes = { "Spear, Pills" } } } } }
scenario "told too much" { setup = SETUP, steps = { "1: dig with Scavenger",
  { log = { seat = 1, excludes = { "Pills" } } } } }
EOF
"$t" test "$d/sl.lua" > "$d/o" 2>&1; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "1 passed, 2 failed" ] && ! grep -q ": told$" "$d/o" \
   && grep -q "step 2: log: seat 2's log has no 'Spear, Pills'" "$d/o" \
   && grep -q "step 2: log: seat 1's log has 'Pills', which it must not: 'Spear, Pills (Junkyard) shown to seat 1'" "$d/o"
then ok; else bad "test: a log step reads one seat's log"; cat "$d/o"; fi
# a folder with no scenario file, or a misspelt flag, is an error, not "0 passed, 0 failed"
mkdir -p "$d/none" && echo "notes" > "$d/none/README.md"
"$t" test "$d/none" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "none: no scenario file" "$d/o" && [ "$(tail -n 1 "$d/o")" = "0 passed, 1 failed" ]; then ok; else bad "test: a folder without scenarios"; cat "$d/o"; fi
"$t" test --verbsoe "$d/f.lua" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "unknown argument '--verbsoe'" "$d/e" && [ ! -s "$d/o" ]; then ok; else bad "test: an unknown flag"; fi
# an answer past the limits fails with the reason (it was cut: 300 picks were taken as
# 64, a 250-character label as its first 199 characters)
printf 'scenario "long" { game = "tests/packs/labels", players = 1, steps = { "1: north, %s" } }\n' \
  "$(printf 'x%.0s' $(seq 250))" > "$d/k.lua"
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "answer has a label of 200 characters or more" "$d/o"; then ok; else bad "test: an answer too long"; cat "$d/o"; fi
printf 'scenario "many" { game = "tests/packs/labels", players = 1, steps = { "1: %s1" } }\n' \
  "$(printf '1,%.0s' $(seq 300))" > "$d/k.lua"
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "answer names more than 256 options" "$d/o"; then ok; else bad "test: an answer of too many picks"; cat "$d/o"; fi
# ... and the same picks as a list (the list's own check never ran)
printf 'scenario "many" { game = "tests/packs/labels", players = 1, steps = { { seat = 1, answer = { %s"north" } } } }\n' \
  "$(printf '"north", %.0s' $(seq 300))" > "$d/k.lua"
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "step 1: answer names more than 256 options" "$d/o"; then ok; else bad "test: an answer of too many picks in a list"; cat "$d/o"; fi
# an option id or a seat of a role past '#' must be a number (atoi took '#1x' as #1 and
# 'walker#x' as no seat at all, without a word)
printf 'scenario "id" { game = "tests/packs/labels", players = 1, steps = { { seat = "walker#1", answer = "#1 " } } }\n' > "$d/k.lua"
printf 'scenario "bad id" { game = "tests/packs/labels", players = 1, steps = { { seat = 1, answer = "#1x" } } }\n' >> "$d/k.lua"
printf 'scenario "bad role" { game = "tests/packs/labels", players = 1, steps = { { seat = "walker#1x", answer = "#1" } } }\n' >> "$d/k.lua"
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "'#1x': an option id after '#' is a whole number" "$d/o" \
   && grep -q "seat 'walker#1x': after '#' comes which seat of that role, 1 to 16" "$d/o" \
   && [ "$(tail -n 1 "$d/o")" = "1 passed, 2 failed" ]; then ok; else bad "test: '#' ids and seats"; cat "$d/o"; fi
# a scenario file that loops (pcall could swallow the budget), asks for too much memory
# or calls a library loop without end fails at its line, soon (tests/unit/test_scenario.c
# has more)
printf 'local function f() while true do end end\nwhile true do pcall(f) end\n' > "$d/k.lua"
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "k.lua:2: the file does not load: scenario file runs too long (a loop?)" "$d/o"; then ok
else bad "test: a scenario file whose loop pcall catches"; cat "$d/o"; fi
# a scenario file with a syntax error fails at its line, as a failed scenario does
printf 'scenario "x" {\n  game = "notalone" +\n}\n' > "$d/k.lua"
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(head -n 1 "$d/o")" = "FAIL $d/k.lua:3: the file does not load: unexpected symbol near '}'" ]; then ok
else bad "test: a scenario file with a syntax error"; cat "$d/o"; fi
# printing is work too: a loop printing a long string wrote on and on (a terabyte
# asked for here), and stops now within the file's budget
printf 'local s = string.rep("x", 1000000)\nfor i = 1, 1000000 do print(s) end\n' > "$d/k.lua"
"$t" test "$d/k.lua" | grep -a "k.lua:2: the file does not load: scenario file runs too long" > "$d/o"; rc=$?
if [ $rc = 0 ]; then ok; else bad "test: a scenario file that prints on and on"; cat "$d/o"; fi
# a value of the wrong type fails the scenario and names the key (it was ignored:
# `checks = "return false"` checked nothing and passed, `players = 2.5` played the
# pack's minimum); a number past 32 bits is refused, not cut (seat 4294967298 was
# seat 2, answer 4294967297 option 1); a decision's includes of a non-text value
# printed a null string; a shorthand step is read whole (cut at 600 bytes, it lost its
# last picks)
cat > "$d/k.lua" <<'EOF2'
scenario "checks text" { game = "artemia-lite", players = 2, expect = { checks = "return false" } }
scenario "check false" { game = "artemia-lite", players = 2, steps = { { check = false } } }
scenario "players" { game = "artemia-lite", players = 2.5 }
scenario "steps text" { game = "artemia-lite", players = 2, steps = "2: beach" }
scenario "setup list" { game = "artemia-lite", players = 2, setup = { "game.set('rescue', 9)" } }
scenario "errors text" { game = "artemia-lite", players = 2, expect = { errors = "0" } }
scenario "big players" { game = "artemia-lite", players = 4294967298 }
scenario "big seat" { game = "artemia-lite", players = 2, steps = { { seat = 4294967298, answer = "beach" } } }
scenario "big id" { game = "artemia-lite", players = 2, steps = { { answer = 4294967297 } } }
scenario "includes" { game = "artemia-lite", players = 2, steps = { { decision = { includes = { true } } } } }
scenario "whole" { game = "artemia-lite", players = 4 / 2, steps = { "2: beach" } }
scenario "long" { game = "tests/packs/labels", players = 1, steps = { "1: " .. string.rep(", ", 300) .. "north" } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "expect: 'checks' must be a list { ... }, not text" "$d/o" \
   && grep -q "step 1: 'check' must be text, not false" "$d/o" \
   && grep -q "'players' must be a whole number from 1 to 16, not 2.5" "$d/o" \
   && grep -q "'steps' must be a list { ... }, not text" "$d/o" && grep -q "'setup' must be text, not a list" "$d/o" \
   && grep -q "expect: 'errors' must be a whole number from 0 up, not text" "$d/o" \
   && grep -q "'players' must be a whole number from 1 to 16, not 4294967298" "$d/o" \
   && grep -q "step 1: seat 4294967298 is not in 1..2" "$d/o" && grep -q "step 1: no option with id 4294967297" "$d/o" \
   && grep -q "step 1: includes\[1\] must be text, not true" "$d/o" \
   && [ "$(tail -n 1 "$d/o")" = "2 passed, 10 failed" ]; then ok; else bad "test: values of the wrong type"; cat "$d/o"; fi
# a value a scenario cannot hold fails that scenario, at its line, naming the key; the
# file's other scenarios run (it refused the whole file: "0 passed, 1 failed" of three)
cat > "$d/k.lua" <<'EOF2'
defaults { game = "tutorial", players = 2 }
scenario "before" { }
scenario "a function" { steps = { { check = "return true" }, { answer = function() end } } }
scenario "after" { }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^FAIL $d/k.lua:3: a function$" "$d/o" \
   && grep -q "^     steps\[2\].answer: a function cannot go into a scenario" "$d/o" \
   && [ "$(tail -n 1 "$d/o")" = "2 passed, 1 failed" ]; then ok; else bad "test: a value a scenario cannot hold"; cat "$d/o"; fi
# a bot step's `as` naming a seat the game does not have, or a role no seat plays, fails
# the step as --bots does (the random bot answered every question without a word)
cat > "$d/k.lua" <<'EOF2'
defaults { game = "notalone", players = 2, options = { board_side = 1 } }
scenario "a role misspelt" { steps = { { bot = 3, as = "huntd=basic" } } }
scenario "no seat 3" { steps = { { bot = 3, as = "3=basic" } } }
scenario "a role" { steps = { { bot = 3, as = "hunted=basic" } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^     step 1: --bots: no seat plays the role 'huntd'.*(the roles: creature, hunted)$" "$d/o" \
   && grep -q "^     step 1: --bots names seat 3; the game has 2 seats$" "$d/o" \
   && [ "$(tail -n 1 "$d/o")" = "1 passed, 2 failed" ]; then ok; else bad "test: a bot step's seat or role not in the game"; cat "$d/o"; fi
# the shorthand "seat: answer" takes blanks around the seat as around the answer ("1 :
# Spark I" read as the role ' 1 '); one with nothing before ':' says so (it was seat 0)
cat > "$d/k.lua" <<'EOF2'
defaults { game = "tutorial", players = 2 }
scenario "blanks" { steps = { " 1 : Spark I" } }
scenario "no seat" { steps = { ": Spark I" } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^     step 1: \": Spark I\" names no seat before ':' (\"seat: answer\")$" "$d/o" \
   && [ "$(tail -n 1 "$d/o")" = "1 passed, 1 failed" ]; then ok; else bad "test: blanks around a shorthand step's seat"; cat "$d/o"; fi
# ... and so do the scenario's game and options and the items of expect.log, in the
# scenario's words ("the scenario needs game", options "like {\"expert\": true}" in JSON,
# "a log expectation is text, not another type")
cat > "$d/k.lua" <<'EOF2'
defaults { players = 2 }
scenario "game" { game = 3 }
scenario "options" { game = "tutorial", options = "x" }
scenario "options list" { game = "tutorial", options = { 1 } }
scenario "log" { game = "tutorial", expect = { log = { "seat 1", 3 } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^     'game' must be text, not 3$" "$d/o" \
   && grep -q "^     'options' must be a table { key = ... }, not text$" "$d/o" \
   && grep -q "^     'options' must be a table { key = ... }, not a list$" "$d/o" \
   && grep -q "^     expect: log\[2\] must be text, not 3$" "$d/o" \
   && [ "$(tail -n 1 "$d/o")" = "0 passed, 4 failed" ]; then ok; else bad "test: game, options and log of the wrong type"; cat "$d/o"; fi
# an answer that is no option lists the options with their ids ("no option with id 999"
# said no more)
cat > "$d/k.lua" <<'EOF2'
scenario "hash" { game = "notalone", players = 2, seed = 1, steps = { { answer = "#999" } } }
scenario "int" { game = "notalone", players = 2, seed = 1, steps = { { answer = 999 } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
sides="#1 'side 1: Artemia symbols 1 to 6 spaces from the star', #2 'side 2: Artemia symbols 1, 3, 5, 7, 9 and 11 spaces from the star'"
if [ $rc = 1 ] && grep -qF "step 1: no option with id 999 (options: $sides)" "$d/o" \
   && grep -qF "step 1: answer not accepted: 999 is not one of the options (options: $sides)" "$d/o"
then ok; else bad "test: an answer that is no option lists the options"; cat "$d/o"; fi
# a step for a seat that is not deciding says the same in a decision check and in an
# answer: who decides, what it is asked, its options (the check said only the seats)
cat > "$d/k.lua" <<'EOF2'
scenario "check" { game = "notalone", players = 2, seed = 1, steps = { { decision = { seat = 2 } } } }
scenario "answer" { game = "notalone", players = 2, seed = 1, steps = { "2: side 1" } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
ask="choose the board side: in a turn that starts with the Rescue counter on an Artemia symbol the Creature has the Artemia token; the sides differ only in where those symbols are"
if [ $rc = 1 ] && [ "$(grep -cF "step 1: seat 1 must decide now, not seat 2 (\"$ask\": 'side 1: Artemia symbols 1 to 6 spaces from the star', 'side 2: Artemia symbols 1, 3, 5, 7, 9 and 11 spaces from the star')" "$d/o")" = 2 ]
then ok; else bad "test: a step for the wrong seat"; cat "$d/o"; fi
# ... and when the seat named was just asked a pass-only question, answered on the way,
# the step says so (a decision check for seat 2's "pass" read as "seat 1 must decide now"
# with no hint why seat 2 was never asked); a seat that was not asked gets no such note
cat > "$d/k.lua" <<'EOF2'
defaults { game = "notalone", players = 2, options = { board_side = 1 } }
scenario "pass only" {
  setup = [[ setup_quiet({ "persecution" }) ]],
  steps = { "2: Jungle", "creature: pass", { decision = { seat = 2, options = { "pass" } } } } }
scenario "not asked" { options = { board_side = "creature" }, steps = { { decision = { seat = 2 } } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -qF "step 3: seat 1 must decide now, not seat 2 (\"place the Creature token\": 'Lair', 'Jungle', 'River', 'Beach', 'Rover', 'Swamp', 'Shelter', 'Wreck', 'Source', 'Artefact'); seat 2 was just asked a question whose only option is pass, answered on the way (a formality: steps do not stop there)" "$d/o" \
   && [ "$(grep -c "answered on the way" "$d/o")" = 1 ] && grep -q "step 1: seat 1 must decide now, not seat 2" "$d/o"
then ok; else bad "test: a step for a seat whose pass-only question was answered on the way"; cat "$d/o"; fi
# never_asks = S: a step that moves the game (bot, answer, lua) fails when seat S is
# asked anything meanwhile, naming the question, its options and when; the question an
# answer or a lua step stops at counts, a bot step's are the ones the bots answer; a
# step that moves nothing, or a seat the game has not, is refused
cp tests/scenarios/scavenge/scavenge.helpers.lua "$d/"
cat > "$d/k.lua" <<'EOF2'
defaults { game = "tests/packs/scavenge", players = 2, helpers_file = "scavenge.helpers.lua" }
local HANDS = [[
  stack(1, { "brawler", "brawler", "refugee", "refugee", "sniper" })
  stack(2, { "brawler", "refugee", "refugee", "refugee", "refugee" })
  prize({ "survivors", "elders", "medkit" })
]]
scenario "answer" { setup = HANDS, steps = { "1: Brawler", { seat = 2, answer = "Brawler", never_asks = 1 } } }
scenario "bot" { setup = HANDS, steps = { "1: Brawler", { bot = 3, never_asks = 1 } } }
scenario "lua" { setup = HANDS, steps = { { lua = "game.log('x')", never_asks = "seat" } } }
scenario "lua asks" { setup = HANDS, steps = { { lua = "game.log('x')", never_asks = 1 } } }
scenario "check" { setup = HANDS, steps = { { check = "return true", never_asks = 1 } } }
scenario "range" { setup = HANDS, steps = { { bot = 1, never_asks = 3 } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -qF "step 2: never_asks: seat 1 was asked \"after the reveal: play a Sniper or a Medic, or pass\" ('pass', 'play Sniper') after the answer" "$d/o" \
   && grep -qF "step 2: never_asks: seat 1 was asked \"commit cards to the skirmish (face down; none is fine)\" (" "$d/o" \
   && grep -q "step 2: never_asks: seat 1 was asked .* at the bots' question 3 of 3$" "$d/o" \
   && grep -qF "step 1: never_asks: no seat with role 'seat'" "$d/o" \
   && grep -q "step 1: never_asks: seat 1 was asked .* after the lua step$" "$d/o" \
   && grep -qF "step 1: 'never_asks' in a step goes with a step that moves the game: bot, answer or lua" "$d/o" \
   && grep -qF "step 1: never_asks: seat 3 is not in 1..2" "$d/o" && grep -q "^0 passed, 6 failed" "$d/o"
then ok; else bad "test: never_asks"; cat "$d/o"; fi
# a failed scenario shows where its game was: the log's last 8 lines (--verbose: all)
cat > "$d/k.lua" <<'EOF2'
scenario "wrong count" { game = "notalone", players = 2, seed = 1, options = { board_side = 1 },
  steps = { { check = [[ return game.get("rescue") == 99 ]] } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
"$t" test "$d/k.lua" --verbose > "$d/o2"
if [ $rc = 1 ] && grep -q "^     the log ends (--verbose shows all of it):$" "$d/o" \
   && [ "$(grep -c '^       | ' "$d/o")" = 8 ] && grep -q "^       | -- turn 1: exploration --$" "$d/o" \
   && grep -q "^     the log of the game:$" "$d/o2" && grep -q "^       | Hunt deck shuffled$" "$d/o2"
then ok; else bad "test: a failed scenario shows the end of its log"; cat "$d/o" "$d/o2"; fi
# ... a missed log expectation quotes the nearest lines instead, but --verbose still
# prints the whole log, as testing.md says (it printed nothing more)
cat > "$d/k.lua" <<'EOF2'
scenario "missed line" { game = "notalone", players = 2, seed = 1, options = { board_side = 1 },
  expect = { log = { "nothing of the kind" } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
"$t" test "$d/k.lua" --verbose > "$d/o2"
if [ $rc = 1 ] && grep -q "the log has no 'nothing of the kind'" "$d/o" && ! grep -q "^       | " "$d/o" \
   && grep -q "^     the log of the game:$" "$d/o2" && grep -q "^       | Hunt deck shuffled$" "$d/o2"
then ok; else bad "test --verbose: a missed log expectation prints the whole log too"; cat "$d/o" "$d/o2"; fi
# --option help lists the options of the game and of its expansions, with defaults and
# values; an unknown option names the closest key first (an expansion's option, listed
# last, was cut off the list) and points at --option help
"$t" sim tests/packs/windows --pack tests/packs/windows-expansion --option help > "$d/o"; rc=$?
"$t" sim notalone -n 1 --option expertt=1 2> "$d/o2"; rc2=$?
"$t" sim tests/packs/windows --pack tests/packs/windows-expansion -n 1 --option burn_damag=1 2> "$d/o3"
if [ $rc = 0 ] && grep -q "^Options of test-windows (--option key=value):$" "$d/o" \
   && grep -q "^  style=immediate   (one of immediate, stack, chain, asked)$" "$d/o" \
   && grep -q "^Options of test-windows-expansion (--option key=value):$" "$d/o" && grep -q "^  burn_damage=99$" "$d/o" \
   && [ $rc2 = 2 ] && grep -q "unknown option 'expertt'; did you mean 'expert'? (options: board_side, .* and [0-9]* more)$" "$d/o2" \
   && grep -q "^(\`tabula sim notalone --option help\` lists the options)$" "$d/o2" \
   && grep -q "unknown option 'burn_damag'; did you mean 'burn_damage'?" "$d/o3"
then ok; else bad "sim --option help, and an unknown option's nearest key"; cat "$d/o" "$d/o2" "$d/o3"; fi
# a value an option does not take names the values it does take, in the command line's
# words (it read "option 'expert' has the wrong type (its default is true/false)")
XDG_STATE_HOME="$d/st" "$t" play notalone --option expert=TRUE < /dev/null > /dev/null 2> "$d/o"; rc=$?
"$t" sim notalone -n 1 --option resist_style=3 > /dev/null 2> "$d/o2"; rc2=$?
"$t" sim tests/packs/windows --pack tests/packs/windows-expansion -n 1 --option burn_damage=lots > /dev/null 2> "$d/o3"; rc3=$?
if [ $rc = 2 ] && grep -q "^tabula play: --option expert=TRUE: expert takes true or false (\`tabula play notalone --option help\` lists the options)$" "$d/o" \
   && [ $rc2 = 2 ] && grep -q "^tabula sim: --option resist_style=3: resist_style takes bga or rules (" "$d/o2" \
   && [ $rc3 = 2 ] && grep -q "^tabula sim: --option burn_damage=lots: burn_damage takes a whole number (" "$d/o3"
then ok; else bad "an option's value of the wrong kind names what it takes"; cat "$d/o" "$d/o2" "$d/o3"; fi
# a step that fails after a script error names the error (a misspelt zone in an effect
# read only "check returned false"); a traceback stays indented under its FAIL line, and
# a chunk's error says "chunk 1:1:" once (it said "chunk 1: chunk 1:1:")
cat > "$d/k.lua" <<'EOF2'
scenario "a card error, then a check" {
  game = "tests/packs/windows", players = 2, options = { style = "immediate" },
  setup = [[ card.new("a", zone.get("hand", 1), 1) card.new("b", zone.get("hand", 2), 2)
             card.call(card.new("loop", zone.get("field", 1), 1), "arm") ]],
  steps = { { lua = [[ event.emit("ping") ]] }, { check = [[ return false ]] } },
}
scenario "a chunk error" { game = "notalone", players = 2, seed = 1, options = { board_side = 1 },
  steps = { { lua = [[ local x = nil; return x.y ]] } } }
scenario "a chunk error in a function it calls" { game = "notalone", players = 2, seed = 1, options = { board_side = 1 },
  steps = { { lua = [[ local function f(t) return t.y end
                       local v = f(nil) return v ]] } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^     (the game had 1 script error by then; the last: loop guard: triggered effects kept triggering each other" "$d/o" \
   && grep -q "^     step 1: lua step raised: $d/k.lua:8: attempt to index a nil value (local 'x')$" "$d/o" \
   && grep -q "^     stack traceback:$" "$d/o" && ! grep -q "^stack traceback" "$d/o"
then ok; else bad "test: a failure names the script error before it, tracebacks indented"; cat "$d/o"; fi
# the Lua a scenario gives the game (setup, lua and check steps, expect's checks) names
# the file's line in its errors, not "chunk 1:2:" or "check:1:": a long bracket's
# first line after "[[" (which Lua drops), a string in quotes, a traceback's lines; code
# built at run time is not in the file and keeps its own name
cat > "$d/k.lua" <<'EOF2'
defaults { game = "notalone", players = 2, seed = 1, options = { board_side = 1 } }
scenario "setup" {
  setup = [[
    game.set("x", 1)
    game.set("y", nil + 1) ]],
}
scenario "lua" {
  steps = { { lua = [[
      local function f() return nil + 1 end
      f() ]] } },
}
scenario "check" { steps = { { check = "return nil .. 1" } } }
scenario "expect" { expect = { checks = { "return true", [=[
    return {} < {} ]=] } } }
local built = "return nil" .. " + 1"
scenario "built" { steps = { { check = built } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "(the setup, or the rules or a card after it): $d/k.lua:5: attempt to perform arithmetic" "$d/o" \
   && grep -q "^     step 1: lua step raised: $d/k.lua:9: attempt to perform arithmetic" "$d/o" \
   && grep -q "^     	$d/k.lua:9: in local 'f'$" "$d/o" && grep -q "^     	$d/k.lua:10: in main chunk$" "$d/o" \
   && grep -q "^     step 1: check failed: $d/k.lua:12: attempt to concatenate a nil value$" "$d/o" \
   && grep -q "^     expect: checks\[2\] failed: $d/k.lua:14: attempt to compare two table values$" "$d/o" \
   && grep -q "^     step 1: check failed: check:1: attempt to perform arithmetic" "$d/o" \
   && ! grep -v "^       | " "$d/o" | grep -q "chunk 1:"
then ok; else bad "test: a scenario's Lua errors name the file's line"; cat "$d/o"; fi
# helpers: Lua a file declares once (helpers = [[...]], helpers_file = "x.helpers.lua",
# in defaults or a scenario) runs in front of each chunk a scenario gives the game. An
# error in them names their own file and line, one in the chunk its own line (they were
# built as LIB .. [[...]]: "chunk 1:10:", "check:9:"); a failed check shows its own text,
# not the helpers; a folder run passes the helpers file by; a later defaults replaces them
mkdir -p "$d/hl/lib"
cat > "$d/hl/lib/shared.helpers.lua" <<'EOF2'
-- shared by the files of the folder
local function hand_at(s) return zone.get("hand", s) end
local function boom() return nil + 1 end
EOF2
cat > "$d/hl/h.lua" <<'EOF2'
defaults { game = "notalone", players = 2, seed = 1, options = { board_side = 1 },
  helpers_file = "lib/shared.helpers.lua", helpers = [[
  local function will(s) return seat.get(s, "will") end
  local function SECRET_HELPER_TEXT() end
]] }
scenario "both parts" { setup = [[ seat.set(2, "will", will(2) - 1) ]],
  steps = { { check = [[ return zone.count(hand_at(2)) == 5 ]] }, { lua = [[ game.set("w", will(2)) ]] } },
  expect = { checks = { [[ return game.get("w") == 2 ]] } } }
scenario "a check that fails" { steps = { { check = [[
    return will(2) == 3 and zone.count(hand_at(2)) == 99 ]] } } }
scenario "an error in the helpers file" { steps = { { check = [[ return boom() ]] } } }
scenario "an error in a lua step, through the helpers" { steps = { { lua = [[
  boom() ]] } } }
scenario "an error in the setup" { setup = [[
  local x = nil
  x.y = will(1) ]] }
scenario "its own helpers replace the defaults' (the file stays)" { helpers = [[ local function will() return 7 end ]],
  expect = { checks = { [[ return will() == 7 and hand_at ~= nil ]] } } }
scenario "none" { helpers = "", helpers_file = "", expect = { checks = { [[ return will == nil and hand_at == nil ]] } } }
local built = "return nil" .. " + 1"
scenario "code built at run time: its own line" { steps = { { check = built } } }
defaults { game = "notalone", players = 2, seed = 1, options = { board_side = 1 } }
scenario "a later defaults replaces them" { expect = { checks = { [[ return will(2) == 3 ]] } } }
scenario "an error in a scenario's own helpers" { helpers = [[
  local function glue(x)
    return {} .. x
  end ]], expect = { checks = { [[ return glue(1) ]] } } }
EOF2
"$t" test "$d/hl" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^3 passed, 7 failed$" "$d/o" && ! grep -q "shared.helpers.lua: no scenario" "$d/o" \
   && grep -q "^     step 1: check failed: zone.count(hand_at(2)) == 99: expected 99, got 5$" "$d/o" \
   && grep -q "^       return will(2) == 3 and zone.count(hand_at(2)) == 99$" "$d/o" \
   && ! grep -v "^       | " "$d/o" | grep -q "SECRET_HELPER_TEXT\|local function" \
   && grep -q "^     step 1: check failed: $d/hl/lib/shared.helpers.lua:3: attempt to perform arithmetic on a nil value$" "$d/o" \
   && grep -q "^     step 1: lua step raised: $d/hl/lib/shared.helpers.lua:3: attempt to perform arithmetic" "$d/o" \
   && grep -q "^     	$d/hl/lib/shared.helpers.lua:3: in local 'boom'$" "$d/o" && grep -q "^     	$d/hl/h.lua:13: in main chunk$" "$d/o" \
   && grep -q "(the setup, or the rules or a card after it): $d/hl/h.lua:16: attempt to index a nil value (local 'x')$" "$d/o" \
   && grep -q "^     step 1: check failed: check:1: attempt to perform arithmetic" "$d/o" \
   && grep -q "^     expect: checks\[1\] failed: $d/hl/h.lua:23: attempt to call a nil value (global 'will')$" "$d/o" \
   && grep -q "^     expect: checks\[1\] failed: $d/hl/h.lua:26: attempt to concatenate a table value$" "$d/o" \
   && ! grep -v "^       | " "$d/o" | grep -q "chunk 1:"
then ok; else bad "test: helpers in front of a scenario's chunks, their errors at their own lines"; cat "$d/o"; fi
# ... and what is wrong with them is said at the scenario, naming the key and the path
printf 'local function f(\n  x y\nend\n' > "$d/hl/lib/bad.helpers.lua"
cat > "$d/hb.lua" <<'EOF2'
defaults { game = "notalone", players = 2, options = { board_side = 1 } }
scenario "missing" { helpers_file = "hl/nope.helpers.lua" }
scenario "up" { helpers_file = "hl/../hl/lib/shared.helpers.lua" }
scenario "absolute" { helpers_file = "/tmp/x.helpers.lua" }
scenario "name" { helpers_file = "hl/h.lua" }
scenario "syntax in the file" { helpers_file = "hl/lib/bad.helpers.lua" }
scenario "syntax in the text" { helpers = [[
  local function f()
    return 1 +
  end ]] }
scenario "type" { helpers = 3 }
scenario "type of the file" { helpers_file = { "a" } }
scenario "fine" { helpers_file = "hl/lib/shared.helpers.lua", expect = { checks = { [[ return hand_at(1) ~= nil ]] } } }
EOF2
printf 'defaults { game = "notalone", helpers = true }\nscenario "x" { }\n' > "$d/hd.lua"
printf 'defaults { game = "notalone", helper = "" }\nscenario "x" { }\n' > "$d/hk.lua"
"$t" test "$d/hb.lua" "$d/hd.lua" "$d/hk.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^1 passed, 10 failed$" "$d/o" \
   && grep -q "^     helpers_file 'hl/nope.helpers.lua': $d/hl/nope.helpers.lua: cannot open: No such file or directory$" "$d/o" \
   && grep -q "^     helpers_file 'hl/../hl/lib/shared.helpers.lua': the file must be in the scenario file's folder or a folder below it (no '..')$" "$d/o" \
   && grep -q "^     helpers_file '/tmp/x.helpers.lua': a path from the scenario file's folder, not an absolute one$" "$d/o" \
   && grep -q "^     helpers_file 'hl/h.lua': a helpers file's name ends in .helpers.lua" "$d/o" \
   && grep -q "^     helpers_file: $d/hl/lib/bad.helpers.lua:2: ')' expected near 'y'$" "$d/o" \
   && grep -q "^     helpers: $d/hb.lua:10: unexpected symbol near 'end'$" "$d/o" \
   && grep -q "^     'helpers' must be text, not 3$" "$d/o" && grep -q "^     'helpers_file' must be text, not a list$" "$d/o" \
   && grep -q "^FAIL $d/hd.lua:1: the file does not load: defaults: 'helpers' must be text, not a boolean$" "$d/o" \
   && grep -q "^FAIL $d/hk.lua:1: the file does not load: defaults: unknown key 'helper' (keys: game, players, seed, options, helpers, helpers_file)$" "$d/o"
then ok; else bad "test: helpers that cannot be had"; cat "$d/o"; fi
# a decision check of what the question keeps back: unavailable (exactly these, in
# order) and why (the reason holds the text); a miss says what it keeps back and why
cat > "$d/k.lua" <<'EOF2'
defaults { game = "tests/packs/derelict", players = 2, helpers = [[
  local function hand_of(s, ids)
    for _, z in ipairs({ zone.get("deck", s), zone.get("hand", s), zone.get("discard", s) }) do
      for _, c in ipairs(zone.cards(z)) do card.destroy(c) end
    end
    for _, id in ipairs(ids) do card.new(id, zone.get("hand", s), s) end
  end ]] }
local SETUP = [[ hand_of(1, { "patch", "shoot", "hide" }) ]]
scenario "kept back" { setup = SETUP, steps = { { decision = { seat = 1,
  unavailable = { "play Patch Up", "PLAY SHOOT" }, why = { ["play Patch Up"] = "no wound", ["play Shoot"] = "intruder" } } } } }
scenario "not all" { setup = SETUP, steps = { { decision = { unavailable = { "play Shoot" } } } } }
scenario "none" { setup = SETUP, steps = { { decision = { unavailable = {} } } } }
scenario "another reason" { setup = SETUP, steps = { { decision = { why = { ["play Patch Up"] = "a wound" } } } } }
scenario "offered" { setup = SETUP, steps = { { decision = { why = { ["play Hide"] = "x" } } } } }
scenario "nowhere" { setup = SETUP, steps = { { decision = { why = { ["fly away"] = "x" } } } } }
scenario "why as a list" { setup = SETUP, steps = { { decision = { why = { "x" } } } } }
scenario "why of a number" { setup = SETUP, steps = { { decision = { why = { x = 3 } } } } }
scenario "unavailable of a number" { setup = SETUP, steps = { { decision = { unavailable = { 3 } } } } }
scenario "nothing kept back" { setup = [[ hand_of(1, { "hide" }) ]], steps = { { decision = { unavailable = {} } } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^2 passed, 8 failed$" "$d/o" \
   && grep -q "^     step 1: the decision keeps back 'play Patch Up', 'play Shoot'; expected 'play Shoot'$" "$d/o" \
   && grep -q "^     step 1: the decision keeps back 'play Patch Up', 'play Shoot'; expected nothing$" "$d/o" \
   && grep -q "^     step 1: why\['play Patch Up'\]: the decision keeps it back because 'you have no wound', which has no 'a wound'$" "$d/o" \
   && grep -q "^     step 1: why\['play Hide'\]: the decision offers 'play Hide'; it keeps back 'play Patch Up' (you have no wound), 'play Shoot' (no intruder in your room)$" "$d/o" \
   && grep -q "^     step 1: why\['fly away'\]: the decision neither offers nor keeps back 'fly away'; it keeps back 'play Patch Up'" "$d/o" \
   && grep -q "^     step 1: 'why' must be a table { key = ... }, not a list$" "$d/o" \
   && grep -q "^     step 1: why\['x'\] must be text (what the reason says), not 3$" "$d/o" \
   && grep -q "^     step 1: unavailable\[1\] must be text, not 3$" "$d/o"
then ok; else bad "test: a decision check of what is kept back and why"; cat "$d/o"; fi
# a decision check's min or max that is not a whole number names the key and the value
# (it said "min and max in a decision check are numbers", also of 1.5)
cat > "$d/k.lua" <<'EOF2'
scenario "min" { game = "artemia-lite", players = 2, steps = { { decision = { min = 1.5 } } } }
scenario "max" { game = "artemia-lite", players = 2, steps = { { decision = { max = "4" } } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "step 1: 'min' must be a whole number from 0 up, not 1.5" "$d/o" \
   && grep -q "step 1: 'max' must be a whole number from 0 up, not text" "$d/o"; then ok
else bad "test: a decision check's min and max of the wrong type"; cat "$d/o"; fi
# ... and one that fails says what it expected of min and max, only what it gave (with
# min alone it read "expected min 3, max 1", a max the scenario never asked for)
cat > "$d/k.lua" <<'EOF2'
defaults { game = "tutorial", players = 2 }
scenario "min" { steps = { { decision = { min = 3 } } } }
scenario "max" { steps = { { decision = { max = 2 } } } }
scenario "both" { steps = { { decision = { min = 1, max = 2 } } } }
EOF2
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^     step 1: the decision picks 1 to 1 options, expected min 3$" "$d/o" \
   && grep -q "^     step 1: the decision picks 1 to 1 options, expected max 2$" "$d/o" \
   && grep -q "^     step 1: the decision picks 1 to 1 options, expected min 1, max 2$" "$d/o"; then ok
else bad "test: a decision check's min and max that fail"; cat "$d/o"; fi
# an expected script error that did not come says so, without an empty "last: "
printf 'scenario "no error" { game = "artemia-lite", players = 2, expect = { errors = 1 } }\n' > "$d/k.lua"
"$t" test "$d/k.lua" > "$d/o"; rc=$?
if [ $rc = 1 ] && grep -q "^     expect: 0 script error(s), expected 1$" "$d/o"; then ok; else bad "test: an expected script error"; cat "$d/o"; fi
# each file runs once, however many paths lead to it: a link to its own folder ran the
# file 41 times (until the links nested too deep), a file named and inside a folder
# named ran twice
mkdir -p "$d/once/sub"
printf 'scenario "once" { game = "tutorial", players = 2 }\n' > "$d/once/sub/a.lua"
ln -s . "$d/once/sub/self" && ln -s ../once "$d/once/sub/up"
"$t" test "$d/once" "$d/once/sub/a.lua" "$d/once/sub" > "$d/o"; rc=$?
if [ $rc = 0 ] && [ "$(cat "$d/o")" = "1 passed, 0 failed" ]; then ok; else bad "test: each file once"; cat "$d/o"; fi
# a folder of many files: every one is run (the list once stopped at 4,096 entries)
mkdir -p "$d/many"
i=0; while [ $i -lt 4200 ]; do echo 'scenario' > "$d/many/x$i.lua"; i=$((i+1)); done
"$t" test "$d/many" > "$d/o"; rc=$?
if [ $rc = 1 ] && [ "$(tail -n 1 "$d/o")" = "0 passed, 4200 failed" ]; then ok; else bad "test: a folder of more than 4,096 files"; tail -n 1 "$d/o"; fi

# sim: each role's win rate with its 95% Wilson interval, computed here again from the
# counts it printed
"$t" sim artemia-lite -n 60 --seed 2 --players 3 > "$d/s"
if awk '/ wins \(/ { k = $2; n = 60; z = 1.959964; p = k / n
          c = (p + z*z/(2*n)) / (1 + z*z/n); h = z * sqrt(p*(1-p)/n + z*z/(4*n*n)) / (1 + z*z/n)
          lo = c - h < 0 ? 0 : c - h; hi = c + h > 1 ? 1 : c + h
          want = sprintf("95%% interval %.3f to %.3f)", lo, hi); seen++
          if (index($0, want) == 0) { print "want " want " in: " $0; bad = 1 } }
        END { exit (bad || seen != 2) }' "$d/s"; then ok; else bad "sim win-rate intervals"; cat "$d/s"; fi

# the game docs/card-authoring.md replays (step 4): its first turn as the page prints it
"$t" sim tutorial -n 1 --players 3 --seed 4 --logs "$d/sparks" > /dev/null
"$t" replay "$d/sparks/game-000000.json" > "$d/r"
if sed -n '/-- turn 1: main --/,/-- turn 1: end --/p' "$d/r" | tr '\n' '|' | grep -q \
   "^-- turn 1: main --|Spark III: hand of seat 1 -> discard of seat 1|seat 1 points = 1|-- turn 1: react --|seat 2 plays Spark IV: hand of seat 2 -> discard of seat 2|seat 2 points = 1|seat 1 points = 2|seat 3 plays Spark IV: hand of seat 3 -> discard of seat 3|seat 3 points = 1|seat 1 points = 3|-- turn 1: end --|$"
then ok; else bad "the tutorial's replayed turn"; cat "$d/r"; fi
# replay opens with what it replays and for whom, as play does; with an expansion both
# name the packs (they read the same with and without one before)
if [ "$(head -n 1 "$d/r")" = "Sparks (the card-authoring tutorial) - 3 players - seed 4 - as a spectator sees it" ] \
   && "$t" replay "$d/sparks/game-000000.json" --seat 2 | head -n 1 | grep -q ' - seed 4 - as seat 2 sees it$'
then ok; else bad "replay's first line"; head -n 1 "$d/r"; fi
printf 'save %s\n' "$d/ambush.json" | XDG_STATE_HOME="$d/st" "$t" play notalone --pack tests/packs/notalone-ambush --seed 2 \
  > "$d/o" 2>&1
if [ "$(head -n 1 "$d/o")" = "Not Alone - 2 players - seed 2 - packs notalone, notalone-ambush" ] \
   && [ "$("$t" replay "$d/ambush.json" --pack tests/packs/notalone-ambush | head -n 1)" = \
        "Not Alone - 2 players - seed 2 - packs notalone, notalone-ambush - as a spectator sees it" ]
then ok; else bad "play and replay name the packs of a game with an expansion"; head -n 1 "$d/o"; fi
# replay of a log of a pack kept outside games/: the log names the pack by id only, so
# the error says to give its folder with --game, and --game replays it; the error names
# the log, as --verify's does (it did not)
"$t" sim tests/packs/designer-dice -n 1 --players 2 --logs "$d/dice" > /dev/null 2>&1
"$t" replay "$d/dice/game-000000.json" > /dev/null 2> "$d/e"; rc=$?
"$t" replay --verify "$d/dice/game-000000.json" > /dev/null 2> "$d/e2"; rc2=$?
if [ $rc = 1 ] && [ $rc2 = 1 ] && grep -q "^tabula replay: $d/dice/game-000000.json: no game or pack folder named 'designer-dice'.*give the pack's folder with --game DIR$" "$d/e" \
   && grep -q "give the pack's folder with --game DIR$" "$d/e2" \
   && "$t" replay --verify "$d/dice/game-000000.json" --game tests/packs/designer-dice > /dev/null; then ok
else bad "replay of a log whose pack is not under games/ says to give --game"; cat "$d/e" "$d/e2"; fi
# replay --verify on a saved game, and a tampered one is refused
# (--logs makes the folders that are missing, like mkdir -p)
"$t" sim artemia-lite -n 1 --seed 4 --players 4 --logs "$d/logs/new/here" > /dev/null
f=$(ls "$d/logs/new/here"/*.json | head -n 1)
if [ -n "$f" ]; then ok; else bad "sim --logs makes missing folders"; fi
if ! "$t" sim artemia-lite -n 1 --logs "$f/x" > /dev/null 2> "$d/e" && grep -q "cannot create the folder .*: Not a directory" "$d/e"; then ok; else bad "sim --logs under a file"; cat "$d/e"; fi
# a second batch into the same folder is refused before any game: it overwrote the
# first batch's first logs and left the rest, two batches mixed
cp "$f" "$d/keep.json"
"$t" sim artemia-lite -n 1 --seed 9 --players 4 --logs "$d/logs/new/here" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && [ ! -s "$d/o" ] && cmp -s "$f" "$d/keep.json" \
   && grep -q "^tabula sim: --logs $d/logs/new/here already holds the logs of a batch (game-000000.json, ...); give a new or empty folder$" "$d/e"
then ok; else bad "sim --logs into a folder of an earlier batch (rc $rc)"; cat "$d/e"; fi
if "$t" replay --verify "$f" > /dev/null; then ok; else bad "replay --verify"; fi
sed -E 's/"state_hash": ?"[0-9a-f]+"/"state_hash":"0000000000000000"/' "$f" > "$d/tampered.json"
if ! "$t" replay --verify "$d/tampered.json" > /dev/null 2> "$d/e" && grep -q "different state" "$d/e"; then ok; else bad "replay refuses a tampered log"; fi
sed -E 's/"seed": ?"[0-9]+"/"seed":"4x"/' "$f" > "$d/tampered.json"
if ! "$t" replay "$d/tampered.json" > /dev/null 2> "$d/e" && grep -q 'tampered.json: log: "seed" must be a whole number' "$d/e"; then ok; else bad "replay names a damaged field"; cat "$d/e"; fi
"$t" replay "$f" --seat 5 > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "^tabula replay: --seat 5: the game in .* has 4 seats" "$d/e" && [ ! -s "$d/o" ]; then ok; else bad "replay --seat beyond the game's seats"; cat "$d/e"; fi

# --- the command-line audit: sim's roles and JSON, output paths, replay's messages and
# --step, lint of a missing pack, bench's flags, exit status (2: the command line is
# wrong; 1: the work failed)
# sim: a role that never wins is listed with 0, in seat order (the Creature is seat 1),
# in the summary and in the JSON
"$t" sim notalone -n 3 --players 2 --seed 1 --json "$d/r1.json" > "$d/r1"
if tr -d ' \n' < "$d/r1.json" | grep -q '"wins":{"creature":0,"hunted":3}' \
   && [ "$(awk '/ wins \(/ { printf "%s=%s ", $1, $2 }' "$d/r1")" = "creature=0 hunted=3 " ] \
   && [ "$("$t" sim notalone -n 3 --players 2 --seed 1 --jobs 3 | awk '/ wins \(/ { printf "%s=%s ", $1, $2 }')" \
        = "creature=0 hunted=3 " ]; then ok
else bad "sim lists a role without wins"; cat "$d/r1"; fi
# sim --json -: stdout is the JSON document alone (the summary, and --profile's tables,
# go to stderr)
json_ok() {
  if command -v python3 > /dev/null; then python3 -m json.tool "$1" > /dev/null 2>&1
  elif command -v jq > /dev/null; then jq . "$1" > /dev/null 2>&1
  else [ "$(head -c 1 "$1")" = "{" ] && [ "$(tail -n 1 "$1")" = "}" ]; fi
}
"$t" sim notalone -n 3 --players 2 --seed 1 --profile --json - > "$d/r2" 2> "$d/r2e"; rc=$?
if [ $rc = 0 ] && json_ok "$d/r2" && grep -q '"profile"' "$d/r2" && grep -q "^notalone: 3 games" "$d/r2e" \
   && grep -q "^  script API calls:" "$d/r2e"; then ok; else bad "sim --json - writes only JSON to stdout"; head -n 3 "$d/r2"; fi
# sim: an output path that cannot be written is refused before any game (exit 2, with
# the reason); so is a --logs folder that cannot be made
"$t" sim notalone -n 5 --json "$d/no/such/s.json" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "^tabula sim: --json $d/no/such/s.json: cannot write: No such file or directory" "$d/e" \
   && [ ! -s "$d/o" ]; then ok; else bad "sim --json to a missing folder"; cat "$d/e"; fi
"$t" sim notalone -n 5 --json "$d" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "^tabula sim: --json $d: cannot write: it is a folder (give a file name)" "$d/e" && [ ! -s "$d/o" ]; then ok
else bad "sim --json to a folder"; cat "$d/e"; fi
echo x > "$d/file"
"$t" sim notalone -n 5 --logs "$d/file/logs" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "^tabula sim: --logs: cannot create the folder $d/file/logs: Not a directory" "$d/e" \
   && [ ! -s "$d/o" ]; then ok; else bad "sim --logs that cannot be made"; cat "$d/e"; fi
# sim --seed takes any 64-bit seed, as play and the log do (it stopped at 2^63-1); the
# JSON writes it as a string, and the seeds of a batch wrap to 0
"$t" sim artemia-lite -n 2 --seed 18446744073709551615 --json "$d/r3.json" --logs "$d/wrap" > /dev/null 2> "$d/e"; rc=$?
if [ $rc = 0 ] && grep -q '"seed": "18446744073709551615"' "$d/r3.json" && grep -q '"seed":"0"' "$d/wrap/game-000001.json" \
   && "$t" replay --verify "$d/wrap/game-000000.json" "$d/wrap/game-000001.json" > /dev/null; then ok
else bad "sim --seed 2^64-1"; cat "$d/e"; fi
"$t" sim artemia-lite -n 2 --seed 18446744073709551616 > /dev/null 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "^tabula sim: --seed takes a whole number from 0 to 18446744073709551615, not '18446744073709551616'" "$d/e"; then ok
else bad "sim --seed 2^64"; cat "$d/e"; fi
# replay: a log that cannot be opened is named with the reason (it read
# "x.json:-1:-1: unable to open ..."); a JSON error keeps its line and column
"$t" replay "$d/nonexist.json" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 1 ] && [ "$(cat "$d/e")" = "tabula replay: $d/nonexist.json: cannot open: No such file or directory" ] \
   && ! "$t" replay --verify "$d/nonexist.json" > /dev/null 2> "$d/e2" \
   && grep -q "^tabula replay: $d/nonexist.json: cannot open: No such file or directory$" "$d/e2"; then ok
else bad "replay of a missing file"; cat "$d/e" "$d/e2"; fi
printf '{"a":\n 1,,}' > "$d/broken.json"
"$t" replay "$d/broken.json" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 1 ] && grep -q "^tabula replay: $d/broken.json:2:4: " "$d/e"; then ok; else bad "replay of broken JSON"; cat "$d/e"; fi
# replay --step on an unfinished game: the count stops at the log's decisions (it went
# on to "decision 9/8"), and each step shows its answer to the seat that gave it (an
# answer can name hidden cards, so other views see only that it was given)
printf '1\n1\n1\nsave %s\n' "$d/unfinished.json" | HOME="$d/home" XDG_STATE_HOME= "$t" play artemia-lite --seed 1 --players 2 --seat 1 > /dev/null 2>&1
"$t" replay --step --game "$PWD/games/artemia-lite" --seat 1 "$d/unfinished.json" < /dev/null > "$d/o" 2> "$d/e"; rc=$?
"$t" replay --step --game "$PWD/games/artemia-lite" "$d/unfinished.json" < /dev/null > "$d/o2" 2>> "$d/e"
if [ $rc = 0 ] && [ "$(grep -c '^\[decision [0-9]*/8: ' "$d/o")" = 8 ] && ! grep -q '^\[decision 9/' "$d/o" \
   && [ "$(tail -n 1 "$d/o")" = "[end of the log after 8 decisions; the game is not over: seat 1 — place the Creature token]" ] \
   && grep -q '^\[decision 2/8: seat 1 — place the Creature token: lair\]$' "$d/o" \
   && grep -q '^\[decision 1/8: seat 2 — play a place: (answer seen by seat 2 only)\]$' "$d/o" \
   && grep -q '^\[decision 2/8: seat 1 — place the Creature token: (answer seen by seat 1 only)\]$' "$d/o2"; then ok
else bad "replay --step on an unfinished game"; grep '^\[' "$d/o"; cat "$d/e"; fi
# replay of a game played with an expansion, without it: the missing pack by id, and
# how to load it (it read "log was played with 2 pack(s); 1 are loaded"); with it, the
# replay runs; the other way round, the extra pack is named
"$t" sim notalone -n 1 --players 3 --pack tests/packs/notalone-ambush --logs "$d/xl" > /dev/null
"$t" sim notalone -n 1 --players 3 --logs "$d/nl" > /dev/null
"$t" replay "$d/xl/game-000000.json" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 1 ] && grep -q "log was played with pack 'notalone-ambush', which is not loaded (add --pack DIR with its folder)" "$d/e" \
   && "$t" replay --verify "$d/xl/game-000000.json" --pack tests/packs/notalone-ambush > /dev/null \
   && ! "$t" replay "$d/nl/game-000000.json" --pack tests/packs/notalone-ambush > /dev/null 2> "$d/e2" \
   && grep -q "pack 'notalone-ambush' is loaded but the log was played without it (leave out its --pack)" "$d/e2"; then ok
else bad "replay names a missing expansion pack"; cat "$d/e" "$d/e2"; fi
# the same expansions given in another order: the rules merge in load order, so the
# replay is refused, saying both orders (it read "log pack 2 is 'notalone-ambush'; loaded
# is 'notalone-beach5'", the pack loaded all the same); in the log's order it replays
"$t" sim notalone -n 1 --pack tests/packs/notalone-ambush --pack tests/packs/notalone-beach5 --logs "$d/ol" > /dev/null
"$t" replay --verify "$d/ol/game-000000.json" --pack tests/packs/notalone-beach5 --pack tests/packs/notalone-ambush > /dev/null 2> "$d/e"; rc=$?
if [ $rc = 1 ] && grep -q "log was played with its packs loaded in the order notalone, notalone-ambush, notalone-beach5, not notalone, notalone-beach5, notalone-ambush (give the --pack options in the log's order)" "$d/e" \
   && "$t" replay --verify "$d/ol/game-000000.json" --pack tests/packs/notalone-ambush --pack tests/packs/notalone-beach5 > /dev/null; then ok
else bad "replay with the expansions in another order says both orders"; cat "$d/e"; fi
# a log whose answer holds something other than an option id: the answer, the item's
# place in it and the item itself (it read "answer 6: option id 2 is not a whole number",
# the 2 being the place)
awk '/"answers":\[/ { inans = 1; print; next }
     inans && /^  \[$/ { a++; print; if (a == 6) { getline; print "   0,"; print "   \"x\","; print }; next }
     { print }' "$d/nl/game-000000.json" > "$d/item.json"
"$t" replay "$d/item.json" > /dev/null 2> "$d/e"; rc=$?
if [ $rc = 1 ] && grep -q "^tabula replay: $d/item.json: log: answer 6, item 2: \"x\" is not a whole-number option id (0 to 2147483647)$" "$d/e"; then ok
else bad "replay names a bad item of an answer"; cat "$d/e"; fi
# bench: an unknown flag is an error with the usage (it was ignored and the whole
# benchmark ran); so is a --json FILE that cannot be written, before measuring
"$t" bench --quick --frob --json "$d/b.json" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "^tabula bench: unknown or incomplete argument '--frob'" "$d/e" && grep -q "^usage: tabula bench" "$d/e" \
   && [ ! -s "$d/o" ] && [ ! -e "$d/b.json" ]; then ok; else bad "bench --frob"; cat "$d/e"; fi
"$t" bench --quick --json "$d/no/such/b.json" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "^tabula bench: --json $d/no/such/b.json: cannot write: No such file or directory" "$d/e" \
   && [ ! -s "$d/o" ]; then ok; else bad "bench --json to a missing folder"; cat "$d/e"; fi
# the benchmark's Not Alone frame (bench/notalone-floor, measured by make bench only)
# keeps loading and playing on the game: whole games, no script error, each ended by its
# last turn, the card windows asking every seat as the game's do
"$t" sim notalone --pack bench/notalone-floor -n 30 --players 4 --json "$d/fl.json" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 0 ] && grep -q '"errors": 0' "$d/fl.json" && grep -q '"mean_turns": 10' "$d/fl.json" \
   && grep -q '^ *30  creature: the floor benchmark.s last turn$' "$d/o" \
   && grep -q 'per turn: 3[0-9]\.[0-9] decisions' "$d/o" \
   && "$t" lint bench/notalone-floor > /dev/null 2>&1; then ok; else bad "bench/notalone-floor plays"; cat "$d/o" "$d/e"; fi
# lint of a name that is no game and no folder: said as play and sim say it, with their
# exit status, and no empty summary (it printed one, then "nosuch/pack.json: cannot open")
"$t" lint nosuch > "$d/o" 2> "$d/e"; rc=$?
"$t" sim nosuch > /dev/null 2> "$d/e2"; rc2=$?
if [ $rc = 1 ] && [ $rc2 = 1 ] && [ ! -s "$d/o" ] \
   && [ "$(cat "$d/e")" = "tabula lint: no game or pack folder named 'nosuch'; the games are artemia-lite, notalone, tutorial (or give a pack's folder)" ] \
   && grep -q "^tabula sim: no game or pack folder named 'nosuch'; the games are" "$d/e2"; then ok
else bad "lint of a missing pack"; cat "$d/o" "$d/e"; fi
# an empty game name is said to be empty (play named the games folder, sim and lint
# tried to load games/ itself as a pack)
for c in play sim lint; do
  "$t" $c "" < /dev/null > "$d/o" 2> "$d/e"; rc=$?
  if [ $rc = 1 ] && [ "$(cat "$d/e")" = "tabula $c: the game name is empty; the games are artemia-lite, notalone, tutorial (or give a pack's folder)" ]
  then ok; else bad "$c of an empty game name"; cat "$d/o" "$d/e"; fi
done
# "/", "./" and "../" name no game: sim loaded games// as a pack ("games///pack.json:
# cannot open"), play named the games folder
for c in play sim; do
  for g in / ./ ../; do
    "$t" $c "$g" < /dev/null > "$d/o" 2> "$d/e"; rc=$?
    if [ $rc = 1 ] && grep -q "^tabula $c: no game or pack folder named '$g'; the games are" "$d/e"
    then ok; else bad "$c of the game name '$g'"; cat "$d/o" "$d/e"; fi
  done
done
# ... but "." is the pack a modder stands in: sim, lint and a scenario's game = "." run
# it, its "../../cards" scripts included (the path "./../../cards" lost a "..")
case "$t" in /*) ta=$t ;; *) ta="$(pwd)/$t" ;; esac
(cd games/notalone && "$ta" sim . -n 2 --players 3 > "$d/o" 2>&1 && "$ta" lint . > "$d/o2" 2>&1 \
  && printf 'scenario "here" { game = ".", players = 2, options = { board_side = 1 }, steps = { "hunted: Lair" } }\n' > "$d/k.lua" \
  && "$ta" test "$d/k.lua" > "$d/o3" 2>&1); rc=$?
if [ $rc = 0 ] && grep -q "^.: 2 games, 3 players, 0 with errors" "$d/o" && grep -q "^0 errors$" "$d/o2" \
   && [ "$(tail -n 1 "$d/o3")" = "1 passed, 0 failed" ]
then ok; else bad "the pack folder one stands in, as '.'"; cat "$d/o" "$d/o2" "$d/o3"; fi
# sim stopped by a signal (SIGTERM here: a background job of a script ignores Ctrl-C)
# keeps what it did: the summary and --json of the games finished, exit status 143. The
# signal is sent once a game has been saved (the batch has started).
"$t" sim artemia-lite -n 100000000 --players 2 --logs "$d/sig" --json "$d/sig.json" > "$d/o" 2> "$d/e" &
pid=$!
k=0
while [ ! -f "$d/sig/game-000000.json" ] && [ $k -lt 600 ]; do sleep 0.1; k=$((k+1)); done
kill -TERM $pid
wait $pid; rc=$?
if [ $rc = 143 ] && grep -q "^  interrupted (SIGTERM): [0-9]* of the 100000000 games asked for were played" "$d/o" \
   && grep -q '"interrupted": true' "$d/sig.json" && grep -q '"games_asked": 100000000' "$d/sig.json" \
   && [ "$(sed -n 's/^  "games": \([0-9]*\),$/\1/p' "$d/sig.json")" = "$(ls "$d/sig" | wc -l)" ]
then ok; else bad "sim stopped by SIGTERM (rc $rc)"; cat "$d/o" "$d/e"; fi
# ... stopped in the --versus batch (signalled once the first batch's last log is saved):
# the first batch played every game and the versus batch some of the same seeds, but the
# summary said "40 of the 40 games asked for were played" and "the same seeds"
"$t" sim notalone -n 40 --players 4 --bots basic --pack tests/packs/notalone-ambush --versus none \
  --logs "$d/vsig" --json "$d/vsig.json" > "$d/o" 2> "$d/e" &
pid=$!
k=0
while [ ! -f "$d/vsig/game-000039.json" ] && [ $k -lt 1200 ]; do sleep 0.05; k=$((k+1)); done
sleep 0.1 # past the first batch's end (the last log is written just before it), into the versus batch
kill -TERM $pid
wait $pid; rc=$?
vg=$(sed -n 's/^versus notalone (packs notalone), the same seeds (some of them: interrupted): \([0-9]*\) games\{0,1\}, .*/\1/p' "$d/o")
if [ $rc = 143 ] && grep -q "^notalone (packs notalone, notalone-ambush): 40 games" "$d/o" && [ -n "$vg" ] && [ "$vg" -lt 40 ] \
   && grep -q "^  interrupted (SIGTERM) in the versus batch: $vg of its 40 games were played (the first batch played all 40)" "$d/o" \
   && ! grep -q "^  interrupted (SIGTERM): " "$d/o" && grep -q "^difference (first batch minus versus" "$d/o" \
   && tr -d ' \n' < "$d/vsig.json" | grep -q "\"versus\":{\"packs\":\[\"notalone\"\],\"games\":$vg,.*\"interrupted\":true"
then ok; else bad "sim stopped in the --versus batch (rc $rc)"; cat "$d/o" "$d/e"; fi
# ... and a signal once the games are all played, while the output is written (here --json
# - into a pipe read only later, the JSON larger than a pipe holds), killed sim with its
# JSON cut short; the output is written whole, and the exit status says the signal
( sh -c 'echo $$ > "$1"; shift; exec "$@"' sh "$d/lp" "$t" sim notalone -n 20 --players 3 --profile \
    --pack tests/packs/notalone-ambush --versus none --json - 2> "$d/e"; echo $? > "$d/lrc" ) | {
  k=0; while ! grep -q "^difference (first batch minus versus" "$d/e" && [ $k -lt 600 ]; do sleep 0.1; k=$((k+1)); done
  sleep 0.3; kill -TERM "$(cat "$d/lp")"; cat > "$d/lj"; }
if [ "$(cat "$d/lrc")" = 143 ] && [ "$(wc -c < "$d/lj")" -gt 65536 ] && [ "$(tail -n 1 "$d/lj")" = "}" ] \
   && grep -q '"difference_95"' "$d/lj" && ! grep -q "interrupted" "$d/e" \
   && { ! command -v python3 > /dev/null || python3 -m json.tool "$d/lj" > /dev/null 2>&1; }
then ok; else bad "sim signalled while its output is written (rc $(cat "$d/lrc"))"; tail -n 3 "$d/lj" "$d/e"; fi
# exit status, the same for every command (README.md): 2 when the command line is
# wrong, 1 when the work failed; a flag without its value is "unknown or incomplete"
# everywhere
st() {
  want=$1; shift
  "$t" "$@" < /dev/null > /dev/null 2> "$d/e"; got=$?
  [ "$got" = "$want" ] || { echo "  exit $got, not $want: tabula $*"; head -n 1 "$d/e"; return 1; }
}
if st 2 sim && st 2 sim notalone --frob && st 2 sim notalone -n x && st 2 sim notalone -n \
   && st 2 sim notalone --players 1 && st 2 sim notalone --bots x \
   && st 2 replay && st 2 replay x.json --frob && st 2 replay x.json --seat x && st 2 replay x.json --seat \
   && grep -q "^tabula replay: unknown or incomplete argument '--seat'" "$d/e" \
   && st 2 lint && st 2 lint notalone --frob && st 2 lint notalone --pack \
   && grep -q "^tabula lint: unknown or incomplete argument '--pack'" "$d/e" \
   && st 2 test --frob && st 2 bench --quick --frob --json "$d/b.json" \
   && st 2 play && st 2 play notalone --frob && st 2 play notalone --seed x && st 2 play notalone --players 9 \
   && st 2 play notalone --seat 5 --players 3 && st 2 play notalone --option nosuch=1 \
   && st 2 play notalone --resume --seed 1 && st 2 play notalone --seat '' && st 1 play nosuch \
   && st 1 sim nosuch && st 1 lint nosuch && st 1 replay "$d/nonexist.json" \
   && st 1 replay "$d/nl/game-000000.json" --game nosuch && st 1 test "$d/nonexist.lua"; then ok
else bad "exit status"; fi
# ---- lint: an expansion's mistakes, each at its card ---------------------------------
# A card's bad data is that card's error, not the base game's helper's: the error names
# the card's script line, the card, its card file and the bad value; every other script
# still loads, so one run reports every mistake (tests/packs/notalone-broken has four),
# and "scripts" counts them all. A helper that really fails still stands for the
# scripts after it.
"$t" lint games/notalone --json > "$d/lint0"
n0=$(sed -n 's/^ *"scripts": \([0-9]*\),$/\1/p' "$d/lint0")
"$t" lint games/notalone --pack tests/packs/notalone-broken > "$d/lint1"; rc=$?
if [ $rc = 1 ] && grep -q "^4 errors$" "$d/lint1" && [ -n "$n0" ] && grep -q "^  scripts: $((n0 + 4))$" "$d/lint1" \
   && grep -q "^  error: tests/packs/notalone-broken/cards/ambush.lua:2: card 'ambush' (tests/packs/notalone-broken/cards.json:3): data.phase is 5, not 1, 2, 3 or 4" "$d/lint1" \
   && grep -q "^  error: tests/packs/notalone-broken/cards/flare.lua:2: card 'flare' (tests/packs/notalone-broken/cards.json:6): hunt_card makes a hunt card, but the card file gives kind \"survival\": a survival card returns survival_card" "$d/lint1" \
   && grep -q "^  error: tests/packs/notalone-broken/cards/snare.lua:2: card 'snare' (tests/packs/notalone-broken/cards.json:8): play_in is \[\"end\"\]" "$d/lint1" \
   && grep -q "^  error: tests/packs/notalone-broken/cards/glitch.lua:5: card 'glitch'" "$d/lint1" \
   && ! grep -q "lib.lua" "$d/lint1"; then ok
else bad "lint: an expansion's mistakes, each at its card"; cat "$d/lint1"; fi
# a Survival card whose script returns hunt_card { ... } (never offered in a game) is an
# error naming the card, its kind and the builder
mkdir -p "$d/kind/cards"
cp tests/packs/notalone-ambush/pack.json tests/packs/notalone-ambush/cards.json "$d/kind/"
cp tests/packs/notalone-ambush/cards/ambush.lua "$d/kind/cards/"
sed 's/^return survival_card {/return hunt_card {/' tests/packs/notalone-ambush/cards/flare.lua > "$d/kind/cards/flare.lua"
"$t" lint games/notalone --pack "$d/kind" > "$d/lint2"; rc=$?
if [ $rc = 1 ] && grep -q "^1 error$" "$d/lint2" \
   && grep -q "kind/cards/flare.lua:3: card 'flare' (.*kind/cards.json:[0-9]*): hunt_card makes a hunt card, but the card file gives kind \"survival\"" "$d/lint2"
then ok; else bad "lint: a card built with the builder of another kind"; cat "$d/lint2"; fi
# a Survival card whose script returns a bare table, and a Hunt card with no script: the
# rules' kinds name what every card of a kind must give, so both are errors naming what
# is missing (they were cards never offered, without a word), and a game does not start
mkdir -p "$d/bare/cards"
cp tests/packs/notalone-ambush/pack.json "$d/bare/"
sed 's/ "script": "[a-z]*.lua",//' tests/packs/notalone-ambush/cards.json > "$d/bare/cards.json"
printf -- '-- Flare, as a bare table\nreturn { effect = function(ctx) move_rescue(1, "Flare") end }\n' > "$d/bare/cards/flare.lua"
"$t" lint games/notalone --pack "$d/bare" > "$d/lint2"; rc=$?
"$t" sim games/notalone --pack "$d/bare" -n 1 > "$d/sim2" 2>&1; rc2=$?
if [ $rc = 1 ] && [ $rc2 != 0 ] && grep -q "^2 errors$" "$d/lint2" \
   && grep -q "bare/cards.json:3: card 'ambush': it has no script, but the rules need every hunt card's script to give can_play, play, usable, effect, target_effect, target_choose and target_apply (their kinds.hunt.needs): there is no .*bare/cards/ambush.lua" "$d/lint2" \
   && grep -q "bare/cards/flare.lua: card 'flare' (.*bare/cards.json:[0-9]*): its script gives no function can_play, play, usable, which the rules need every survival card's script to give .*; it gives effect$" "$d/lint2" \
   && grep -q "card 'ambush': it has no script" "$d/sim2"
then ok; else bad "lint: a card script without the functions its kind needs, a card with no script"; cat "$d/lint2" "$d/sim2"; fi
# a card of a kind the rules need nothing of (no kinds entry) may have no script; lint
# still names a <id>.lua left unread in its pack folder
mkdir -p "$d/nk/cards"
printf '{"id": "nk", "version": "1", "api": 1, "rules": "rules.lua", "cards": ["c.json"], "scripts": "cards"}' > "$d/nk/pack.json"
printf '{"cards": [{"id": "x", "kind": "k"}, {"id": "y", "kind": "k"}]}' > "$d/nk/c.json"
echo 'return { turn = { "main" } }' > "$d/nk/rules.lua"
echo 'return {}' > "$d/nk/x.lua"
"$t" lint "$d/nk" > "$d/lint3"; rc=$?
if [ $rc = 1 ] && grep -q "^1 error, 4 warnings$" "$d/lint3" \
   && grep -q "nk/c.json:1: card 'x' has no script: x.lua lies in the pack folder, but scripts are read from its \"scripts\" folder" "$d/lint3"
then ok; else bad "lint: an unread script of a card whose kind needs nothing"; cat "$d/lint3"; fi
# a helper that fails to load: its error, then one line for the scripts after it
mkdir -p "$d/hf/cards"
printf '{"id": "hf", "version": "1", "api": 1, "rules": "rules.lua", "cards": ["c.json"], "scripts": "cards", "helpers": ["lib.lua"]}' > "$d/hf/pack.json"
printf '{"cards": [{"id": "x", "kind": "k"}, {"id": "y", "kind": "k"}]}' > "$d/hf/c.json"
echo 'return { turn = { "main" } }' > "$d/hf/rules.lua"
printf 'local t = nil\nreturn { make = t.make }\n' > "$d/hf/cards/lib.lua"
echo 'return make {}' > "$d/hf/cards/x.lua" && echo 'return make {}' > "$d/hf/cards/y.lua"
"$t" lint "$d/hf" > "$d/lint3"; rc=$?
if [ $rc = 1 ] && grep -q "hf/cards/lib.lua:2: attempt to index a nil value" "$d/lint3" \
   && grep -q "hf/cards/lib.lua: 2 more scripts did not load after this helper failed" "$d/lint3" \
   && grep -q "^2 errors, 4 warnings$" "$d/lint3" && grep -q "^  scripts: 4$" "$d/lint3"; then ok
else bad "lint: a helper that fails to load"; cat "$d/lint3"; fi

# ---- a pack's content hash does not depend on how its folder was named -------------
# `play` opens a game by its absolute path, `replay` here by a relative one: a game saved
# at the prompt replays and verifies (it said "pack changed since the log was written")
printf '4\n1\nsave %s/played.json\nquit\n' "$d" \
  | XDG_STATE_HOME="$d/st" "$t" play artemia-lite --players 3 --seat 2 --seed 5 > /dev/null 2>&1
if "$t" replay "$d/played.json" --verify > "$d/o" 2>&1 \
   && "$t" replay "$d/played.json" --verify --game "$(pwd)/games/artemia-lite" > /dev/null 2>&1; then ok
else bad "a game saved by play replays by a relative path"; cat "$d/o"; fi

# ---- findings of the fuzzing campaign -----------------------------------------------
# a save whose player count does not fit an int was read as another count (4294967298
# as 2 players); an --option that is not UTF-8 was dropped without a word
sed 's/"players": *[0-9]*/"players": 4294967298/' "$d/played.json" > "$d/huge.json"
"$t" replay "$d/huge.json" > "$d/o" 2>&1; rc=$?
if [ "$rc" = 1 ] && grep -q '"players" must be a whole number from 1 to 16' "$d/o"; then ok
else bad "a save's player count out of range is refused"; cat "$d/o"; fi
"$t" sim notalone -n 1 --option "$(printf 'expert=\377')" > /dev/null 2> "$d/e"; rc=$?
"$t" play notalone --option "$(printf '\377=1')" < /dev/null > /dev/null 2> "$d/e2"; rc2=$?
if [ "$rc" = 2 ] && [ "$rc2" = 2 ] && grep -q 'must be UTF-8 text' "$d/e" && grep -q 'must be UTF-8 text' "$d/e2"; then ok
else bad "an --option that is not UTF-8 is refused"; cat "$d/e" "$d/e2"; fi
# an --option integer past 2^63 was clamped to 2^63 - 1 without a word; a key past 127
# characters was cut
"$t" sim artemia-lite -n 1 --option x=99999999999999999999 > /dev/null 2> "$d/e"; rc=$?
"$t" play artemia-lite --option "$(printf 'k%.0s' $(seq 200))=1" < /dev/null > /dev/null 2> "$d/e2"; rc2=$?
if [ "$rc" = 2 ] && [ "$rc2" = 2 ] && grep -q "99999999999999999999 is out of range (whole numbers run from -9223372036854775808 to 9223372036854775807)" "$d/e" \
   && grep -q "the key is 200 characters long (at most 127)" "$d/e2"; then ok
else bad "an --option out of range is refused"; cat "$d/e" "$d/e2"; fi
# a chunk's "at" of the largest integer overflowed when the message added 1 to it
# (undefined behaviour; a plain build printed "before answer -9223372036854775808")
sed 's/"chunks": *\[[^]]*\]/"chunks": [{"at": 9223372036854775807, "lua": "x = 1"}]/' "$d/played.json" > "$d/at.json"
"$t" replay "$d/at.json" > "$d/o" 2>&1; rc=$?
if [ "$rc" = 1 ] && grep -q '"at": 9223372036854775807, but it must run before an answer' "$d/o"; then ok
else bad "a chunk's huge \"at\" is refused without overflow"; cat "$d/o"; fi
# "at" -1 is a setup chunk; -5 was taken as one too and written back as -1
sed 's/"chunks": *\[[^]]*\]/"chunks": [{"at": -5, "lua": "x = 1"}]/' "$d/played.json" > "$d/at.json"
sed 's/"chunks": *\[[^]]*\]/"chunks": [{"at": -1, "lua": "x = 1"}]/' "$d/played.json" > "$d/at1.json"
"$t" replay "$d/at.json" > "$d/o" 2>&1; rc=$?
"$t" replay "$d/at1.json" > "$d/o2" 2>&1; rc2=$?
if [ "$rc" = 1 ] && grep -q '"at": -5, but it must be -1 (run at setup) or the number of answers before it' "$d/o" \
   && [ "$rc2" = 0 ]; then ok
else bad "a chunk's negative \"at\" other than -1 is refused"; cat "$d/o" "$d/o2"; fi

# ---- damaged saves (a playtest) -------------------------------------------------------
# a save of another log format said "not a Tabula log (format 1 expected); replaying
# answer by answer" and loaded it anyway: refused, with both formats
sed 's/"tabula_log": *[0-9]*/"tabula_log": 2/' "$d/played.json" > "$d/fmt.json"
XDG_STATE_HOME="$d/st" "$t" play artemia-lite --load "$d/fmt.json" < /dev/null > "$d/o" 2> "$d/e"; rc=$?
if [ "$rc" = 1 ] && grep -q "fmt.json: log format 2 is not this version's (1): a log of another version of Tabula; not loaded" "$d/e" \
   && ! grep -q "replaying answer by answer" "$d/o" "$d/e"; then ok
else bad "a save of another log format is refused"; cat "$d/o" "$d/e"; fi
# a save whose players or seed was edited said only "replay: answer 2 does not fit: …":
# the header may not match the answers
sed 's/"players": *[0-9]*/"players": 2/' "$d/played.json" > "$d/players.json"
sed 's/"seed": *"[0-9]*"/"seed": "6"/' "$d/played.json" > "$d/seed.json"
XDG_STATE_HOME="$d/st" "$t" play artemia-lite --load "$d/players.json" < /dev/null > /dev/null 2> "$d/e"; rc=$?
"$t" replay "$d/seed.json" > /dev/null 2> "$d/e2"; rc2=$?
hint="the file's header (seed, players, options) may not match its answers (was it edited?)"
if [ "$rc" = 1 ] && [ "$rc2" = 1 ] && grep -q "players.json: replay.*; $hint" "$d/e" && grep -q "seed.json: replay.*; $hint" "$d/e2"; then ok
else bad "a save with an edited header hints at it"; cat "$d/e" "$d/e2"; fi

# ---- command lines accepted without a word (a playtest) -----------------------------
# an --option given twice: the last won; a --seat naming a seat twice; --players 0 said
# "from 1 to 16" where --players 1 gave the game's own range
XDG_STATE_HOME="$d/st" "$t" play notalone --option board_side=1 --option board_side=2 < /dev/null > /dev/null 2> "$d/e"; rc=$?
"$t" sim notalone -n 1 --option board_side=1 --option board_side=2 > /dev/null 2> "$d/e2"; rc2=$?
if [ "$rc" = 2 ] && [ "$rc2" = 2 ] && grep -q "^tabula play: --option board_side is given twice (board_side=1, then 'board_side=2'): give each option once$" "$d/e" \
   && grep -q "^tabula sim: --option board_side is given twice" "$d/e2"; then ok
else bad "an --option given twice is refused"; cat "$d/e" "$d/e2"; fi
XDG_STATE_HOME="$d/st" "$t" play notalone --seat 1,1 < /dev/null > /dev/null 2> "$d/e"; rc=$?
if [ "$rc" = 2 ] && grep -q '^tabula play: --seat 1,1 names seat 1 twice: name each seat once ("1,3")$' "$d/e"; then ok
else bad "a --seat naming a seat twice is refused"; cat "$d/e"; fi
# the same unfinished game loaded again and left unplayed is kept once: the older kept
# game stays (copies of it filled every kept slot, pushing the older one out)
mkdir -p "$d/kst"
printf '1\n1\n1\nquit\n' | XDG_STATE_HOME="$d/kst" "$t" play artemia-lite --seed 2 --players 2 --seat 2 > /dev/null 2>&1
cp "$d/kst/tabula/last-game.json" "$d/kst/older.json"
printf '1\n1\n1\nsave %s\nquit\n' "$d/kst/f.json" | XDG_STATE_HOME="$d/kst" "$t" play artemia-lite --seed 1 --players 2 --seat 2 > /dev/null 2>&1
for i in 1 2 3; do
  printf 'load %s\nquit\n' "$d/kst/f.json" | XDG_STATE_HOME="$d/kst" "$t" play artemia-lite --seed 1 --players 2 --seat 2 > "$d/o$i" 2>&1
done
if grep -q "is kept already, in $d/kst/tabula/last-game.1.json" "$d/o3" && cmp -s "$d/kst/f.json" "$d/kst/tabula/last-game.1.json" \
   && cmp -s "$d/kst/older.json" "$d/kst/tabula/last-game.2.json" && [ ! -e "$d/kst/tabula/last-game.3.json" ]; then ok
else bad "an unfinished game kept already is not kept twice"; cat "$d/o1" "$d/o3"; ls -l "$d/kst/tabula"; fi
# a damaged or missing session file: --resume says how to go on with the last game,
# which is whole (it said only "no game to resume"); a new game keeping it names its
# game from the log (it said "<game>")
mkdir -p "$d/k3"
printf '1\n1\n1\nquit\n' | XDG_STATE_HOME="$d/k3" "$t" play artemia-lite --seed 2 --players 2 --seat 2 > /dev/null 2>&1
echo '{' > "$d/k3/tabula/last-session.json"
XDG_STATE_HOME="$d/k3" "$t" play --resume < /dev/null > /dev/null 2> "$d/e"; rc=$?
rm "$d/k3/tabula/last-session.json"
XDG_STATE_HOME="$d/k3" "$t" play --resume < /dev/null > /dev/null 2> "$d/e2"; rc2=$?
XDG_STATE_HOME="$d/k3" "$t" play tutorial --seed 1 < /dev/null > "$d/o" 2>&1
hint="the last game is kept in $d/k3/tabula/last-game.json: \`tabula play artemia-lite --load $d/k3/tabula/last-game.json\` continues it"
if [ $rc = 1 ] && [ $rc2 = 1 ] && grep -qF "$hint" "$d/e" && grep -qF "$hint" "$d/e2" \
   && grep -qF "the unfinished artemia-lite game saved before is kept in $d/k3/tabula/last-game.1.json" "$d/o" \
   && grep -qF "tabula play artemia-lite --load $d/k3/tabula/last-game.1.json" "$d/o"; then ok
else bad "a damaged session file: --resume and the kept game's note name the last game"; cat "$d/e" "$d/e2" "$d/o"; fi
# a batch where no game finishes: no mean of "0.00 turns" (JSON: null), and the work
# per turn over the turns the games played (none was printed: it divided by the
# finished games' turns)
mkdir -p "$d/nf"
printf '{"id": "nf", "name": "nf", "version": "0.1.0", "api": 1, "description": "x", "players": {"min": 2, "max": 2}, "rules": "rules.lua"}' > "$d/nf/pack.json"
echo 'return { limits = { max_turns = 5 }, turn = {"main"}, steps = { main = { enter = function() decide.choose(1, {"a", "b"}) end } } }' > "$d/nf/rules.lua"
"$t" sim "$d/nf" -n 3 --json "$d/nf.json" > "$d/o" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q "^$d/nf: 3 games, 2 players, 3 with errors, no game finished, " "$d/o" && grep -q "^  per turn: 0.8 decisions" "$d/o" \
   && grep -q '"mean_turns": null' "$d/nf.json" && grep -q '"decisions_per_turn": 0.83' "$d/nf.json"; then ok
else bad "sim: a batch where no game finishes"; cat "$d/o" "$d/nf.json"; fi
# --logs DIR is made only once nothing else refuses the command (a refused --bots left
# the folder made, empty); --option help makes none either
"$t" sim tutorial -n 3 --logs "$d/lg1" --bots nosuch > /dev/null 2>&1; rc=$?
"$t" sim tutorial --logs "$d/lg2" --option help > /dev/null 2>&1; rc2=$?
"$t" sim tutorial -n 2 --logs "$d/lg3" > /dev/null 2>&1; rc3=$?
if [ $rc = 2 ] && [ $rc2 = 0 ] && [ $rc3 = 0 ] && [ ! -e "$d/lg1" ] && [ ! -e "$d/lg2" ] && [ -f "$d/lg3/game-000001.json" ]; then ok
else bad "sim --logs makes its folder only for a batch that runs"; ls -d "$d"/lg*; fi
# a --seat past the game's largest count, with no --players: said of the seat (the
# count followed the seat, so it read "plays with 2 to 4 players, not 9")
XDG_STATE_HOME="$d/st" "$t" play tutorial --seat 9 < /dev/null > /dev/null 2> "$d/e"; rc=$?
if [ "$rc" = 2 ] && [ "$(cat "$d/e")" = "tabula play: --seat 9, but tutorial plays with 2 to 4 players (seats 1 to 4)" ]; then ok
else bad "a --seat past the game's seats is said of the seat"; cat "$d/e"; fi
XDG_STATE_HOME="$d/st" "$t" play notalone --players 0 < /dev/null > /dev/null 2> "$d/e"; rc=$?
"$t" sim notalone -n 1 --players 0 > /dev/null 2> "$d/e2"; rc2=$?
XDG_STATE_HOME="$d/st" "$t" play notalone --players 17 < /dev/null > /dev/null 2> "$d/e3"; rc3=$?
if [ "$rc" = 2 ] && [ "$rc2" = 2 ] && [ "$rc3" = 2 ] && grep -q "^tabula play: notalone plays with 2 to 7 players, not 0$" "$d/e" \
   && grep -q "^tabula sim: notalone plays with 2 to 7 players, not 0$" "$d/e2" \
   && grep -q "^tabula play: --players takes a whole number from 1 to 16, not '17'$" "$d/e3"; then ok
else bad "--players 0 gives the game's range"; cat "$d/e" "$d/e2" "$d/e3"; fi

# a script error that breaks the rest of the game: lint, sim and test name the first
# error, where it began (an expansion removing a place: the setup's card.new fails);
# they named the last one ("seat 2 has no zone 'played'"), hundreds of errors later
mkdir -p "$d/rm/cards"
cp tests/packs/notalone-ambush/pack.json "$d/rm/"
printf '{"removes": ["artefact"], "cards": []}\n' > "$d/rm/cards.json"
"$t" lint "$d/rm" > "$d/l"; rc=$?
"$t" sim notalone --pack "$d/rm" -n 1 > "$d/s" 2>&1
printf 'scenario "x" { game = "%s", players = 2, options = { board_side = 1 }, steps = { "2: Lair" } }\n' "$d/rm" > "$d/rm.lua"
"$t" test "$d/rm.lua" > "$d/tt" 2>&1; rc3=$?
if [ $rc = 1 ] && grep -q "rules.lua:[0-9]*: rules (setup): card.new: 'artefact' is not a card definition" "$d/l" \
   && ! grep -q "has no zone" "$d/l" \
   && grep -q "first error: game seed 1: turn limit: .*, after [0-9]* script errors; the first: .*rules (setup): card.new: 'artefact'" "$d/s" \
   && [ $rc3 = 1 ] && grep -q "nothing to answer: turn limit: " "$d/tt" \
   && grep -q "script errors by then; the first: .*rules (setup): card.new: 'artefact'.*; the last: " "$d/tt"; then ok
else bad "lint, sim and test name a game's first script error"; cat "$d/l" "$d/s" "$d/tt"; fi

# ---- the prompt, reviewed as a player (tabula play) ----------------------------------
# undo n refused by another seat's decision named a count (`undo 2`) that was refused in
# turn, because a card had been drawn between those two decisions: the count said is one
# undo takes, and the reason is the nearest one (Sparks, seed 3: a card drawn at turn 3)
printf '1\n1\n1\nundo 3\nundo 2\nundo\nquit\n' | XDG_STATE_HOME="$d/st" "$t" play tutorial --seed 3 > "$d/o" 2>&1
if grep -q "^undo 3: you have been shown something (a card drawn, .*) before your last decision, so only that one can be taken back (\`undo\`)$" "$d/o" \
   && grep -q "^undo 2: you have been shown something .* so only that one can be taken back" "$d/o" \
   && ! grep -q "undo 2\`" "$d/o" && grep -q "^took back 1 decision of yours" "$d/o"; then ok
else bad "undo n names a count that undo takes"; cat "$d/o"; fi

# a file name with an opening quote and no closing one was taken whole: `save "my game`
# wrote a file named '"my' (or was told to put the name in quotes); ':' alone was
# 'ambiguous'; `help :seat` knew no command ':seat'; help showed `autopass on|off`
# though `autopass` alone says which
mkdir -p "$d/qw"
printf 'save "x\nsave "my game\n:\nhelp :seat\nhelp\nquit\n' \
  | (ta=$(cd "$(dirname "$t")" && pwd)/$(basename "$t"); cd "$d/qw" && XDG_STATE_HOME="$d/st" "$ta" play tutorial --seed 3) > "$d/o" 2>&1
if [ -z "$(ls -A "$d/qw")" ] && grep -q "^save: the quote \" that begins '\"x' is not closed (save \"my game.json\"); nothing was done$" "$d/o" \
   && grep -q "^save: the quote \" that begins '\"my game' is not closed" "$d/o" \
   && grep -q "^':' needs a command after it: :seat 3" "$d/o" && grep -q "^seat \[s\] \[bot\] - which seat you are" "$d/o" \
   && grep -q "^  autopass \[on|off\] answer questions" "$d/o"; then ok
else bad "save with an unclosed quote, ':' alone, help :seat, help's autopass"; cat "$d/o"; ls -A "$d/qw"; fi

# `why river` at the Creature's Phase-1 window said River "may be played in any window
# when its own conditions hold": a card whose script has no can_play is never offered
printf '1\nwhy river\nquit\n' | XDG_STATE_HOME="$d/st" "$t" play notalone --seed 3 > "$d/o" 2>&1
if grep -q "^'river' is not an option of this decision .*; River is not a card a window offers (its script has no can_play)$" "$d/o" \
   && ! grep -q "River may be played in any window" "$d/o"; then ok
else bad "why names a card no window offers"; cat "$d/o"; fi

# `save FILE` wrote over whatever FILE was: notes of the player's, a saved game of
# another game (unfinished, with answers), a device (as root, /dev/full became a
# file). A save of this same game is written over; anything else stays as it was
mkdir -p "$d/sv"
printf 'my notes\n' > "$d/sv/notes.txt"
printf '1\nsave %s/al.json\nquit\n' "$d/sv" | XDG_STATE_HOME="$d/st" "$t" play artemia-lite --players 3 --seed 7 > /dev/null 2>&1
cp "$d/sv/al.json" "$d/sv/al.bak"
printf 'save %s/notes.txt\nsave %s/al.json\nsave %s/mine.json\n2\nsave %s/mine.json\nquit\n' "$d/sv" "$d/sv" "$d/sv" "$d/sv" \
  | XDG_STATE_HOME="$d/st" "$t" play tutorial --seed 3 > "$d/o" 2>&1
if [ "$(cat "$d/sv/notes.txt")" = "my notes" ] && cmp -s "$d/sv/al.json" "$d/sv/al.bak" \
   && grep -q "^save: $d/sv/notes.txt: not written over: the file is there and is not a saved game (give another name)$" "$d/o" \
   && grep -q "^save: $d/sv/al.json: not written over: it holds another game (artemia-lite, 3 players, seed 7, 6 decisions; give another name, or delete it first)$" "$d/o" \
   && [ "$(grep -c "^saved to $d/sv/mine.json" "$d/o")" = 2 ] && grep -q '"answers":\[$' "$d/sv/mine.json" \
   && [ "$(ls "$d/sv" | wc -l)" = 4 ]; then ok
else bad "save does not write over a file that is not a save of this game"; cat "$d/o" "$d/sv/notes.txt"; ls "$d/sv"; fi

# an autosave that cannot be written (here its folder cannot be made: XDG_STATE_HOME is a
# file) said nothing at quit, and after "autosave failed" said "Saved.": the game was
# lost. quit now says so once, while `save FILE` can keep it, and the last line is true
printf 'x\n' > "$d/notadir"
printf '2\nquit\nsave %s/sv/kept.json\nquit\n' "$d" | XDG_STATE_HOME="$d/notadir" "$t" play tutorial --seed 3 > "$d/o" 2>&1
if grep -q "^quit: this game is not autosaved (the autosave folder $d/notadir/tabula cannot be created: Not a directory): \`save FILE\` keeps it; \`quit\` again leaves without it$" "$d/o" \
   && grep -q "^saved to $d/sv/kept.json" "$d/o" && ! grep -q "^Saved" "$d/o" \
   && grep -q "^Not autosaved: the autosave folder $d/notadir/tabula cannot be created: Not a directory; \`tabula play --resume\` will not continue this game.$" "$d/o" \
   && [ "$(cat "$d/notadir")" = x ]; then ok
else bad "quit of a game the autosave could not write"; cat "$d/o"; fi

# with neither XDG_STATE_HOME nor HOME there is no folder to autosave to: quit says so once
# and the game ends unsaved, said; --resume has no last game to find
printf '2\nquit\n' | env -u HOME -u XDG_STATE_HOME "$t" play tutorial --seed 3 > "$d/o" 2>&1; rc=$?
env -u HOME -u XDG_STATE_HOME "$t" play --resume < /dev/null > /dev/null 2> "$d/e"; rc2=$?
if [ $rc = 0 ] && grep -q "^quit: this game is not autosaved (no folder to autosave to (neither XDG_STATE_HOME nor HOME is set)): \`save FILE\` keeps it; \`quit\` again leaves without it$" "$d/o" \
   && [ "$(tail -n 1 "$d/o")" = "Not autosaved: no folder to autosave to (neither XDG_STATE_HOME nor HOME is set); \`tabula play --resume\` will not continue this game." ] \
   && [ $rc2 = 1 ] && [ "$(cat "$d/e")" = "tabula play: --resume needs HOME or XDG_STATE_HOME to find the last game" ]
then ok; else bad "play with no folder to autosave to"; cat "$d/o" "$d/e"; fi
# --load and load of what is not this game's log: a game whose folder is not in games/
# (the DIR to give is said), and a JSON file that is no log at all
printf '1\nsave %s\nquit\n' "$d/labels.json" | XDG_STATE_HOME="$d/st-ld" "$t" play tests/packs/labels --seed 1 > /dev/null 2>&1
XDG_STATE_HOME="$d/st-ld" "$t" play tutorial --load "$d/labels.json" < /dev/null > /dev/null 2> "$d/e"; rc=$?
printf 'load %s\nquit\n' "games/tutorial/pack.json" | XDG_STATE_HOME="$d/st-ld" "$t" play tutorial --seed 1 > "$d/o" 2>&1
if [ $rc = 1 ] && [ "$(cat "$d/e")" = "tabula play: cannot load: $d/labels.json is a game of test-labels, not tutorial: \`tabula play DIR --load $d/labels.json\`, with DIR the folder of test-labels, opens it" ] \
   && grep -q '^load: games/tutorial/pack.json: not a Tabula log (format 1 expected); the file has no "tabula_log" format number: not loaded$' "$d/o"
then ok; else bad "play --load of another pack's game, load of a file that is no log"; cat "$d/e" "$d/o"; fi

# replay --verify of several logs where one is bad: a file naming no pack stopped it there
# (no count, the files after it unchecked); a log without "state_hash" counted as
# reaching its saved state; a log of another game said to add it with --pack (after a
# header naming the game loaded as the one replayed); --step's errors did not name the file
printf '[1]\n' > "$d/nopack.json"
grep -v '"state_hash"' "$d/played.json" > "$d/nohash.json"
sed 's/"seed": *"5"/"seed":"6"/' "$d/played.json" > "$d/seed6.json"
"$t" replay --verify "$d/nopack.json" "$d/played.json" "$d/nohash.json" "$d/seed6.json" > "$d/o" 2> "$d/e"; rc=$?
"$t" replay "$d/played.json" --game notalone > "$d/o2" 2> "$d/e2"; rc2=$?
"$t" replay --step "$d/seed6.json" < /dev/null > /dev/null 2> "$d/e3"; rc3=$?
if [ $rc = 1 ] && [ "$(cat "$d/o")" = "1 log replayed to the saved state, 3 did not" ] \
   && grep -q "^tabula replay: $d/nopack.json: the log names no pack$" "$d/e" \
   && grep -q "^tabula replay: $d/nohash.json: the log has no \"state_hash\": there is no saved state to verify$" "$d/e" \
   && grep -q "^tabula replay: $d/seed6.json: replay" "$d/e" \
   && [ $rc2 = 1 ] && grep -q "^tabula replay: $d/played.json: log is a game of 'artemia-lite', not of 'notalone' (the game loaded)$" "$d/e2" \
   && [ ! -s "$d/o2" ] \
   && [ $rc3 = 1 ] && grep -q "^tabula replay: $d/seed6.json: replay" "$d/e3"; then ok
else bad "replay --verify of several logs, one bad; a log of another game; --step names the file"; cat "$d/o" "$d/e" "$d/e2" "$d/e3"; fi

# replay --step --seat 1 of a hidden-information game: seat 1's answers by their labels,
# an answer of no pick said so (it is an answer too), the others' never named
sed 1d tests/repl/golden/secrets-hotseat.txt > "$d/sec.txt"
printf 'save %s/sec.json\n' "$d" >> "$d/sec.txt"
XDG_STATE_HOME="$d/st-sec" "$t" play tests/repl/secrets --players 3 --seat all --seed 1 --script "$d/sec.txt" > /dev/null 2>&1
"$t" replay --step --seat 1 --game tests/repl/secrets "$d/sec.json" < /dev/null > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 0 ] && grep -q '^\[decision 1/14: seat 1 — hide a card: Amber Key\]$' "$d/o" \
   && grep -q '^\[decision 13/14: seat 1 — stash up to 2 cards: answered with nothing\]$' "$d/o" \
   && grep -q '^\[decision 14/14: seat 2 — stash up to 2 cards: (answer seen by seat 2 only)\]$' "$d/o" \
   && ! grep -q 'Basalt\|Cobalt' "$d/o"
then ok; else bad "replay --step --seat 1 of a game of secrets"; cat "$d/o" "$d/e"; fi
# replay reads one log, --verify any number (two files without it: which one was meant?)
"$t" replay "$d/played.json" "$d/played.json" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && [ ! -s "$d/o" ] && [ "$(cat "$d/e")" = "tabula replay: one file at a time (several only with --verify)" ]
then ok; else bad "replay of two files without --verify"; cat "$d/o" "$d/e"; fi

# tabula new: a game (a copy of the tutorial's, all in one folder) and an expansion that
# lint clean, pass their own scenario test and play; made from outside the repository
# (the games beside the binary); a folder that is not empty, a name that is no id, a
# game that does not load or a card it lacks write nothing
tt=$(cd "$(dirname "$t")" && pwd)/$(basename "$t")
mkdir -p "$d/nw"
(cd "$d/nw" && "$tt" new my-game > "$d/o" 2> "$d/e"); rc=$?
if [ $rc = 0 ] && grep -q '"id": "my-game"' "$d/nw/my-game/pack.json" && grep -q '"name": "My Game"' "$d/nw/my-game/pack.json" \
   && grep -q '"scripts": "cards"' "$d/nw/my-game/pack.json" && [ -f "$d/nw/my-game/cards/spark2.lua" ] \
   && [ -f "$d/nw/my-game/bots.lua" ] && [ -f "$d/nw/my-game/rules.lua" ] && grep -q "^  tabula play my-game$" "$d/o" \
   && (cd "$d/nw" && "$tt" lint my-game > "$d/l") && grep -q "^0 errors$" "$d/l" && grep -q "^  cards: spark 4$" "$d/l" \
   && (cd "$d/nw/my-game" && "$tt" test tests > "$d/tt") && grep -q "^1 passed, 0 failed$" "$d/tt" \
   && "$t" test "$d/nw/my-game/tests" > "$d/tt2" && grep -q "^1 passed, 0 failed$" "$d/tt2" \
   && (cd "$d/nw" && "$tt" sim my-game -n 20 --players 3 > "$d/s") && grep -q "20 games, 3 players, 0 with errors" "$d/s"
then ok; else bad "new: a game from the tutorial"; cat "$d/o" "$d/e" "$d/l" "$d/tt" "$d/s"; fi
# the new game is the designer's own: a changed card shows in its test
sed -i 's/seat.add(ctx.seat, "points", 1)/seat.add(ctx.seat, "points", 1) error("changed")/' "$d/nw/my-game/cards/spark1.lua"
(cd "$d/nw/my-game" && "$tt" test tests > "$d/tt"); rc=$?
if [ $rc = 1 ] && grep -q "^0 passed, 1 failed$" "$d/tt" && ! grep -q changed games/tutorial/*.lua cards/tutorial/*.lua
then ok; else bad "new: the copy's scripts are its own"; cat "$d/tt"; fi
(cd "$d/nw" && "$tt" new exp1 --expansion tutorial --card spark2 --name "Sparks, more" > "$d/o" 2> "$d/e"); rc=$?
if [ $rc = 0 ] && grep -q '"depends": \[' "$d/nw/exp1/pack.json" && grep -q '"tutorial"' "$d/nw/exp1/pack.json" \
   && grep -q '"name": "Sparks, more"' "$d/nw/exp1/pack.json" && grep -q '"id": "new_spark2"' "$d/nw/exp1/cards.json" \
   && grep -q '"name": "New Spark II"' "$d/nw/exp1/cards.json" && cmp -s cards/tutorial/spark2.lua "$d/nw/exp1/cards/new_spark2.lua" \
   && (cd "$d/nw" && "$tt" lint exp1 > "$d/l") && grep -q "^  cards: spark 5$" "$d/l" && grep -q "^0 errors$" "$d/l" \
   && (cd "$d/nw/exp1" && "$tt" test tests > "$d/tt") && grep -q "^2 passed, 0 failed$" "$d/tt"
then ok; else bad "new --expansion tutorial --card spark2"; cat "$d/o" "$d/e" "$d/l" "$d/tt"; fi
# a game given by its folder is depended on by its path; its last card with a script
"$t" new "$d/nw/exp2" --expansion tests/packs/duel > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 0 ] && grep -q '"path": "/' "$d/nw/exp2/pack.json" && "$t" lint "$d/nw/exp2" > "$d/l" && grep -q "^0 errors$" "$d/l" \
   && (cd "$d/nw/exp2" && "$tt" test tests > "$d/tt") && grep -q "^2 passed, 0 failed$" "$d/tt"
then ok; else bad "new --expansion of a pack folder"; cat "$d/o" "$d/e" "$d/l" "$d/tt"; fi
# refusals: exit 2 before any work, nothing written
mkdir -p "$d/nw/full" && echo keep > "$d/nw/full/notes.txt"
"$t" new "$d/nw/full" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "is not empty (1 entry): nothing written" "$d/e" && [ "$(ls "$d/nw/full")" = notes.txt ] \
   && [ "$(cat "$d/nw/full/notes.txt")" = keep ]; then ok; else bad "new into a folder that is not empty"; cat "$d/e"; fi
"$t" new "$d/nw/My Game" > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && grep -q "the folder's name 'My Game' cannot be a pack's id" "$d/e" && [ ! -e "$d/nw/My Game" ]
then ok; else bad "new with a folder name that is no id"; cat "$d/e"; fi
"$t" new "$d/nw/x1" --from tutorial --expansion tutorial > "$d/o" 2> "$d/e"; rc1=$?
"$t" new "$d/nw/x1" --card spark1 > "$d/o" 2> "$d/e2"; rc2=$?
"$t" new > "$d/o" 2> "$d/e3"; rc3=$?
"$t" new "$d/nw/x1" --frob > "$d/o" 2> "$d/e4"; rc4=$?
if [ $rc1 = 2 ] && [ $rc2 = 2 ] && [ $rc3 = 2 ] && [ $rc4 = 2 ] && grep -q "give one of them" "$d/e" \
   && grep -q "give --expansion GAME too" "$d/e2" && grep -q "^usage: tabula new" "$d/e3" \
   && grep -q "unknown, repeated or incomplete argument '--frob'" "$d/e4" && [ ! -e "$d/nw/x1" ]
then ok; else bad "new: arguments refused"; cat "$d/e" "$d/e2" "$d/e3" "$d/e4"; fi
# a game that does not load, a card it lacks: exit 1, the folder made for it taken away
# (an empty folder given stays, empty)
"$t" new "$d/nw/x2" --from tests/packs/notalone-broken > "$d/o" 2> "$d/e"; rc1=$?
mkdir -p "$d/nw/empty"
"$t" new "$d/nw/empty" --expansion tutorial --card sprak2 > "$d/o" 2> "$d/e2"; rc2=$?
if [ $rc1 = 1 ] && grep -q "tests/packs/notalone-broken does not load, so nothing was made from it" "$d/e" && [ ! -e "$d/nw/x2" ] \
   && [ $rc2 = 1 ] && grep -q "tutorial has no card 'sprak2' (did you mean 'spark2'?); nothing was left in" "$d/e2" \
   && [ -d "$d/nw/empty" ] && [ -z "$(ls -A "$d/nw/empty")" ]
then ok; else bad "new from a game that does not load, or a card it lacks"; cat "$d/e" "$d/e2"; ls -A "$d/nw/empty"; fi
# a failure part way (two card files of one name) takes away what was written
mkdir -p "$d/tw/a" "$d/tw/b"
printf '{"id":"tw","name":"Twice","version":"1.0.0","api":1,"players":{"min":1,"max":2},"rules":"rules.lua","cards":["a/c.json","b/c.json"]}\n' > "$d/tw/pack.json"
printf '{"cards":[{"id":"one","kind":"k","name":"One","text":"x"}]}\n' > "$d/tw/a/c.json"
printf '{"cards":[{"id":"two","kind":"k","name":"Two","text":"x"}]}\n' > "$d/tw/b/c.json"
printf 'return { turn = { "main" }, steps = { main = { enter = function() game.win(1, "done") end } } }\n' > "$d/tw/rules.lua"
"$t" new "$d/nw/x3" --from "$d/tw" > "$d/o" 2> "$d/e"; rc=$?
if "$t" lint "$d/tw" > /dev/null && [ $rc = 1 ] && grep -q "c.json' is written twice (two files of the game have that name); nothing was left in" "$d/e" \
   && [ ! -e "$d/nw/x3" ]
then ok; else bad "new: a failure part way leaves nothing"; cat "$d/e"; ls -R "$d/nw/x3"; fi

# ---- tabula test on a pack's folder: the scenarios of its tests/, not its rules or
# scripts; a pack without tests/ given by name fails saying where they go
"$t" test tests/packs/lines > "$d/o" 2>&1; rc=$?
"$t" test games/tutorial > "$d/o2" 2>&1; rc2=$?
"$t" test tests/packs > "$d/o3" 2>&1; rc3=$?
if [ $rc = 0 ] && [ "$(tail -n 1 "$d/o")" = "$("$t" test tests/packs/lines/tests | tail -n 1)" ] \
   && [ $rc2 = 1 ] && grep -q "^FAIL games/tutorial: a pack's folder: its scenarios go in games/tutorial/tests/, which it does not have$" "$d/o2" \
   && [ $rc3 = 0 ] && grep -q " passed, 0 failed$" "$d/o3"
then ok; else bad "test on a pack's folder runs its tests/"; cat "$d/o" "$d/o2" "$d/o3"; fi

# ---- the lookahead bot (repl/lookahead.c): --bots lookahead[:N], its refusals, its strength
"$t" sim tutorial --players 2 -n 2 --seed 1 --bots lookahead > "$d/la" 2>&1; rc=$?
"$t" sim tutorial --players 3 -n 2 --seed 1 --bots 2=lookahead:7 --json "$d/la.json" > "$d/la2" 2>&1; rc2=$?
if [ $rc = 0 ] && grep -q "^tutorial: 2 games, 2 players, 0 with errors" "$d/la" && grep -q "^  bots: seats 1-2 lookahead$" "$d/la" \
   && [ $rc2 = 0 ] && grep -q "^  bots: seat 1 random, seat 2 lookahead:7, seat 3 random$" "$d/la2" \
   && grep -q '"bots": "2=lookahead:7"' "$d/la.json" && grep -q '"errors": 0' "$d/la.json"
then ok; else bad "sim --bots lookahead, lookahead:N"; cat "$d/la" "$d/la2"; fi
la_all=1
for spec in lookahead:0 lookahead: lookahead:-3 lookahead:100001 lookahead:5x lookahead:0:greedy; do
  "$t" sim tutorial -n 1 --bots "$spec" > "$d/o" 2> "$d/e"; rc=$?
  if [ $rc != 2 ] || [ -s "$d/o" ] || [ "$(cat "$d/e")" != "tabula sim: --bots: '$spec': lookahead takes its games a question as lookahead:N, N from 1 to 100000" ]; then
    la_all=0; echo "  --bots $spec: rc $rc: $(cat "$d/e")"
  fi
done
# lookahead:N:BOT: a bot of the game's packs (or random) plays the games forward
for spec in lookahead:x lookahead:5:gready; do
  "$t" sim tutorial -n 1 --bots "$spec" > "$d/o" 2> "$d/e"; rc=$?
  bot=${spec##*:}
  if [ $rc != 2 ] || [ -s "$d/o" ] || [ "$(cat "$d/e")" != "tabula sim: --bots: '$spec': no bot named '$bot' to play lookahead's games forward (lookahead:N:BOT; the bots: random, greedy)" ]; then
    la_all=0; echo "  --bots $spec: rc $rc: $(cat "$d/e")"
  fi
done
"$t" sim tutorial --players 2 -n 2 --seed 1 --bots 2=lookahead:6:greedy > "$d/o" 2>&1; rc=$?
if [ $rc != 0 ] || ! grep -q "^  bots: seat 1 random, seat 2 lookahead:6:greedy$" "$d/o"; then
  la_all=0; echo "  --bots 2=lookahead:6:greedy: rc $rc"; cat "$d/o"
fi
"$t" sim tutorial -n 1 --players 3 --bots 1=lookahead:5,2=lookahead:6 > /dev/null 2> "$d/e"; rc=$?
"$t" sim tutorial -n 1 --bots lookahead:5,2=lookahead > /dev/null 2> "$d/e2"; rc2=$?
"$t" play tutorial --bots lookahead:0 < /dev/null > /dev/null 2> "$d/e3"; rc3=$?
if [ $la_all = 1 ] && [ $rc = 2 ] \
   && [ "$(cat "$d/e")" = "tabula sim: --bots names the lookahead bot as lookahead:5 and as lookahead:6; one for every seat it plays" ] \
   && [ $rc2 = 2 ] && grep -q "^tabula sim: --bots names the lookahead bot as lookahead:5 and as lookahead;" "$d/e2" \
   && [ $rc3 = 2 ] && grep -q "^tabula play: --bots: 'lookahead:0': lookahead takes its games" "$d/e3"
then ok; else bad "--bots lookahead refusals"; cat "$d/e" "$d/e2" "$d/e3"; fi
"$t" sim tutorial --bots help > "$d/o" 2>&1; rc=$?
"$t" play artemia-lite --bots help < /dev/null > "$d/o2" 2>&1; rc2=$?
if [ $rc = 0 ] && grep -q "^  lookahead  tries the answers in 200 games a question, played to the end by$" "$d/o" \
   && grep -q "(built in; lookahead:N: N games;$" "$d/o" && grep -q "lookahead:N:BOT: played by one of the bots below)$" "$d/o" \
   && grep -q "^  greedy  " "$d/o" \
   && [ $rc2 = 0 ] && grep -q "^  lookahead  tries the answers" "$d/o2"
then ok; else bad "--bots help lists lookahead, also in a game without bots.lua"; cat "$d/o" "$d/o2"; fi
# a card's "back" (what its back shows: the lookahead bot deals unseen faces within it)
# is a string of 1 to 100 characters; anything else is an error at the card's entry
mkdir -p "$d/bk"
cp games/tutorial/rules.lua "$d/bk/"
sed 's|"scripts": "../../cards/tutorial"|"scripts": "'"$PWD"'/cards/tutorial"|' games/tutorial/pack.json > "$d/bk/pack.json"
backs() { sed 's/"kind": "spark", "name": "Spark II",/"kind": "spark", "back": '"$1"', "name": "Spark II",/' games/tutorial/cards.json > "$d/bk/cards.json"; }
backs '""'; "$t" lint "$d/bk" > "$d/l1"; rc1=$?; "$t" lint "$d/bk" --json > "$d/l1j"
backs 3; "$t" lint "$d/bk" > "$d/l2"; rc2=$?
backs '"Sparks deck"'; "$t" lint "$d/bk" > "$d/l3"; rc3=$?
if [ $rc1 = 1 ] && grep -q "^  error: $d/bk/cards.json:4:39: card 'spark2': a card's 'back' has 1 to 100 characters$" "$d/l1" \
   && grep -q '"line": 4' "$d/l1j" && grep -q '"col": 39' "$d/l1j" \
   && [ $rc2 = 1 ] && grep -q "^  error: $d/bk/cards.json:4:39: card 'spark2': 'back' must be a string$" "$d/l2" \
   && [ $rc3 = 0 ] && grep -q "^0 errors$" "$d/l3"
then ok; else bad "lint: a card's back"; cat "$d/l1" "$d/l2" "$d/l3"; fi
# hint lookahead changes nothing: the game goes on as it would without it (its copies'
# dice and script calls are not the game's)
printf '1\n1\n1\nlog 40\n' > "$d/s1"
printf 'hint lookahead\n1\nhint lookahead:20\n1\nhint lookahead\n1\nlog 40\n' > "$d/s2"
XDG_STATE_HOME="$d/hst" "$t" play tutorial --players 3 --seed 4 --script "$d/s1" > "$d/h1" 2>&1
XDG_STATE_HOME="$d/hst" "$t" play tutorial --players 3 --seed 4 --script "$d/s2" > "$d/h2" 2>&1
if [ "$(grep -c '^lookahead\(:20\)\? would answer: ' "$d/h2")" = 3 ] \
   && [ "$(sed -n '/> log 40$/,$p' "$d/h1")" = "$(sed -n '/> log 40$/,$p' "$d/h2")" ] && grep -q '> log 40$' "$d/h1"
then ok; else bad "hint lookahead changes nothing"; diff "$d/h1" "$d/h2" | head -n 20; fi
# Strength, a check that can fail: seat 2 of the tutorial at 2 players wins 9 of these 40
# games (seeds 1-40) with random play and 31 with lookahead:50; a bot no better than
# random would be far below 22 (9 of 40 give a rate of 0.22; 22 of 40 is 5 standard
# deviations above it)
"$t" sim tutorial --players 2 -n 40 --seed 1 --json - > "$d/sr.json" 2> /dev/null
"$t" sim tutorial --players 2 -n 40 --seed 1 --bots 2=lookahead:50 --json - > "$d/sl.json" 2> /dev/null
s2() { sed -n 's/^    "seat 2": \([0-9]*\),*$/\1/p' "$1" | head -n 1; }
r2=$(s2 "$d/sr.json"); l2=$(s2 "$d/sl.json")
if [ -n "$r2" ] && [ -n "$l2" ] && [ "$r2" -le 15 ] && [ "$l2" -ge 22 ] && grep -q '"errors": 0' "$d/sl.json"
then ok; else bad "lookahead:50 wins clearly more than random (seat 2: random $r2, lookahead $l2 of 40)"; fi
# The same in a game of hidden hands, tests/packs/lines (Battle Line-like: the bot must
# play forward from deals of the cards it does not see): seat 2 wins 19 of these 40 games
# (seeds 1-40) with random play and 33 with lookahead:50; a random seat 2 (a rate near
# 0.49) reaching 28 would be nearly 3 standard deviations above it. About 3 s.
"$t" sim tests/packs/lines -n 40 --seed 1 --json - > "$d/lr.json" 2> /dev/null
"$t" sim tests/packs/lines -n 40 --seed 1 --bots 2=lookahead:50 --json - > "$d/ll.json" 2> /dev/null
r2=$(s2 "$d/lr.json"); l2=$(s2 "$d/ll.json")
if [ -n "$r2" ] && [ -n "$l2" ] && [ "$r2" -le 24 ] && [ "$l2" -ge 28 ] && grep -q '"errors": 0' "$d/ll.json"
then ok; else bad "lines: lookahead:50 wins clearly more than random (seat 2: random $r2, lookahead $l2 of 40)"; fi

echo "cli: $pass passed, $fail failed"
[ "$fail" = 0 ]
