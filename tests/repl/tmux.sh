# tests/repl/tmux.sh — drives the real interactive `tabula play` in a tmux pane
# (send-keys / capture-pane): colours, Tab completion, Ctrl-C, answering, Ctrl-D with
# autosave, history across sessions, NO_COLOR, and the hot-seat hand-over clearing the
# screen and its scrollback. Sourced by run.sh, which provides $T, $bin, $here, ok, bad.

TMUX_SOCK="$T/tmux.sock"
tm() { tmux -S "$TMUX_SOCK" "$@"; }
# stop: end the server and wait until it is gone (a new one started too early dies)
stop() {
    tm kill-server 2> /dev/null
    i=0
    while tm has-session 2> /dev/null && [ $i -lt 40 ]; do sleep 0.05; i=$((i + 1)); done
    rm -f "$TMUX_SOCK"
}

# start [VAR=value…] -- play arguments…: a fresh pane running tabula play
start() {
    stop
    envs=""
    while [ "$1" != "--" ]; do envs="$envs $1"; shift; done
    shift
    tm -f /dev/null new-session -d -s repl -x 100 -y 45 \
        "cd '$T/work' && env -u NO_COLOR HOME='$T/home' XDG_STATE_HOME='$T/state' TERM=xterm-256color LANG=C.UTF-8 $envs '$bin' play $*; echo EXIT=\$?; sleep 120"
}
screen() { tm capture-pane -p -t repl; }
history_all() { tm capture-pane -p -S - -E - -t repl; }
# wait_for PATTERN: until the visible pane matches (about 5 s)
wait_for() {
    i=0
    while ! screen | grep -q -- "$1"; do
        i=$((i + 1))
        [ $i -gt 100 ] && return 1
        sleep 0.05
    done
    return 0
}
keys() { tm send-keys -t repl "$@"; }
last_line() { screen | grep -v '^$' | tail -n 1; }
# wait_last PATTERN: until the last line matches (about 5 s; a fixed pause was too short
# for a sanitizer build on a busy machine)
wait_last() {
    i=0
    while ! last_line | grep -q -- "$1"; do
        i=$((i + 1))
        [ $i -gt 100 ] && return 1
        sleep 0.05
    done
    return 0
}
esc=$(printf '\033')

# ---- interactive basics: colour, Tab, Ctrl-C, answering, Ctrl-D
fresh
start -- artemia-lite --players 3 --seat 2 --seed 7
if wait_for '^seat 2>'; then
    if tm capture-pane -p -e -t repl | grep -q "${esc}\[1m"; then ok "tmux: colour on a terminal"; else bad "tmux: colour on a terminal"; fi
    keys 'he' Tab
    if wait_last '^seat 2> help *$'; then ok "tmux: Tab completes a command"; else bad "tmux: Tab completes a command" "$(last_line)"; fi
    keys Enter
    wait_for 'Ctrl-C cancels the line' && ok "tmux: help" || bad "tmux: help" "$(screen | tail -n 5)"
    keys 'card ri' Tab
    if wait_last '^seat 2> card River *$'; then ok "tmux: Tab completes a card name"; else bad "tmux: Tab completes a card name" "$(last_line)"; fi
    keys Enter
    wait_for 'Take back 1 discarded place' || bad "tmux: card text" "$(screen | tail -n 5)"
    # the line is typed before Ctrl-C comes: SIGINT would otherwise overtake input
    # still waiting in the terminal, and the line would reach the next prompt
    keys 'garbage'
    wait_last '^seat 2> garbage$' || bad "tmux: typing shows" "$(last_line)"
    keys C-c
    wait_last '^seat 2> *$' || bad "tmux: Ctrl-C gives a new prompt" "$(screen | tail -n 3)"
    keys 'hand' Enter
    if wait_for '^seat 2> hand$' && ! screen | grep -q 'garbage.*not'; then ok "tmux: Ctrl-C cancels the line"; else bad "tmux: Ctrl-C cancels the line" "$(screen | tail -n 6)"; fi
    keys 'Ro' Tab
    if wait_last '^seat 2> Rover *$'; then ok "tmux: Tab completes an option"; else bad "tmux: Tab completes an option" "$(last_line)"; fi
    keys Enter
    if wait_for 'Rover: hand of seat 2 -> played of seat 2'; then ok "tmux: answer by name"; else bad "tmux: answer by name" "$(screen | tail -n 6)"; fi
    keys 'r' Enter
    if wait_for "'r' is ambiguous"; then ok "tmux: ambiguous prefix explained"; else bad "tmux: ambiguous prefix explained" "$(screen | tail -n 4)"; fi
    keys C-d
    if wait_for 'EXIT=0' && screen | grep -q 'Saved' && [ -s "$T/state/tabula/last-game.json" ]; then
        ok "tmux: Ctrl-D saves and quits"
    else
        bad "tmux: Ctrl-D saves and quits" "$(screen | tail -n 4)"
    fi
    # history across sessions, and --resume
    start -- --resume
    if wait_for 'resumed' && wait_for '^seat 2>'; then
        keys Up
        if wait_last '^seat 2> r$'; then ok "tmux: history survives the session"; else bad "tmux: history survives the session" "$(last_line)"; fi
        # another session adds a line to the history file meanwhile (libedit's file
        # format: spaces written \040): this one's next line and its quit keep it
        # (each session wrote its own history over the file, and the other's lines went)
        printf 'other\\040session\n' >> "$T/state/tabula/history"
        keys C-u 'hand' Enter
        wait_for '^seat 2> hand$' || bad "tmux: a line after another session's" "$(screen | tail -n 3)"
        keys 'quit' Enter
        wait_for 'EXIT=0' || bad "tmux: quit" "$(screen | tail -n 3)"
        if grep -q '^other\\040session$' "$T/state/tabula/history" && grep -q '^hand$' "$T/state/tabula/history" \
           && grep -q '^quit$' "$T/state/tabula/history"; then
            ok "tmux: two sessions at once keep both their history lines"
        else
            bad "tmux: two sessions at once keep both their history lines" "$(cat "$T/state/tabula/history")"
        fi
    else
        bad "tmux: --resume" "$(screen | tail -n 5)"
    fi
