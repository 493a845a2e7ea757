#!/bin/sh
# tests/repl/run.sh — tests of `tabula play`, the REPL:
#   golden/*.txt   scripted sessions; first line "# args: …", the rest is typed at the
#                  prompt; the transcript must equal golden/<name>.out
#                  (UPDATE=1 sh tests/repl/run.sh rewrites the .out files)
#   resume         a session ended by end of input, then `--resume`
#   reload         a designer changes a card and the rules during a game (the question
#                  asked now too); `reload`
#                  reports where the game now differs
#   hot-seat       no transcript section for one seat names another seat's secrets
#   tmux           the real interactive mode: colours, Tab, Ctrl-C, history, Ctrl-D,
#                  hot-seat screen clearing (skipped when tmux is missing)
# Usage: sh tests/repl/run.sh [path/to/tabula]   (from the repository root or anywhere)
# Prints one line per test and ends with "N passed, N failed".

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$root/tabula}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "tests/repl: no binary at $bin (make tabula)"; echo "0 passed, 1 failed"; exit 1; }

T=$(mktemp -d "${TMPDIR:-/tmp}/tabula-repl.XXXXXX")
trap 'rm -rf "$T"; [ -n "$TMUX_SOCK" ] && tmux -S "$TMUX_SOCK" kill-server 2>/dev/null' EXIT INT TERM
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1"; [ -n "$2" ] && printf '%s\n' "$2" | sed 's/^/     /'; }

# Every session runs with a fresh home and state folder, no colour settings leaking in.
fresh() {
    rm -rf "$T/home" "$T/state" && mkdir -p "$T/home" "$T/state" "$T/work"
}
run_play() { # args… ; stdin is the script
    (cd "$T/work" && env -u NO_COLOR HOME="$T/home" XDG_STATE_HOME="$T/state" TERM=dumb "$bin" play "$@")
}
subst() { # game names of test packs -> their folders
    sed -e "s#@secrets#$here/secrets#g" -e "s#@labels#$root/tests/packs/labels#g" -e "s#@undo#$root/tests/packs/undo#g" \
        -e "s#@dice#$root/tests/packs/designer-dice#g" -e "s#@tricks#$root/tests/packs/tricks#g" \
        -e "s#@gems#$root/tests/packs/gems#g" -e "s#@windows#$root/tests/packs/windows#g" \
        -e "s#@scavenge#$root/tests/packs/scavenge#g" -e "s#@twister#$root/tests/packs/twister#g" \
        -e "s#@listen#$root/tests/packs/listen#g" -e "s#@amounts#$root/tests/packs/amounts#g" -e "s#@tmp#$T#g" \
        -e "s#@frame#$root/tests/packs/frame#g" -e "s#@guild#$root/tests/packs/guild#g" -e "s#@ship#$root/tests/packs/ship#g"
}

