#!/bin/sh
# tests/determinism.sh — the same seeds and answers give byte-identical logs in two
# separate processes: 1,000 games of the benchmark pack, each saved as its log.
tabula=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pass=0
fail=0
for run in a b; do
  "$tabula" sim artemia-lite -n 1000 --players 4 --seed 11 --logs "$dir/$run" > /dev/null 2>&1 || { echo "FAIL sim run $run"; fail=$((fail+1)); }
done
if [ -d "$dir/a" ] && [ "$(ls "$dir/a" | wc -l)" = 1000 ] && diff -r "$dir/a" "$dir/b" > /dev/null; then
  pass=$((pass+1))
else
  echo "FAIL: logs of 1,000 games differ between two processes (or are missing)"
  fail=$((fail+1))
fi
# and every log replays to its saved state in a third process (whose worker has
# interned names in another order than the one that wrote them)
if "$tabula" replay --verify "$dir"/a/*.json > "$dir/verify" 2>&1; then
  pass=$((pass+1))
else
  echo "FAIL: replay --verify:"; head -n 5 "$dir/verify"
  fail=$((fail+1))
fi
# the same for Not Alone, whose rules intern names as they go
"$tabula" sim notalone -n 100 --players 5 --seed 11 --logs "$dir/na" > /dev/null 2>&1
if "$tabula" replay --verify "$dir"/na/*.json > "$dir/verify2" 2>&1; then
  pass=$((pass+1))
else
  echo "FAIL: replay --verify of notalone logs:"; head -n 5 "$dir/verify2"
  fail=$((fail+1))
fi
echo "determinism: $pass passed, $fail failed"
[ "$fail" = 0 ]