else
    bad "tmux: the prompt appears" "$(screen | tail -n 10)"
fi

# ---- NO_COLOR and --no-color: plain text on a terminal too
for how in "NO_COLOR=1 --" "-- --no-color"; do
    fresh
    case $how in
    NO*) start NO_COLOR=1 -- artemia-lite --players 2 --seat 2 --seed 7 ;;
    *) start -- artemia-lite --players 2 --seat 2 --seed 7 --no-color ;;
    esac
    if wait_for '^seat 2>' && ! tm capture-pane -p -e -t repl | grep -q "$esc"; then
        ok "tmux: no colour with $(echo $how | tr -d -- "-" | sed "s/^ *//")"
    else
        bad "tmux: no colour with $how" "$(tm capture-pane -p -e -t repl | grep "$esc" | head -n 3 | cat -v)"
    fi
    keys 'quit' Enter
    wait_for 'EXIT=0' > /dev/null
done

# ---- hot-seat: the hand-over clears the screen and the scrollback
fresh
start -- "'$here/secrets'" --players 3 --seat all --seed 1
if wait_for 'seat 1 (keeper), it is your turn' && ! history_all | grep -q 'Key\|Coin\|Map'; then
    keys Enter
    if wait_for '^seat 1>' && screen | grep -q 'your hand: Amber Key'; then
        keys '1' Enter
        if wait_for 'seat 2 (keeper), it is your turn'; then
            if history_all | grep -q 'Amber'; then
                bad "tmux: hot-seat hand-over hides seat 1's hand" "$(history_all | grep 'Amber')"
            else
                ok "tmux: hot-seat hand-over hides seat 1's hand"
            fi
            keys Up
            sleep 0.2
            if last_line | grep -q '1'; then bad "tmux: hot-seat history is not shared" "$(last_line)"; else ok "tmux: hot-seat history is not shared"; fi
            keys C-u Enter
            if wait_for 'your hand: Basalt Key' && ! history_all | grep -q 'Amber'; then
                ok "tmux: seat 2 sees its own hand only"
            else
                bad "tmux: seat 2 sees its own hand only" "$(screen | tail -n 12)"
            fi
        else
            bad "tmux: hot-seat hand-over" "$(screen | tail -n 5)"
        fi
    else
        bad "tmux: hot-seat first seat" "$(screen | tail -n 8)"
    fi
    keys C-d
    wait_for 'EXIT=0' > /dev/null
else
    bad "tmux: hot-seat starts with a hand-over" "$(screen | tail -n 8)"
fi
stop

# ---- Tab completes an option that begins with a command's name ("seat 2")
fresh
start -- "$here/../packs/labels" --players 1 --seed 1
if wait_for '^seat 1>'; then
    keys 'seat ' Tab
    if wait_last '^seat 1> seat 2 *$'; then ok "tmux: Tab completes an option that begins with a command"; else bad "tmux: Tab completes an option that begins with a command" "$(last_line)"; fi
    keys C-d
    wait_for 'EXIT=0' > /dev/null
else
    bad "tmux: labels pack starts" "$(screen | tail -n 5)"
fi
stop

# ---- closing the terminal (tmux kill-server hangs up the pane: SIGHUP) saves as Ctrl-D
# does and leaves no temporary file: the closed terminal's end of input started the
# autosave and the hang-up killed the REPL halfway, leaving last-game.json.tmp.<pid>
# every time. (The pane's shell stays, as in a terminal: tabula run by exec, alone in
# its session, was hung up before its read saw the end of input.)
fresh
start -- notalone --players 2 --seat 2 --seed 41
if wait_for '^seat 2>'; then
    keys 'beach' Enter
    wait_for '^seat 2> beach' && wait_last '^seat 2> *$' || bad "tmux: hang-up: the answer" "$(screen | tail -n 3)"
    hpid=$(pgrep -P "$(tm display-message -p -t repl '#{pane_pid}')")
    tm kill-server 2> /dev/null
    i=0
    while kill -0 "$hpid" 2> /dev/null && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
    if ! kill -0 "$hpid" 2> /dev/null && ! ls "$T/state/tabula" | grep -q '\.tmp' &&
        "$bin" replay --verify "$T/state/tabula/last-game.json" > /dev/null 2>&1 &&
        tr -d ' \n' < "$T/state/tabula/last-game.json" | grep -q '"humans":\[2\]'; then
        ok "tmux: closing the terminal saves and leaves no temporary file"
    else
        bad "tmux: closing the terminal saves and leaves no temporary file" "$(ls "$T/state/tabula")"
    fi
else
    bad "tmux: hang-up: the prompt appears" "$(screen | tail -n 5)"
fi
stop