# ---------------------------------------------------------------- golden sessions
# The logs here (games of the windows pack set up by a chunk: trigger-order.json, two
# triggers of seat 1's to order; why-window.json, cards no window offers; stack-items.json,
# a stack window in hot-seat with a trigger of a card in seat 2's hand) are loaded
# (@tmp/NAME.json) naming this build's Lua and the pack's content hash, as a save of it
# says (a log of another Lua, or of a changed pack, is replayed with a note that would
# make the transcript depend on the build)
fresh
printf 'quit\n' | run_play "$root/tests/packs/windows" --seed 1 > /dev/null 2>&1
tr -d '\n' < "$T/state/tabula/last-game.json" > "$T/flat.json"
lua=$(sed -n 's/.*\("lua": *"[^"]*", *"lua_probe": *"[^"]*"\).*/\1/p' "$T/flat.json")
packs=$(sed -n 's/.*\("packs": *\[[^]]*\]\).*/\1/p' "$T/flat.json")
for f in "$here"/*.json; do
    sed -e "s#\"api\": 1,#\"api\": 1, $lua,#" -e "s#\"packs\": \[[^]]*\]#$packs#" "$f" > "$T/$(basename "$f")"
done
for g in "$here"/golden/*.txt; do
    name=$(basename "$g" .txt)
    args=$(head -n 1 "$g" | sed -n 's/^# args: //p' | subst)
    fresh
    sed 1d "$g" > "$T/script"
    # shellcheck disable=SC2086
    run_play $args --script "$T/script" 2>&1 | sed "s#$T/#<tmp>/#g" > "$T/out"
    if [ -n "$UPDATE" ]; then
        cp "$T/out" "$here/golden/$name.out"
        ok "golden $name (updated)"
    elif [ ! -f "$here/golden/$name.out" ]; then
        bad "golden $name" "no golden/$name.out (UPDATE=1 writes it)"
    elif diff -u "$here/golden/$name.out" "$T/out" > "$T/diff"; then
        ok "golden $name"
    else
        bad "golden $name" "$(head -n 30 "$T/diff")"
    fi
done

# ---------------------------------------------------------------- standard input
# Commands on a pipe work like --script.
fresh
printf 'hand\nquit\n' | run_play artemia-lite --players 2 --seat 2 --seed 7 > "$T/out" 2>&1
if grep -q '^seat 2> hand$' "$T/out" && grep -q '^your hand: Lair, Jungle, River, Beach, Rover$' "$T/out"; then
    ok "commands from standard input"
else
    bad "commands from standard input" "$(tail -n 5 "$T/out")"
fi

# A program driving the game through a pipe sees the prompt before it writes the answer.
fresh
mkfifo "$T/in"
(run_play "$root/tests/packs/labels" --players 1 --seed 1 < "$T/in" > "$T/out" 2>&1 &)
exec 3> "$T/in"
i=0
while ! tail -c 8 "$T/out" 2> /dev/null | grep -q '^seat 1> $' && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
if [ $i -lt 100 ]; then ok "the prompt reaches a pipe before the answer"; else bad "the prompt reaches a pipe before the answer" "$(tail -n 2 "$T/out")"; fi
echo quit >&3
exec 3>&-
i=0
while ! grep -q 'Saved' "$T/out" && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
rm -f "$T/in"

# ---------------------------------------------------------------- resume
fresh
printf '4\n1\n' | run_play artemia-lite --players 3 --seat 2 --seed 5 > "$T/out1" 2>&1
printf 'log 2\n' | run_play --resume > "$T/out2" 2>&1
# the resumed game is the same as one played straight through
printf '4\n1\nlog 2\n' | run_play artemia-lite --players 3 --seat 2 --seed 5 > "$T/out3" 2>&1
if grep -q 'seed 5 - resumed' "$T/out2" && [ -f "$T/state/tabula/last-game.json" ] &&
    [ "$(sed -n '/^seat 2> log 2$/,$p' "$T/out2")" = "$(sed -n '/^seat 2> log 2$/,$p' "$T/out3")" ]; then
    ok "resume picks up the last game"
else
    bad "resume picks up the last game" "$(tail -n 8 "$T/out2")"
fi
# autopass as the player left it: off before quitting, still off after --resume (a
# Not Alone window question whose only option is pass is put to the player again)
fresh
printf 'autopass off\n1\nquit\n' | run_play notalone --players 2 --seat 2 --seed 3 > "$T/out1" 2>&1
printf 'autopass\n' | run_play --resume > "$T/out2" 2>&1
if grep -q '^autopass is off' "$T/out2" && grep -q '^  1) pass$' "$T/out2"; then
    ok "resume keeps autopass as it was left"
else
    bad "resume keeps autopass as it was left" "$(tail -n 8 "$T/out2")"
fi
# A damaged session file is an error that says what to do, and the game is kept: it gave
# the player's seat to the bots, who played the game to its end (a seat number beyond
# the players, or no list), or left an expansion out (a pack that is not a name).
fresh
printf '4\n1\n' | run_play artemia-lite --players 3 --seat 2 --seed 5 > /dev/null 2>&1
sf="$T/state/tabula/last-session.json"
cp "$T/state/tabula/last-game.json" "$T/kept.json"
all=1
for damage in 's/"humans": \[[^]]*\]/"humans": [9]/' 's/"humans": \[[^]]*\]/"humans": "2"/' 's/"packs": \[\]/"packs": [1]/'; do
    tr -d '\n' < "$sf" | sed "$damage" > "$T/s.json"
    cp "$sf" "$T/s.bak"
    cp "$T/s.json" "$sf"
    run_play --resume < /dev/null > "$T/out" 2>&1; rc=$?
    if [ $rc != 1 ] || ! grep -q "last-session.json is damaged: " "$T/out" || ! grep -q "\`tabula play " "$T/out" ||
        ! cmp -s "$T/kept.json" "$T/state/tabula/last-game.json" || cmp -s "$T/s.json" "$T/s.bak"; then
        all=0
        echo "  $damage: rc $rc: $(cat "$T/out")"
    fi
    cp "$T/s.bak" "$sf"
done
# ... and one that names no game says which file keeps the game and how to go on with it
tr -d '\n' < "$sf" | sed 's/"game": *"[^"]*"/"game": 7/' > "$T/s.json"
cp "$sf" "$T/s.bak" && cp "$T/s.json" "$sf"
run_play --resume < /dev/null > "$T/out" 2>&1; rc=$?
cp "$T/s.bak" "$sf"
if [ $rc != 1 ] || [ "$(cat "$T/out")" != "tabula play: $sf names no game; the last game is kept in $T/state/tabula/last-game.json: \`tabula play artemia-lite --load $T/state/tabula/last-game.json\` continues it" ] ||
    ! cmp -s "$T/kept.json" "$T/state/tabula/last-game.json"; then
    all=0
    echo "  no game: rc $rc: $(cat "$T/out")"
fi
# --seat says which seats are yours, whatever the file says
tr -d '\n' < "$sf" | sed 's/"humans": \[[^]]*\]/"humans": [9]/' > "$T/s.json" && cp "$T/s.json" "$sf"
printf 'hand\n' | run_play --resume --seat 2 > "$T/out" 2>&1
if [ $all = 1 ] && grep -q 'seed 5 - resumed' "$T/out" && grep -q '^You play seat 2' "$T/out"; then
    ok "a damaged session file is an error, and the game is kept"
else
    bad "a damaged session file is an error, and the game is kept" "$(tail -n 4 "$T/out")"
fi
fresh
if run_play --resume < /dev/null > "$T/out" 2>&1; then
    bad "resume without a saved game fails" "$(cat "$T/out")"
elif grep -q 'no game to resume' "$T/out"; then
    ok "resume without a saved game fails"
else
    bad "resume without a saved game fails" "$(cat "$T/out")"
fi

# A hang-up (SIGHUP: the terminal closed) ends the input as its end does: the game is
# saved, "Saved." said, the exit status 0, and no temporary file is left (killed by the
# signal, the REPL died in the middle of the autosave the closed terminal's end of input
# had started, leaving last-game.json.tmp.<pid>; tmux.sh closes a real terminal).
fresh
mkfifo "$T/hup"
(cd "$T/work" && exec env -u NO_COLOR HOME="$T/home" XDG_STATE_HOME="$T/state" TERM=dumb "$bin" play artemia-lite \
    --players 3 --seat 2 --seed 7) < "$T/hup" > "$T/out" 2>&1 &
hp=$!
exec 3> "$T/hup"
printf '1\n' >&3
i=0
while ! { grep -q '^seat 2> 1$' "$T/out" && tail -c 8 "$T/out" | grep -q '^seat 2> $'; } && [ $i -lt 200 ]; do
    sleep 0.05; i=$((i + 1))
done
kill -HUP $hp
wait $hp
rc=$?
exec 3>&-
if [ $rc = 0 ] && [ "$(tail -n 1 "$T/out")" = 'Saved. `tabula play --resume` continues this game.' ] &&
    ! ls "$T/state/tabula" | grep -q '\.tmp' && "$bin" replay --verify "$T/state/tabula/last-game.json" > /dev/null; then
    ok "a hang-up saves the game as the end of input does"
else
    bad "a hang-up saves the game as the end of input does" "$(echo "exit $rc"; tail -n 2 "$T/out"; ls "$T/state/tabula")"
fi

# ---------------------------------------------------------------- kept games
# A new game does not save over an unfinished one: that one moves to last-game.1.json
# and `--load` continues it.
fresh
st="$T/state/tabula"
printf '4\n1\n' | run_play artemia-lite --players 3 --seat 2 --seed 5 > /dev/null 2>&1
cp "$st/last-game.json" "$T/first.json"
printf 'quit\n' | run_play artemia-lite --players 2 --seed 9 > "$T/out" 2>&1
if grep -q 'the unfinished artemia-lite game saved before (turn [0-9]*) is kept in .*/last-game.1.json' "$T/out" &&
    cmp -s "$T/first.json" "$st/last-game.1.json"; then
    ok "a new game keeps the unfinished one"
