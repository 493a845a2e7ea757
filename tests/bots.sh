#!/bin/sh
# tests/bots.sh — bots written in Lua (a pack's bots.lua; vm/bot.c, repl/common.c): what
# they see, what they may not do, how --bots names them, and what sim, play and lint say.
# The misbehaving bots are tests/packs/bots-hostile (over the tutorial game).
# usage: tests/bots.sh <tabula binary>
t=$1
pass=0
fail=0
ok() { pass=$((pass+1)); }
bad() { echo "FAIL bots: $1"; fail=$((fail+1)); }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
H="--pack tests/packs/bots-hostile"

# ---- what a bot sees: its seat's view, nothing more -------------------------------------
# peek errors when it sees a card of another seat's hand or of any deck; own errors when
# it sees none of its own hand (so peek's silence is not blindness)
"$t" sim tutorial $H --bots peek -n 50 --players 3 > "$d/o" 2>&1
"$t" sim tutorial $H --bots own -n 50 --players 3 > "$d/o2" 2>&1
if grep -q "50 games, 3 players, 0 with errors" "$d/o" && grep -q "50 games, 3 players, 0 with errors" "$d/o2"; then ok
else bad "a bot sees its own hand and no other seat's"; cat "$d/o" "$d/o2"; fi
# a bot that sees what it may not see is caught by peek: the same bot over a view where
# hands are public (a copy of the tutorial whose hands anyone sees) errors
mkdir -p "$d/pub"
cp games/tutorial/pack.json games/tutorial/cards.json "$d/pub/"
sed 's|"scripts": "../../cards/tutorial"|"scripts": "'"$PWD"'/cards/tutorial"|' games/tutorial/pack.json > "$d/pub/pack.json"
sed 's/zone.new("hand", { owner = s, visibility = "owner" })/zone.new("hand", { owner = s, visibility = "public" })/' \
  games/tutorial/rules.lua > "$d/pub/rules.lua"
cp tests/packs/bots-hostile/bots.lua "$d/pub/bots.lua"
"$t" sim "$d/pub" --bots peek -n 5 > "$d/o" 2>&1
if grep -q "5 with errors" "$d/o" && grep -q "first error: game seed 1: bot 'peek' (.*pub/bots.lua), seat 1, question 'play a card': .*bots.lua:[0-9]*: seat 1 saw Spark" "$d/o"; then ok
else bad "peek fails where hands are public (the check can fail)"; cat "$d/o"; fi

# ---- a later pack's bot of the same name replaces the earlier one ----------------------
mkdir -p "$d/xb"
printf '{"id":"xb","name":"Bots override","version":"0.1.0","api":1,"depends":["tutorial"]}\n' > "$d/xb/pack.json"
printf 'return { greedy = function(view, q) error("the expansion greedy") end }\n' > "$d/xb/bots.lua"
"$t" sim tutorial --pack "$d/xb" --bots greedy -n 2 > "$d/o" 2>&1
"$t" sim tutorial --pack "$d/xb" --bots help > "$d/o2" 2>&1
if grep -q "2 with errors" "$d/o" && grep -q "bot 'greedy' (.*xb/bots.lua), seat 1, .*the expansion greedy" "$d/o" \
   && [ "$(grep -c '^  greedy ' "$d/o2")" = 1 ] && grep -q "^  greedy     (.*xb/bots.lua)" "$d/o2"; then ok
else bad "an expansion's bot replaces the game's of the same name"; cat "$d/o" "$d/o2"; fi

