#!/bin/sh
# tests/coverage.sh — the lines of host/, vm/ and repl/ that `make test` runs, file by
# file (gcov), after `make coverage` has built and run the tests with --coverage in
# build/cov. repl/bench_cmd.c is left out: `make bench` runs it, not `make test`.
# usage: tests/coverage.sh [build dir]     (from the repository root) Prints "<percent>
# <lines> <file>", then the total.
build=${1:-build/cov}
total=0
ran=0
for dir in host vm repl; do
  for f in "$dir"/*.c; do
    [ "$f" = repl/bench_cmd.c ] && continue
    line=$(gcov -n -o "$build/$dir" "$f" 2>/dev/null | grep -A1 "^File '$f'" | tail -n 1) # (-n: writes no file)
    pct=$(echo "$line" | sed -n 's/.*executed:\([0-9.]*\)% of \([0-9]*\).*/\1/p')
    n=$(echo "$line" | sed -n 's/.*executed:\([0-9.]*\)% of \([0-9]*\).*/\2/p')
    [ -n "$n" ] || continue
    printf '%6s%% %5s  %s\n' "$pct" "$n" "$f"
    total=$((total + n))
    ran=$(awk -v r="$ran" -v p="$pct" -v n="$n" 'BEGIN { printf "%.2f", r + p * n / 100 }')
  done
done
awk -v r="$ran" -v t="$total" 'BEGIN { printf "total: %.2f%% of %d lines run (gcov -o BUILD/DIR FILE shows which: #####)\n", 100 * r / t, t }'