else
    bad "a new game keeps the unfinished one" "$(head -n 4 "$T/out"; ls "$st")"
fi
printf 'log 2\n' | run_play artemia-lite --load "$st/last-game.1.json" --seat 2 > "$T/out2" 2>&1
printf '4\n1\nlog 2\n' | run_play artemia-lite --players 3 --seat 2 --seed 5 > "$T/out3" 2>&1
if grep -q 'seed 5 - loaded' "$T/out2" &&
    [ "$(sed -n '/^seat 2> log 2$/,$p' "$T/out2")" = "$(sed -n '/^seat 2> log 2$/,$p' "$T/out3")" ]; then
    ok "--load continues a kept game"
else
    bad "--load continues a kept game" "$(tail -n 8 "$T/out2")"
fi
# a finished game, or one nobody answered yet, is simply replaced
fresh
printf 'north\n' | run_play "$root/tests/packs/labels" --players 1 --seed 1 > /dev/null 2>&1
printf 'quit\n' | run_play "$root/tests/packs/labels" --players 1 --seed 2 > "$T/out" 2>&1
printf 'quit\n' | run_play "$root/tests/packs/labels" --players 1 --seed 3 >> "$T/out" 2>&1
if [ ! -e "$st/last-game.1.json" ] && ! grep -q 'kept in' "$T/out"; then
    ok "a finished or unanswered game is not kept"
else
    bad "a finished or unanswered game is not kept" "$(ls "$st"; head -n 3 "$T/out")"
fi
# a game only the bots have answered (the player at seat 2 quit at the first question,
# after the Creature's bot chose the board side) is not kept either, and quitting it
# does not claim it is: its seed makes it again
fresh
printf 'quit\n' | run_play notalone --players 3 --seat 2 --seed 5 > "$T/out" 2>&1
printf 'quit\n' | run_play notalone --players 3 --seat 2 --seed 6 > "$T/out2" 2>&1
if grep -q 'so this game is not kept' "$T/out" && ! grep -q '^Saved' "$T/out" && [ ! -e "$st/last-game.1.json" ] &&
    ! grep -q 'kept in' "$T/out2"; then
    ok "a game only the bots answered is not kept, and quit says so"
else
    bad "a game only the bots answered is not kept, and quit says so" "$(ls "$st"; tail -n 2 "$T/out"; head -n 4 "$T/out2")"