# ---- what a bot may not do: each one a clear error naming the bot, seat and question ----
chk() { # chk NAME PATTERN: the bot's first game fails with PATTERN in the first error
  "$t" sim tutorial $H --bots "2=$1" -n 3 > "$d/o" 2>&1
  if grep -q "3 with errors" "$d/o" && grep -q "first error: game seed 1: bot '$1' (tests/packs/bots-hostile/bots.lua), seat 2, question 'play a card': $2" "$d/o"
  then ok; else bad "bot $1: $2"; cat "$d/o"; fi
}
chk api "tests/packs/bots-hostile/bots.lua:[0-9]*: attempt to index a nil value (global 'game')"
chk defs "tests/packs/bots-hostile/bots.lua:[0-9]*: read Gain 1 point"
chk loop "tests/packs/bots-hostile/bots.lua:[0-9]*: instruction budget of 5000000 exceeded"
chk swallow "tests/packs/bots-hostile/bots.lua:[0-9]*: instruction budget of 5000000 exceeded"
chk libwrite "tests/packs/bots-hostile/bots.lua:[0-9]*: attempt to write to a read-only table (key 'upper'): a bot keeps nothing between calls"
chk wrong "answered 99, which is not one of its options"
chk nolabel 'answered "Spark XIV", which is not one of its options'
chk twice "the answer names [0-9]* twice"
chk many "answered 2 options; the question takes 1"
chk optiontable "answered an option's table (.*), not its id or label: give q.options\[i\].id or .label"
chk raise_table "tests/packs/bots-hostile/bots.lua:[0-9]*: error raised with a table value, not a message"
chk point_five "answered [0-9]*\.5, which is not one of its options"
"$t" sim tutorial $H --bots 2=whole_float -n 3 > "$d/o" 2>&1
if grep -q "3 games, 2 players, 0 with errors" "$d/o"; then ok; else bad "an id as a whole float names the option"; cat "$d/o"; fi
# print: a line on standard error for whoever debugs the bot, not in the game's log;
# 64 KiB an answer at most
"$t" sim tutorial $H --bots 2=print -n 2 --logs "$d/pl" > "$d/o" 2> "$d/e"
"$t" sim tutorial $H --bots 2=chatty -n 1 > /dev/null 2> "$d/e2"
if grep -q "0 with errors" "$d/o" && grep -q "^bot print (seat 2): hello	1	true	nil	table$" "$d/e" \
   && ! grep -q hello "$d/pl/game-000000.json" \
   && [ "$(grep -c . "$d/e2")" -gt 100 ] && [ "$(wc -c < "$d/e2")" -lt 2000000 ]; then ok
else bad "print in a bot: standard error, capped"; head -3 "$d/e"; wc -c "$d/e2"; fi
# log = true: the seat's log lines, no card another seat drew; without it, no log
"$t" sim tutorial $H --bots logreader -n 30 --players 3 > "$d/o" 2>&1
"$t" sim tutorial $H --bots nolog -n 5 > "$d/o2" 2>&1
if grep -q "30 games, 3 players, 0 with errors" "$d/o" && grep -q "5 games, 2 players, 0 with errors" "$d/o2"; then ok
else bad "view.log for a bot that asks for it, and only what its seat may read"; cat "$d/o" "$d/o2"; fi

# ---- answers: nil leaves the question to the random bot; labels in any letter case ----
"$t" sim tutorial -n 300 --seed 4 > "$d/r" 2>&1
"$t" sim tutorial $H -n 300 --seed 4 --bots idle > "$d/i" 2>&1
if grep -q "bots: seats 1-2 idle" "$d/i" && [ "$(grep -E '^  seat|^  turns|^ *[0-9]+  seat' "$d/r")" = "$(grep -E '^  seat|^  turns|^ *[0-9]+  seat' "$d/i")" ]; then ok
else bad "a bot answering nil plays as the random bot does"; cat "$d/r" "$d/i"; fi
"$t" sim tutorial $H -n 100 --bots lower > "$d/o" 2>&1
if grep -q "100 games, 2 players, 0 with errors" "$d/o"; then ok; else bad "a label in lower case names the option"; cat "$d/o"; fi
# how often a bot left its questions to the random bot (lower answers only the main
# step's question): a misread label shows there, not in silence
"$t" sim tutorial $H -n 100 --bots 2=lower --json "$d/lw.json" > "$d/o" 2>&1
"$t" sim tutorial -n 100 --bots 2=greedy > "$d/o2" 2>&1
if grep -q "bots: seat 1 random, seat 2 lower; lower answered [0-9]* of its [0-9]* questions ([0-9]*% left to the random bot)" "$d/o" \
   && grep -q '"left_to_random": [1-9]' "$d/lw.json" \
   && grep -q "greedy answered \([0-9]*\) of its \1 questions$" "$d/o2"; then ok
