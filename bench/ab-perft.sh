#!/usr/bin/env bash
# Two tatsu builds' perft side by side: CPU (user) time of each, runs alternated so that both see the same load,
# the best of RUNS (default 5) kept; the ratio is B's time over A's (above 1: B is slower).
#
#   bench/ab-perft.sh A_BINARY B_BINARY ["game depth" ...]   # default rows: chess 6, shogi 5, chu-shogi 5
set -euo pipefail
A=$1 B=$2
shift 2
RUNS=${RUNS:-5}
ROWS=("$@")
[ ${#ROWS[@]} -gt 0 ] || ROWS=("chess 6" "shogi 5" "chu-shogi 5")

# Prints "nodes user-seconds" for one run.
run() {
  local t
  t=$( { /usr/bin/time -f "%U" "$1" perft "$2" --depth "$3" --threads 1 >/tmp/ab-perft.$$; } 2>&1 | tail -1)
  echo "$(awk '/Nodes searched/ {print $3}' /tmp/ab-perft.$$) $t"
}

printf '%-10s %5s | %12s | %8s %8s | %6s\n' game depth nodes "A s" "B s" "B/A"
for row in "${ROWS[@]}"; do
  read -r game depth <<<"$row"
  best_a="" best_b=""
  for ((r = 0; r < RUNS; r++)); do
    read -r na ta < <(run "$A" "$game" "$depth")
    read -r nb tb < <(run "$B" "$game" "$depth")
    [ "$na" = "$nb" ] || { echo "$game: node counts differ ($na, $nb)"; exit 1; }
    if [ -z "$best_a" ] || (($(echo "$ta < $best_a" | bc -l))); then best_a=$ta; fi
    if [ -z "$best_b" ] || (($(echo "$tb < $best_b" | bc -l))); then best_b=$tb; fi
  done
  printf '%-10s %5s | %12s | %8s %8s | %6.3f\n' "$game" "$depth" "$na" "$best_a" "$best_b" \
    "$(echo "$best_b / $best_a" | bc -l)"
done
rm -f /tmp/ab-perft.$$