fi
# Two sessions at once: the second autosaves to a file of its own, and --resume stays the
# first's (they overwrote each other's game at every move; the last to quit won). The
# first reads its commands from a FIFO held open until the second is done.
fresh
mkfifo "$T/fa"
run_play artemia-lite --players 2 --seed 1 < "$T/fa" > "$T/outA" 2>&1 &
pa=$!
exec 3> "$T/fa"
k=0
while [ ! -f "$st/last-game.json" ] && [ $k -lt 600 ]; do sleep 0.1; k=$((k + 1)); done
printf '1\nquit\n' | run_play artemia-lite --players 2 --seed 2 > "$T/out" 2>&1
side=$(sed -n 's/^Saved in \(.*\): `tabula play artemia-lite --load .*` continues this game\.$/\1/p' "$T/out")
# a side session nobody answered in leaves no file; one that loads a game in its place
# hands its file to the loaded game (they piled up, one per session)
printf 'quit\n' | run_play artemia-lite --players 2 --seed 3 > "$T/outC" 2>&1
printf 'load %s\nquit\n' "$side" | run_play artemia-lite --players 2 --seed 4 > "$T/outD" 2>&1
sides=$(ls "$st" | grep -c '^game-')
# a side session that played and then loads a game leaves the game it played in its
# file and autosaves the loaded one to a new file of its own
printf '1\nload %s\nquit\n' "$side" | run_play artemia-lite --players 2 --seed 5 > "$T/outE" 2>&1
before=$(sed -n "s#^note: the game before stays in \($st/game-[0-9-]*\.json\); this one autosaves to $st/game-[0-9-]*\.json\$#\1#p" "$T/outE")
after=$(sed -n 's/^Saved in \(.*\): `tabula play artemia-lite --load .*` continues this game\.$/\1/p' "$T/outE")
printf 'quit\n' >&3
exec 3>&-
wait $pa
printf 'quit\n' | run_play --resume > "$T/out3" 2>&1
printf 'quit\n' | run_play artemia-lite --load "$side" > "$T/out2" 2>&1
if grep -q "^note: another \`tabula play\` is running and autosaves to last-game.json;" "$T/out" &&
    grep -q "^      this game autosaves to $st/game-[0-9-]*\.json$" "$T/out" && [ -f "$side" ] &&
    grep -q 'this game is not kept: `tabula play --resume` continues it until a new game replaces it' "$T/outA" &&
    grep -q 'seed 2 - loaded' "$T/out2" && grep -q 'seed 1 - resumed' "$T/out3"; then
    ok "a second session at once autosaves to its own file"
else
    bad "a second session at once autosaves to its own file" "$(head -n 3 "$T/out"; tail -n 2 "$T/out"; tail -n 1 "$T/outA"; head -n 1 "$T/out2" "$T/out3"; ls "$st")"
fi
if grep -q '^Nothing was played here yet, so this game is not kept (--players 2 --seed 3, with the same options, make it again)\.$' "$T/outC" &&
    ! grep -q 'stays in' "$T/outD" && grep -q '^Saved in .*game-.*: `tabula play artemia-lite --load' "$T/outD" &&
    [ "$sides" = 2 ]; then
    ok "a side session nobody answered in leaves no file"
else
    bad "a side session nobody answered in leaves no file" "$(tail -n 1 "$T/outC"; tail -n 3 "$T/outD"; echo "$sides files")"
fi
printf 'quit\n' | run_play artemia-lite --load "$before" > "$T/outF" 2>&1
printf 'quit\n' | run_play artemia-lite --load "$after" > "$T/outG" 2>&1
if [ -n "$before" ] && [ -n "$after" ] && [ "$before" != "$after" ] && grep -q 'seed 5 - loaded' "$T/outF" &&
    grep -q 'seed 2 - loaded' "$T/outG"; then
    ok "a side session that played keeps its game when it loads another"
else
    bad "a side session that played keeps its game when it loads another" "$(grep -v '^[*]' "$T/outE" | head -n 6; head -n 1 "$T/outF" "$T/outG")"
fi
# a designer's `run` is part of the game: --resume and `tabula replay` play it again, and
# a game with nothing else done at the keyboard is kept for it; a failing one leaves the
# game exactly as it was (the answer after it replays to the same state)
fresh
printf 'run nope()\nbeach\nrun seat.set(2, "will", 1)\nquit\n' | run_play notalone --players 2 --seat 2 --seed 3 --designer --option board_side=1 > "$T/out" 2>&1
printf 'lua seat.get(2, "will")\nquit\n' | run_play --resume > "$T/out2" 2>&1
if grep -q '^done; the table as it is now:$' "$T/out" && grep -q '^Saved\. `tabula play --resume` continues this game\.$' "$T/out" &&
    grep -A1 '^seat 2\*> lua seat.get(2, "will")$' "$T/out2" | tail -n 1 | grep -qx '1' &&
    "$bin" replay --verify "$st/last-game.json" > /dev/null; then
    ok "a designer's run is kept and replayed"
else
    bad "a designer's run is kept and replayed" "$(tail -n 3 "$T/out"; tail -n 3 "$T/out2")"
fi
# --resume of a game that now diverges (its pack changed) keeps the whole log
fresh
printf '4\n1\n4\n1\nquit\n' | run_play artemia-lite --players 3 --seat 2 --seed 5 > /dev/null 2>&1
# (the first answer's option id becomes 999; the log writes one number a line)
sed -e 's/"hash": *"[0-9a-f]*"/"hash": "0000000000000000"/' "$st/last-game.json" |
    awk 'f == 0 && /"answers"/ { f = 1 } f == 1 && /^ *[0-9]+ *,? *$/ { sub(/[0-9]+/, "999"); f = 2 } { print }' \
    > "$T/changed.json"
cp "$T/changed.json" "$st/last-game.json"
printf 'quit\n' | run_play --resume > "$T/out" 2>&1
if grep -q 'diverges at decision 1' "$T/out" && cmp -s "$T/changed.json" "$st/last-game.1.json"; then
    ok "a diverging --resume keeps the whole log"