else bad "sim says how many questions a bot left to the random bot"; cat "$d/o" "$d/o2"; fi
"$t" sim tutorial $H -n 20 --bots mathcheck > "$d/o" 2>&1
if grep -q "20 games, 2 players, 0 with errors" "$d/o"; then ok; else bad "math.random's contract in a bot"; cat "$d/o"; fi
# math.random draws from the bot's own stream: the same seeds, the same games, in any
# process; and not from the game's (the games differ from the random bot's only by the
# bot's picks, so this is checked by determinism: two runs, one result)
"$t" sim tutorial $H -n 200 --bots dice --json "$d/d1.json" > /dev/null 2>&1
"$t" sim tutorial $H -n 200 --bots dice --jobs 2 --json "$d/d2.json" > /dev/null 2>&1
strip() { grep -v -E '"(jobs|seconds|games_per_second)"' "$1"; }
if grep -q '"errors": 0' "$d/d1.json" && [ "$(strip "$d/d1.json")" = "$(strip "$d/d2.json")" ] \
   && grep -q '"bots": "dice"' "$d/d1.json"; then ok
else bad "math.random in a bot: the same games in one job and two"; diff "$d/d1.json" "$d/d2.json"; fi

# ---- a real bot: Sparks' greedy beats random from either seat ---------------------------
"$t" sim tutorial -n 2000 > "$d/r" 2>&1
"$t" sim tutorial -n 2000 --bots 1=greedy > "$d/g1" 2>&1
"$t" sim tutorial -n 2000 --bots 2=greedy > "$d/g2" 2>&1
wins() { sed -n "s/^  seat $2 *\([0-9]*\) wins.*/\1/p" "$1"; }
if grep -q "bots: seat 1 greedy, seat 2 random" "$d/g1" && grep -q "bots: seat 1 random, seat 2 greedy" "$d/g2" \
   && [ "$(wins "$d/g1" 1)" -gt "$(wins "$d/r" 1)" ] && [ "$(wins "$d/g2" 2)" -gt "$(wins "$d/r" 2)" ]; then ok
else bad "greedy wins more than random from seat 1 and from seat 2"; cat "$d/r" "$d/g1" "$d/g2"; fi

# ---- scenario steps: { bot = n, as = NAME } --------------------------------------------
cat > "$d/sc.lua" <<'EOS'
defaults { game = "tutorial", players = 2 }
scenario "an unknown bot" { steps = { { bot = 1, as = "smart" } } }
scenario "as without bot" { steps = { { as = "greedy" } } }
scenario "a failing bot" { game = "tests/packs/bots-hostile", steps = { { bot = 1, as = "wrong" } } }
scenario "greedy answers" { steps = { { bot = 3, as = "greedy" } } }
EOS
"$t" test "$d/sc.lua" > "$d/o" 2>&1
if grep -q "an unknown bot" "$d/o" && grep -q "no bot named 'smart' (the bots: random, lookahead, greedy" "$d/o" \
   && grep -q "'as' in a step goes with 'bot'" "$d/o" \
   && grep -q "bot 'wrong' (tests/packs/bots-hostile/bots.lua), seat 1, question 'play a card': answered 99" "$d/o" \
   && grep -q "^1 passed, 3 failed" "$d/o"; then ok
else bad "scenario steps with a pack's bot"; cat "$d/o"; fi

# ---- Not Alone's basic: each role beats random play (200 games at 2 players) ----------
"$t" sim notalone -n 200 --players 2 --jobs 2 --json "$d/nr.json" > /dev/null 2>&1
"$t" sim notalone -n 200 --players 2 --jobs 2 --bots hunted=basic --json "$d/nh.json" > /dev/null 2>&1
"$t" sim notalone -n 200 --players 2 --jobs 2 --bots creature=basic --json "$d/nc.json" > /dev/null 2>&1
w() { sed -n "/\"wins\"/,/}/s/^ *\"$2\": \([0-9]*\).*/\1/p" "$1" | head -n 1; }
if grep -q '"errors": 0' "$d/nh.json" && grep -q '"errors": 0' "$d/nc.json" \
   && [ "$(w "$d/nh.json" hunted)" -gt "$(w "$d/nr.json" hunted)" ] \
   && [ "$(w "$d/nc.json" creature)" -gt "$(w "$d/nr.json" creature)" ] \
   && grep -q '"basic": {' "$d/nh.json"; then ok
