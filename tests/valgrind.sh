#!/bin/sh
# tests/valgrind.sh — the unit tests and a sample of games under valgrind; any error
# or leak fails. usage: tests/valgrind.sh <unit-test binary> <tabula binary>
unit=$1
tabula=$2
vg="valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite,indirect"
fail=0
pass=0
run() {
  if $vg "$@" > /tmp/tabula-vg.$$ 2>&1; then pass=$((pass+1)); else
    echo "FAIL (valgrind): $*"
    # the failing tests' own lines first (leak records after them pushed them out of the tail)
    grep '^FAIL' /tmp/tabula-vg.$$ | head -n 20
    tail -n 30 /tmp/tabula-vg.$$
    fail=$((fail+1))
  fi
}
# (each test's wall-clock guard, 20 s, is for a hang: under valgrind on a loaded machine
# a test that runs to its budget takes longer)
export UNIT_GUARD="${UNIT_GUARD:-600}"
run "$unit" core host sandbox fast_runs fast_a_query fast_an_action fast_the_budget lookahead
run "$tabula" sim artemia-lite -n 30 --players 4
run "$tabula" test tests/scenarios
run "$tabula" lint artemia-lite
# the lookahead bot: copies of the game, worlds drawn in them, played forward and freed
run "$tabula" sim tutorial -n 3 --players 2 --bots 2=lookahead:20
# bots written in Lua: a good one, a failing one, a bots.lua that does not load
run "$tabula" sim tutorial --pack tests/packs/bots-hostile -n 20 --bots 1=greedy,2=dice
run "$tabula" sim tutorial --pack tests/packs/bots-hostile -n 3 --bots 2=wrong
run "$tabula" sim tutorial --pack tests/packs/bots-broken -n 2
run "$tabula" lint tests/packs/bots-hostile --json
rm -f /tmp/tabula-vg.$$
echo "valgrind: $pass passed, $fail failed"
[ "$fail" = 0 ]