else
    bad "a diverging --resume keeps the whole log" "$(head -n 6 "$T/out"; ls "$st")"
fi
# `load` and `--load` of a save whose pack changed since replay it answer by answer (a
# bug report's save still opens after the fix), as --resume does
cp "$T/changed.json" "$T/report.json"
printf 'load %s\n' "$T/report.json" | run_play artemia-lite --players 3 --seat 2 --seed 5 > "$T/out" 2>&1
printf 'quit\n' | run_play artemia-lite --load "$T/report.json" --seat 2 > "$T/out2" 2>&1
if grep -q "^loaded $T/report.json" "$T/out" && grep -q 'replaying answer by answer' "$T/out" &&
    grep -q 'seed 5 - loaded' "$T/out2" && grep -q 'diverges at decision 1' "$T/out2"; then
    ok "load replays a save whose pack changed"
else
    bad "load replays a save whose pack changed" "$(tail -n 4 "$T/out"; head -n 4 "$T/out2")"
fi
# a designer's run after the last answer (a situation set up, then saved) is played again
# by a --load whose pack changed since (it was left out: the game loaded as if never set
# up); a run the new content refuses is said, and the game goes on without it
fresh
rm -rf "$T/tut" && cp -r "$root/games/tutorial" "$T/tut" && cp -r "$root/cards/tutorial" "$T/tut/cards" &&
    sed -i 's|"scripts": "../../cards/tutorial"|"scripts": "cards"|' "$T/tut/pack.json"
printf 'run seat.add(1, "points", 5) assert(seat.get(1, "points") == 5, "points were not 0")\nsave %s\nquit\n' \
    "$T/run.json" | run_play "$T/tut" --designer --players 2 --seed 3 > /dev/null 2>&1
sed -i 's/GOAL, LAST_TURN = 6, 40/GOAL, LAST_TURN = 7, 40/' "$T/tut/rules.lua"
printf 'lua seat.get(1, "points")\nquit\n' | run_play "$T/tut" --designer --load "$T/run.json" > "$T/out" 2>&1
sed -i 's/seat.set(s, "points", 0)/seat.set(s, "points", 1)/' "$T/tut/rules.lua"
printf 'lua seat.get(1, "points")\nquit\n' | run_play "$T/tut" --designer --load "$T/run.json" > "$T/out2" 2>&1
if grep -q 'replaying answer by answer' "$T/out" &&
    grep -A1 'lua seat.get(1, "points")$' "$T/out" | tail -n 1 | grep -qx '5' &&
    grep -q "^note: a designer's run before decision 1 no longer runs (.*points were not 0.*); the game continues without it$" "$T/out2" &&
    grep -A1 'lua seat.get(1, "points")$' "$T/out2" | tail -n 1 | grep -qx '1'; then
    ok "a designer's run after the last answer survives a changed pack"
else
    bad "a designer's run after the last answer survives a changed pack" "$(tail -n 4 "$T/out"; head -n 3 "$T/out2")"
fi
# a save of another game is refused, by `--load` and by `load`, with the command that
# opens it; the running game and the autosave stay as they were (an artemia-lite save
# loaded into notalone started a new Not Alone game from its seed and player count, with
# a note to "add --pack DIR", and moved the autosave aside)
fresh
printf '1\nsave al.json\nquit\n' | run_play artemia-lite --players 3 --seat 2 --seed 7 > /dev/null 2>&1
cp "$st/last-game.json" "$T/al-auto.json"
printf 'quit\n' | run_play notalone --load al.json > "$T/out" 2>&1; rc=$?
other_ok=false
if [ $rc = 1 ] && grep -q '^tabula play: cannot load: al.json is a game of artemia-lite, not notalone: `tabula play artemia-lite --load al.json` opens it$' "$T/out" &&
    cmp -s "$T/al-auto.json" "$st/last-game.json" && [ ! -e "$st/last-game.1.json" ]; then
    other_ok=true
fi
fresh
printf '1\nquit\n' | run_play notalone --players 2 --seat 2 --seed 3 > /dev/null 2>&1
cp "$st/last-game.json" "$T/na-auto.json"
fresh
cp "$T/al-auto.json" "$T/work/al.json"
printf '1\nload al.json\nstate\nquit\n' | run_play notalone --players 2 --seat 2 --seed 3 > "$T/out2" 2>&1
if $other_ok &&
    grep -q '^load: al.json is a game of artemia-lite, not notalone: `tabula play artemia-lite --load al.json` opens it$' "$T/out2" &&
    ! grep -q 'add --pack' "$T/out2" && ! grep -q '^loaded ' "$T/out2" && grep -q '^Saved\.' "$T/out2" &&
    cmp -s "$T/na-auto.json" "$st/last-game.json" && [ ! -e "$st/last-game.1.json" ]; then
    ok "a save of another game is refused"
else
    bad "a save of another game is refused" "$(head -n 3 "$T/out"; grep -A1 '> load' "$T/out2"; ls "$st")"