else bad "Not Alone's basic beats random in each role"; grep -A3 '"wins"' "$d/nr.json" "$d/nh.json" "$d/nc.json"; fi

# ---- --bots: naming bots, and what is wrong with a name ----------------------------------
"$t" sim tutorial --bots help > "$d/o" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q "^  random     random legal answers (built in)" "$d/o" \
   && grep -q "^  greedy     keeps Spark IV to react with" "$d/o" && grep -q "^             Spark II when it is ahead (games/tutorial/bots.lua)$" "$d/o"; then ok
else bad "--bots help lists the bots with what they do and their file"; cat "$d/o"; fi
"$t" play tutorial --bots help < /dev/null > "$d/o2" 2>&1
if grep -q "^  greedy     keeps Spark IV to react with" "$d/o2" && grep -q "games/tutorial/bots.lua)$" "$d/o2"; then ok
else bad "play --bots help lists the bots"; cat "$d/o2"; fi
st() { # st WANT PATTERN ARGS...: exit status WANT, PATTERN in the error
  want=$1; pat=$2; shift 2
  "$t" "$@" < /dev/null > /dev/null 2> "$d/e"; got=$?
  if [ "$got" = "$want" ] && grep -q -- "$pat" "$d/e"; then ok
  else bad "tabula $*: exit $got (want $want), error: $(cat "$d/e")"; fi
}
st 2 "^tabula sim: no bot named 'smart' (the bots: random, lookahead, greedy; --bots help describes them)" sim tutorial --bots smart
st 2 "^tabula play: no bot named 'smart'" play tutorial --bots smart
st 2 "names two bots for every seat" sim tutorial --bots greedy,random
st 2 "^tabula sim: --bots names seat 3; the game has 2 seats" sim tutorial --bots 3=greedy
st 2 "no seat plays the role 'creature' when the game starts (no seat has a role then: name seats by number)" sim tutorial --bots creature=greedy
st 2 "no seat plays the role 'hunter' when the game starts (the roles: creature, hunted)" sim notalone --bots hunter=random
st 2 "ends with a comma" sim tutorial --bots greedy,
st 2 "'=greedy' names no role or seat" sim tutorial --bots =greedy
st 2 "names seat 1 twice" sim tutorial --bots 1=greedy,1=random
st 2 "names the role 'hunted' twice" sim notalone --bots hunted=random,hunted=random
st 2 "^tabula sim: --bots takes NAME, ROLE=NAME or SEAT=NAME, separated by commas, not ',greedy'$" sim tutorial --bots ,greedy
st 2 "^tabula play: --bots takes NAME, ROLE=NAME or SEAT=NAME, separated by commas, not 'greedy,,1=random'$" play tutorial --bots greedy,,1=random
st 2 "^tabula sim: --bots: '0' is not a seat number (1 to 16) or a role$" sim tutorial --bots 0=greedy
st 2 "^tabula sim: --bots: '2x' is not a seat number (1 to 16) or a role$" sim tutorial --bots 2x=greedy
st 2 "^tabula sim: --bots: too many roles, or too long a role name ('rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr')$" sim tutorial --bots "$(printf 'r%.0s' $(seq 70))=greedy"
st 2 "^tabula play: --bots names seat 3; the game has 2 seats$" play tutorial --bots 3=greedy
st 2 "^tabula play: --bots: no seat plays the role 'hunter' when the game starts (the roles: creature, hunted)$" play notalone --bots hunter=random
st 2 "^tabula play: --bots 'gggggggggggggggggggggggggggggggggggggggg...' is too long (at most 255 characters)$" play tutorial --bots "$(printf 'g%.0s' $(seq 300))"
# roles: the Creature's seat by role, every Hunted by role
"$t" sim notalone -n 20 --players 4 --bots creature=random,hunted=random > "$d/o" 2>&1
"$t" sim notalone -n 20 --players 4 > "$d/o2" 2>&1
if [ "$(grep wins "$d/o")" = "$(grep wins "$d/o2")" ]; then ok; else bad "roles named with the random bot play as before"; cat "$d/o" "$d/o2"; fi

