#!/bin/sh
# tests/run.sh — every test layer in turn; each prints its own "N passed, N failed"
# and this prints the grand total as the last line. Exit status 0 only if none failed.
#   usage: tests/run.sh <unit-test binary> <tabula binary>
unit=$1
tabula=$2
build=${3:-build/rel}
total_pass=0
total_fail=0
tally() { # reads the last "N passed, N failed" of a layer's output file
  line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
  p=$(echo "$line" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
  f=$(echo "$line" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')
  [ -n "$p" ] || p=0
  [ -n "$f" ] || f=1
  if [ "$3" != 0 ] && [ "$f" = 0 ]; then f=1; fi
  total_pass=$((total_pass + p))
  total_fail=$((total_fail + f))
  echo "== $2: $p passed, $f failed"
}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

echo "== unit tests (C and Lua API)"
"$unit" > "$out/unit" 2>&1; rc=$?
grep -E '^FAIL' "$out/unit"
tally "$out/unit" "unit" $rc

echo "== scenario tests"
"$tabula" test tests/scenarios tests/packs > "$out/scen" 2>&1; rc=$?
grep -E '^FAIL|^ ' "$out/scen"
tally "$out/scen" "scenarios" $rc

echo "== fuzz corpus replay"
{ "$build/fuzz_chunk_replay" tests/fuzz/corpus/chunk && "$build/fuzz_load_replay" tests/fuzz/corpus/load && "$build/fuzz_save_replay" tests/fuzz/corpus/save && "$build/fuzz_pack_replay" tests/fuzz/corpus/pack && "$build/fuzz_repl_replay" tests/fuzz/corpus/repl && "$build/fuzz_scenario_replay" tests/fuzz/corpus/scenario; } > "$out/fuzz" 2>&1; rc=$?
grep -E '^FAIL|abort|ERROR' "$out/fuzz"
p1=$(grep -oE '[0-9]+ passed' "$out/fuzz" | grep -oE '[0-9]+' | awk '{s+=$1} END {print s+0}')
echo "fuzz: ${p1:-0} passed, $([ $rc = 0 ] && echo 0 || echo 1) failed" >> "$out/fuzz"
tally "$out/fuzz" "fuzz corpus" $rc

echo "== command line"
sh tests/cli.sh "$tabula" > "$out/cli" 2>&1; rc=$?
grep -E '^FAIL' "$out/cli"
tally "$out/cli" "command line" $rc

echo "== bots written in Lua"
sh tests/bots.sh "$tabula" > "$out/bots" 2>&1; rc=$?
grep -E '^FAIL' "$out/bots"
tally "$out/bots" "bots" $rc

echo "== determinism across processes"
sh tests/determinism.sh "$tabula" > "$out/det" 2>&1; rc=$?
cat "$out/det"
tally "$out/det" "determinism" $rc

if [ -x tests/repl/run.sh ] || [ -f tests/repl/run.sh ]; then
  echo "== REPL tests"
  TABULA="$tabula" sh tests/repl/run.sh "$tabula" > "$out/repl" 2>&1; rc=$?
  grep -E '^FAIL|^not ok' "$out/repl"
  tally "$out/repl" "repl" $rc
fi

echo "$total_pass passed, $total_fail failed"
[ "$total_fail" = 0 ]