fi
# ... while a save played with an expansion that is not loaded is this game's: the REPL
# says to add the expansion's --pack and replays what fits
fresh
printf 'save ambush.json\nquit\n' | run_play notalone --pack "$root/tests/packs/notalone-ambush" --seed 2 > /dev/null 2>&1
printf 'load ambush.json\nquit\n' | run_play notalone --seed 2 > "$T/out" 2>&1
printf 'quit\n' | run_play notalone --load ambush.json > "$T/out2" 2>&1
if grep -q "^note: log was played with pack 'notalone-ambush', which is not loaded (add --pack DIR with its folder); replaying answer by answer$" "$T/out" &&
    grep -q '^loaded ambush.json' "$T/out" && grep -q 'seed 2 - loaded' "$T/out2"; then
    ok "a save with an expansion not loaded suggests --pack"
else
    bad "a save with an expansion not loaded suggests --pack" "$(grep -A2 '> load' "$T/out"; head -n 3 "$T/out2")"
fi
# a saved game is played again from the seats it was saved from: `save`, the autosave
# and a side session's file name them ("humans"); --load and `load` give them back
# (a Hunted at seat 2 came back as the Creature at seat 1); --seat still chooses
fresh
printf '1\nsave s.json\nquit\n' | run_play artemia-lite --players 3 --seat 2 --seed 5 > /dev/null 2>&1
cp "$st/last-game.json" "$T/auto.json"
printf 'quit\n' | run_play artemia-lite --load s.json > "$T/out" 2>&1
printf 'quit\n' | run_play artemia-lite --load s.json --seat 3 > "$T/out2" 2>&1
printf 'load s.json\nquit\n' | run_play artemia-lite --players 2 --seed 1 > "$T/out3" 2>&1
tr -d '\n' < "$T/work/s.json" | sed 's/"humans": *\[[^]]*\]/"humans": [7]/' > "$T/work/bad.json"
printf 'quit\n' | run_play artemia-lite --load bad.json > "$T/out4" 2>&1
if tr -d ' \n' < "$T/work/s.json" | grep -q '"humans":\[2\]' &&
    tr -d ' \n' < "$T/auto.json" | grep -q '"humans":\[2\]' &&
    grep -q '^You play seat 2; bots play seats 1, 3\.' "$T/out" &&
    grep -q '^You play seat 3; bots play seats 1, 2\.' "$T/out2" &&
    grep -q '^loaded s.json: 3 players, turn [0-9]*, [0-9]* decisions; you play seat 2 (as saved)$' "$T/out3" &&
    grep -q '^note: bad.json names as yours seats this game does not have: you play seat 1 (--seat S chooses)$' "$T/out4" &&
    grep -q '^You play seat 1; bots play seats 2, 3\.' "$T/out4"; then
    ok "a saved game comes back with the seats it was saved from"
else
    bad "a saved game comes back with the seats it was saved from" "$(sed -n 2p "$T/out"; sed -n 2p "$T/out2"; grep loaded "$T/out3"; head -n 3 "$T/out4")"
fi
# autopass answers a script's question whose only option is its pass ({ label = "pass",
# pass = true }) as it does a window's: after the Shelter's draw in turn 10 of this game
# seat 2 was asked "play a Phase-3 Survival card now?" with "1) pass" alone
fresh
i=0; while [ $i -lt 80 ]; do echo 1; i=$((i + 1)); done | run_play notalone --players 4 --seat 2 --seed 9 > "$T/out" 2>&1
if grep -q 'seat 3 uses the power of the Wreck' "$T/out" && ! grep -q 'Phase-3 Survival card now' "$T/out"; then
    ok "autopass answers a script's pass-only question"
else
    bad "autopass answers a script's pass-only question" "$(grep -n -A2 'Phase-3 Survival card now' "$T/out" | head -n 5)"
fi
# --resume and --load play the saved game as it was: no new shape for it
if run_play --resume --seed 3 < /dev/null > "$T/out" 2>&1; then
    bad "--resume refuses --seed" "$(cat "$T/out")"
elif grep -q 'leave out --players, --seed and --option' "$T/out"; then
    ok "--resume refuses --seed"
else
    bad "--resume refuses --seed" "$(cat "$T/out")"
fi

# ---------------------------------------------------------------- reload
# A designer edits the Beach and then the rules while the game runs. The session reads
# from a FIFO; each change waits until the REPL has printed a marker (lua 1000+k).
fresh
mkdir -p "$T/mod/games" "$T/mod/cards"
cp -R "$root/games/artemia-lite" "$T/mod/games/"
cp -R "$root/cards/artemia-lite" "$T/mod/cards/"
mkfifo "$T/fifo"
wait_mark() { # marker value
    i=0
    while ! grep -qx "$1" "$T/out" 2>/dev/null; do
        i=$((i + 1))
        [ $i -gt 200 ] && return 1
        sleep 0.05
    done
}
(cd "$T/work" && env -u NO_COLOR HOME="$T/home" XDG_STATE_HOME="$T/state" TERM=dumb \
    "$bin" play "$T/mod/games/artemia-lite" --designer --players 3 --seat 2 --seed 7 < "$T/fifo" > "$T/out" 2>&1) &