# ---- bots that do not load ---------------------------------------------------------------
# a bots.lua that keeps state between calls: the game still plays with random bots, a
# named bot is refused with the reason, lint says it at its line
"$t" sim tutorial --pack tests/packs/bots-broken -n 5 > "$d/o" 2>&1; rc=$?
"$t" sim tutorial --pack tests/packs/bots-broken --bots counter > "$d/o2" 2>&1; rc2=$?
"$t" lint tests/packs/bots-broken > "$d/l" 2>&1; rc3=$?
if [ $rc = 0 ] && grep -q "5 games, 2 players, 0 with errors" "$d/o" && [ $rc2 = 2 ] \
   && grep -q "no bot named 'counter': the packs' bots did not load: tests/packs/bots-broken/bots.lua:4: the function defined at line 4 assigns to 'calls', a variable of the whole file: a bot keeps nothing between calls" "$d/o2" \
   && [ $rc3 = 1 ] && grep -q "error: tests/packs/bots-broken/bots.lua:4: the function defined at line 4 assigns to 'calls'" "$d/l"; then ok
else bad "a bots.lua that does not load"; cat "$d/o" "$d/o2" "$d/l"; fi
# ... --bots help and hint say why there are no bots but the random one
why="tests/packs/bots-broken/bots.lua:4: the function defined at line 4 assigns to 'calls', a variable of the whole file: a bot keeps nothing between calls"
"$t" sim tutorial --pack tests/packs/bots-broken --bots help > "$d/o" 2>&1; rc=$?
printf 'hint\nquit\n' | XDG_STATE_HOME="$d/st-bb" "$t" play tutorial --pack tests/packs/bots-broken --seed 3 > "$d/o2" 2>&1
if [ $rc = 0 ] && grep -q "^  random     random legal answers (built in)$" "$d/o" && grep -q "^the packs' bots did not load: $why" "$d/o" \
   && grep -A1 "^seat 1> hint$" "$d/o2" | grep -q "^no hint: the game's bots did not load: $why"; then ok
else bad "--bots help and hint when bots.lua does not load"; cat "$d/o" "$d/o2"; fi
# what bots.lua must return: each mistake is lint's error at the file
mkdir -p "$d/bb"
printf '{"id": "bb", "version": "1", "api": 1, "depends": [{"id": "tutorial", "path": "%s/games/tutorial"}]}\n' "$PWD" > "$d/bb/pack.json"
badbots() { printf '%s\n' "$1" > "$d/bb/bots.lua"; "$t" lint "$d/bb" > "$d/l" 2>&1; grep -q -- "$2" "$d/l" || { echo "  lint of bots.lua '$1': $(cat "$d/l")"; return 1; }; }
if badbots 'return 1' "bots.lua: the script must return a table (got number)" \
   && badbots 'return { ["Big Bot"] = function() end }' "'Big Bot' is not a bot's name: a name is 1 to 40 of a-z, 0-9, _ and -" \
   && badbots 'return { random = function() end }' "a bot may not be named 'random': that is the built-in bot" \
   && badbots 'return { lookahead = function() end }' "a bot may not be named 'lookahead': that is the built-in bot" \
   && badbots 'return { x = { log = "yes", answer = function() end } }' "bot 'x': log must be true or false" \
   && badbots 'return { x = { about = 3, answer = function() end } }' "bot 'x': about must be a string" \
   && badbots 'return { x = { about = "no answer" } }' "bot 'x' must be a function, or a table with answer = function(view, question)"
then ok; else bad "lint: what bots.lua must return"; fi
# lint lists the bots, and warns of a name bots do not have
"$t" lint tests/packs/bots-hostile > "$d/l" 2>&1; rc=$?
"$t" lint tests/packs/bots-hostile --json > "$d/lj" 2>&1
if [ $rc = 0 ] && grep -q "^  bots: greedy api chatty defs dice idle libwrite logreader loop lower many mathcheck" "$d/l" \
   && grep -q "bots.lua:[0-9]*: reads 'game', which card scripts have and bots do not" "$d/l" \
   && ! grep -q "reads 'print'" "$d/l" \
   && grep -q '"bots": \[' "$d/lj"; then ok
