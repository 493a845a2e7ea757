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
# and a replay of a log in a third process reaches the same state
f=$(ls "$dir/a" | head -n 1)
if [ -n "$f" ] && "$tabula" replay --verify "$dir/a/$f" > /dev/null 2>&1; then
  pass=$((pass+1))
else
  echo "FAIL: replay --verify of $f"
  fail=$((fail+1))
fi
echo "determinism: $pass passed, $fail failed"
[ "$fail" = 0 ]