pid=$!
exec 3> "$T/fifo"
reload_ok=true
printf '4\n1\nlua 1000+1\n' >&3
wait_mark 1001 || reload_ok=false
sed -i 's/game.add("rescue", 1)/game.log("Beach: +2"); game.add("rescue", 2)/' "$T/mod/cards/artemia-lite/beach.lua"
printf 'reload\nlua 1000+2\n' >&3
wait_mark 1002 || reload_ok=false
sed -i 's/prompt = "place the Creature token"/prompt = "where does the Creature go"/' "$T/mod/games/artemia-lite/rules.lua"
printf 'reload\nreload\nlua 1000+3\n' >&3
wait_mark 1003 || reload_ok=false
# the question asked now changes too: it was not compared ("every decision … is as
# before"), so a card that became unplayable was passed over without a word
sed -i 's/prompt = "play a place"/prompt = game.turn() >= 2 and "play a Place card" or "play a place"/' "$T/mod/games/artemia-lite/rules.lua"
printf 'reload\nquit\n' >&3
exec 3>&-
wait $pid
sed -n '/^seat 2\*> reload$/,$p' "$T/out" | grep -v '^[*] ' > "$T/got"
if [ -n "$UPDATE" ]; then
    cp "$T/got" "$here/golden/reload.expected"
fi
if $reload_ok && diff -u "$here/golden/reload.expected" "$T/got" > "$T/diff"; then
    ok "reload reports where the game diverges"
else
    bad "reload reports where the game diverges" "$(head -n 30 "$T/diff")"
fi
# the log lines the first reload changed (the Beach's new line, in turn 1) are shown at
# once: they used to come one reload late, and the lines shown were the log's last ones
awk '/^seat 2\*> / { if (on) exit; if ($0 == "seat 2*> reload") on = 1 } on && /^[*] /' "$T/out" > "$T/news1"
if grep -q 'Beach: +2' "$T/news1"; then
    ok "reload shows the log lines it changed"
else
    bad "reload shows the log lines it changed" "$(cat "$T/news1")"
fi
# A script that no longer loads leaves the game as it was, with the file and line said
# (docs/repl.md); a designer's `run` is part of the game a reload replays: it is made
# again at its place among the answers, and the game saved after it replays to its state
fresh
rm -rf "$T/mod" && mkdir -p "$T/mod/games" "$T/mod/cards"
cp -R "$root/games/artemia-lite" "$T/mod/games/"
cp -R "$root/cards/artemia-lite" "$T/mod/cards/"
rm -f "$T/fifo" "$T/out" && mkfifo "$T/fifo"
(cd "$T/work" && env -u NO_COLOR HOME="$T/home" XDG_STATE_HOME="$T/state" TERM=dumb \
    "$bin" play "$T/mod/games/artemia-lite" --designer --players 3 --seat 2 --seed 7 < "$T/fifo" > "$T/out" 2>&1) &
pid=$!
exec 3> "$T/fifo"
reload_ok=true
beach="$T/mod/cards/artemia-lite/beach.lua"
cp "$beach" "$T/beach.lua"
printf '4\nrun seat.set(2, "will", 1)\n1\nlua 3000+1\n' >&3
wait_mark 3001 || reload_ok=false
printf -- '-- Beach\nreturn {\n  power = function(ctx) game.add("rescue", 1) end\n' > "$beach"
printf 'reload\nlua 3000+2\n' >&3
wait_mark 3002 || reload_ok=false
sed 's/game.add("rescue", 1)/game.add("rescue", 2)/' "$T/beach.lua" > "$beach"
printf 'reload\nlua seat.get(2, "will") + 3100\nquit\n' >&3
exec 3>&-
wait $pid
if $reload_ok && grep -q "^reload failed, the game goes on unchanged: $T/mod/cards/artemia-lite/beach.lua:4: card 'beach' (.*): '}' expected (to close '{' at line 2) near <eof>$" "$T/out" &&
    grep -q '^reloaded: artemia-lite changed; replayed [0-9]* of [0-9]* answers$' "$T/out" && ! grep -q 'diverges' "$T/out" &&
    grep -qx 3101 "$T/out" &&
    "$bin" replay --verify --game "$T/mod/games/artemia-lite" "$T/state/tabula/last-game.json" > /dev/null; then
    ok "a failed reload changes nothing; a reload replays a designer's run"
else
    bad "a failed reload changes nothing; a reload replays a designer's run" "$(sed -n '/> reload$/,$p' "$T/out" | grep -v '^[*] ' | head -n 20)"
fi
# a change that ends the game before a decision it had is where the game diverges, and
# the answers after it cannot be redone: the game is over (the reload offered `redo`)
fresh
rm -rf "$T/mod" && mkdir -p "$T/mod/games" "$T/mod/cards"
cp -R "$root/games/artemia-lite" "$T/mod/games/"
cp -R "$root/cards/artemia-lite" "$T/mod/cards/"
rm -f "$T/fifo" "$T/out" && mkfifo "$T/fifo"
(cd "$T/work" && env -u NO_COLOR HOME="$T/home" XDG_STATE_HOME="$T/state" TERM=dumb \
    "$bin" play "$T/mod/games/artemia-lite" --designer --players 3 --seat 2 --seed 7 < "$T/fifo" > "$T/out" 2>&1) &