else bad "lint lists the bots and warns of the game API in a bot"; cat "$d/l"; fi
# bots are not the game: a pack's content hash is the same with and without its bots.lua
mkdir -p "$d/nob"
cp "$d/pub/pack.json" games/tutorial/cards.json games/tutorial/rules.lua "$d/nob/"
cp -r "$d/nob" "$d/withb" && cp games/tutorial/bots.lua "$d/withb/"
"$t" sim "$d/nob" -n 1 --logs "$d/lg1" > /dev/null 2>&1
"$t" sim "$d/withb" -n 1 --logs "$d/lg2" > /dev/null 2>&1
h1=$(grep -A3 '"id":"tutorial"' "$d/lg1/game-000000.json" | grep hash)
h2=$(grep -A3 '"id":"tutorial"' "$d/lg2/game-000000.json" | grep hash)
if [ -n "$h1" ] && [ "$h1" = "$h2" ]; then ok; else bad "bots.lua is not in the content hash ($h1 / $h2)"; fi
# a game the bots played replays without them: its log holds their answers (here with
# the bots file gone, in a copy of the tutorial without bots.lua)
"$t" sim "$d/withb" -n 3 --bots greedy --logs "$d/lgb" > /dev/null 2>&1
"$t" replay --verify "$d/lgb"/game-*.json --game "$d/nob" > "$d/o" 2>&1; rc=$?
if [ $rc = 0 ] && grep -q "^3 logs replayed to the saved state, 0 did not" "$d/o"; then ok
else bad "a bots' game replays without the bots"; cat "$d/o"; fi

# ---- play: who plays, a failing bot, --resume --------------------------------------------
printf 'state\nquit\n' | XDG_STATE_HOME="$d/st" "$t" play tutorial --seed 3 --players 3 --bots 2=greedy > "$d/o" 2>&1
if grep -q "You play seat 1; bots: seat 2 greedy, seat 3 random" "$d/o" && grep -q "(bot greedy)" "$d/o"; then ok
else bad "play names the bots in the banner and the seat lines"; cat "$d/o"; fi
# a failing bot does not stop the game: the random bot answers instead, and it says so
printf 'quit\n' | XDG_STATE_HOME="$d/st2" "$t" play tutorial $H --seed 3 --seat none --bots 2=wrong > "$d/o" 2>&1
if grep -q "bot 'wrong' (tests/packs/bots-hostile/bots.lua), seat 2, question 'play a card': answered 99, which is not one of its options.*; the random bot answers instead" "$d/o" \
   && grep -q "Game over after" "$d/o"; then ok
else bad "a failing bot in play: said, and the random bot answers"; cat "$d/o"; fi
# --resume keeps the bots (the session file names them); --bots given again overrides
printf '1\nquit\n' | XDG_STATE_HOME="$d/st3" "$t" play tutorial --seed 5 --players 2 --bots greedy > /dev/null 2>&1
grep '"bots"' "$d/st3/tabula/last-session.json" > "$d/s1"
printf 'quit\n' | XDG_STATE_HOME="$d/st3" "$t" play --resume > "$d/o" 2>&1
printf 'quit\n' | XDG_STATE_HOME="$d/st3" "$t" play --resume --bots random > "$d/o2" 2>&1
if grep -q '"bots": "greedy"' "$d/s1" && grep -q "bots: seat 2 greedy" "$d/o" && ! grep -q "greedy" "$d/o2" \
   && grep -q '"bots": "random"' "$d/st3/tabula/last-session.json"; then ok
else bad "--resume keeps the bots, --bots overrides"; cat "$d/o" "$d/o2"; fi

# the same bots play sim's --versus batch: packs there without the bot --bots names are
# refused before any game, exit status 2, naming the bots they have
"$t" sim tutorial $H --bots idle --versus none -n 2 > "$d/o" 2> "$d/e"; rc=$?
if [ $rc = 2 ] && [ ! -s "$d/o" ] \
   && [ "$(cat "$d/e")" = "tabula sim: --versus: no bot named 'idle' (the bots: random, lookahead, greedy; --bots help describes them)" ]
then ok; else bad "sim --versus without the bot --bots names"; cat "$d/o" "$d/e"; fi

# hint: what a bot of the game would answer in the player's place, changing nothing
printf 'hint\nhint greedy\nhint random\nhint nosuch\nlog\nquit\n' | XDG_STATE_HOME="$d/st5" "$t" play tutorial --seed 3 > "$d/h" 2>&1
printf 'hint\nquit\n' | XDG_STATE_HOME="$d/st6" "$t" play artemia-lite --seed 3 > "$d/h2" 2>&1
printf 'hint\nquit\n' | XDG_STATE_HOME="$d/st7" "$t" play notalone --seed 3 --seat 2 --players 3 > "$d/h3" 2>&1
if [ "$(grep -c "^greedy would answer: Spark III$" "$d/h")" = 2 ] \
   && grep -q "the random bot answers at random" "$d/h" && grep -q "no bot named 'nosuch' (the game's bots: greedy; .hint lookahead. asks the built-in lookahead bot)" "$d/h" \
   && ! grep -q "Spark III: hand of seat 1" "$d/h" \
   && grep -q "no hint: this game's packs have no bots" "$d/h2" && grep -q "^basic would answer: " "$d/h3"; then ok
else bad "hint in play"; cat "$d/h" "$d/h2" "$d/h3"; fi
# hint without a name asks the bot --bots gives the player's seat (docs/repl.md), else
# the game's first; a bot that leaves the question to the random bot says so, one that
# fails says how; and there is no hint for a question that is not the player's, or none
printf 'hint\nhint wrong\nquit\n' | XDG_STATE_HOME="$d/st8" "$t" play tutorial $H --seed 3 --bots 1=idle > "$d/h" 2>&1
printf 'hint\nquit\n' | XDG_STATE_HOME="$d/st8" "$t" play tutorial $H --seed 3 --bots 2=idle > "$d/h2" 2>&1
printf 'seat 2\nhint\nquit\n' | XDG_STATE_HOME="$d/st8" "$t" play tutorial --designer --seed 3 > "$d/h3" 2>&1
printf 'hint\nquit\n' | XDG_STATE_HOME="$d/st8" "$t" play tutorial --seat none --seed 3 > "$d/h4" 2>&1
if grep -q "^idle has no opinion here: it leaves this question to the random bot$" "$d/h" \
   && grep -q "^bot 'wrong' (tests/packs/bots-hostile/bots.lua), seat 1, question 'play a card': answered 99, which is not one of its options" "$d/h" \
   && grep -q "^greedy would answer: Spark III$" "$d/h2" \
   && grep -q "^not your decision: seat 1 decides now$" "$d/h3" \
   && grep -q "^nothing is asked: the game is over$" "$d/h4"; then ok
else bad "hint follows --bots, says a bot's silence or failure, and needs a question of the player's"; cat "$d/h" "$d/h2" "$d/h3" "$d/h4"; fi

# reload (designer mode) picks up an edited bots.lua, which is in no content hash; a
# bot --bots names that is gone leaves its seats to the random bot, said once
mkdir -p "$d/tut"
cp "$d/pub/pack.json" games/tutorial/cards.json games/tutorial/rules.lua games/tutorial/bots.lua "$d/tut/"
( echo state
  while [ ! -s "$d/rl" ]; do sleep 0.1; done
  sed 's/^  greedy = {/  careful = {/' games/tutorial/bots.lua > "$d/tut/bots.lua"
  echo reload; echo quit ) | XDG_STATE_HOME="$d/st4" "$t" play "$d/tut" --designer --seed 2 --bots 2=greedy > "$d/rl" 2>&1
if grep -q "(bot greedy)" "$d/rl" \
   && grep -q "reloaded: the bots changed" "$d/rl" \
   && grep -q "no bot named 'greedy' (the bots: random, lookahead, careful; --bots help describes them): the random bot plays every bot seat until the bots are mended and reloaded" "$d/rl"; then ok
else bad "reload picks up an edited bots.lua"; cat "$d/rl"; fi

echo "bots: $pass passed, $fail failed"
[ "$fail" = 0 ]