pid=$!
exec 3> "$T/fifo"
reload_ok=true
printf '4\n1\nlua 4000+1\n' >&3
wait_mark 4001 || reload_ok=false
sed -i 's/game.add("rescue", 1)/game.add("rescue", 50)/' "$T/mod/cards/artemia-lite/beach.lua"
printf 'reload\nredo\nquit\n' >&3
exec 3>&-
wait $pid
if $reload_ok && grep -q '^reloaded: artemia-lite changed; replayed 4 of 7 answers$' "$T/out" &&
    grep -q '^the game diverges at decision 5: seat 2 (hunted) was asked "play a place"; now the game ends before it; it goes on from there$' "$T/out" &&
    grep -q '^Game over after 1 turn: the Hunted (seats 2, 3) win' "$T/out" &&
    grep -A1 '^over> redo$' "$T/out" | tail -n 1 | grep -qx 'nothing to redo: the game is over'; then
    ok "a reload that ends the game earlier says where, and there is nothing to redo"
else
    bad "a reload that ends the game earlier says where, and there is nothing to redo" "$(sed -n '/> reload$/,$p' "$T/out" | grep -v '^[*] ' | head -n 20)"
fi
# a change to the question the first answer answered: the game goes on from there, and
# redo of an answer the question no longer offers says so and drops the old answers
fresh
rm -rf "$T/mod" && mkdir -p "$T/mod/games" "$T/mod/cards"
cp -R "$root/games/artemia-lite" "$T/mod/games/"
cp -R "$root/cards/artemia-lite" "$T/mod/cards/"
rm -f "$T/fifo" "$T/out" && mkfifo "$T/fifo"
(cd "$T/work" && env -u NO_COLOR HOME="$T/home" XDG_STATE_HOME="$T/state" TERM=dumb \
    "$bin" play "$T/mod/games/artemia-lite" --designer --players 3 --seat 2 --seed 7 < "$T/fifo" > "$T/out" 2>&1) &
pid=$!
exec 3> "$T/fifo"
reload_ok=true
printf '4\n1\nlua 5000+1\n' >&3
wait_mark 5001 || reload_ok=false
sed -i 's/for i = 1, 5 do card.new/for i = 1, 3 do card.new/' "$T/mod/games/artemia-lite/rules.lua"
printf 'reload\nredo\nredo\nquit\n' >&3
exec 3>&-
wait $pid
if $reload_ok && grep -q '^reloaded: artemia-lite changed; replayed 0 of 7 answers$' "$T/out" &&
    grep -q '^the game diverges at decision 1 (turn 1, seat 2 (hunted)): was "  1) Lair  2) Jungle  3) River  4) Beach  5) Rover", now "  1) Lair  2) Jungle  3) River"; it goes on from there (`redo` tries the old answers)$' "$T/out" &&
    grep -A1 '^seat 2\*> redo$' "$T/out" | sed -n 2p | grep -q '^redo: the answer taken back does not fit the question asked now (.*); the answers taken back are dropped$' &&
    grep -A1 '^seat 2\*> redo$' "$T/out" | tail -n 1 | grep -q '^nothing to redo'; then
    ok "a reload that changes the first question: redo of an answer it no longer offers"
else
    bad "a reload that changes the first question: redo of an answer it no longer offers" "$(sed -n '/> reload$/,$p' "$T/out" | grep -v '^[*] ' | head -n 20)"
fi

# ---------------------------------------------------------------- hot-seat secrecy
# Seat s holds "Amber …" (1), "Basalt …" (2) or "Cobalt …" (3) secrets. Between two
# hand-over lines only the seat handed to may see its own; after the end, nobody's.
check_secrets() { # transcript -> prints offending lines
    awk '
        /^==== hand over to seat [0-9]/ { seat = $6 + 0; next }
        /^Game over/ || /^over> / { seat = 0 }
        {
            for (s = 1; s <= 3; s++) {
                if (s == seat) continue
                pre = (s == 1) ? "Amber" : (s == 2) ? "Basalt" : "Cobalt"
                if ($0 ~ pre " (Key|Coin|Map)") print "seat " seat " was shown: " $0
            }
            if (seat) { pre = (seat == 1) ? "Amber" : (seat == 2) ? "Basalt" : "Cobalt"; if ($0 ~ pre " (Key|Coin|Map)") own[seat] = 1 }
        }
        END { for (s = 1; s <= 3; s++) if (!own[s]) print "seat " s " never saw its own secrets (the check would be vacuous)" }
    ' "$1"
}
fresh
sed 1d "$here/golden/secrets-hotseat.txt" > "$T/script"
run_play "$here/secrets" --players 3 --seat all --seed 1 --script "$T/script" > "$T/out" 2>&1
leaks=$(check_secrets "$T/out")
if [ -z "$leaks" ]; then ok "hot-seat: no seat is shown another's secrets"; else bad "hot-seat: no seat is shown another's secrets" "$leaks"; fi
# several seeds, bots in between, two human seats of three
for seed in 2 3 4; do
    fresh
    printf '1\npass\n1\npass\n2\n1\npass\n1\npass\n' > "$T/script"
    run_play "$here/secrets" --players 3 --seat 1,3 --seed $seed --script "$T/script" > "$T/out" 2>&1
    leaks=$(check_secrets "$T/out" | grep -v 'seat 2 never saw')
    if [ -z "$leaks" ]; then ok "hot-seat seed $seed: seats 1 and 3 see only their own"; else bad "hot-seat seed $seed" "$leaks"; fi
done

# ---------------------------------------------------------------- tmux
if command -v tmux > /dev/null 2>&1; then
    . "$here/tmux.sh"
else
    echo "skip tmux tests (tmux is not installed)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
