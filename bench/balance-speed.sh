#!/bin/sh
# Games per minute of `tatsu balance` at each strength level, per bundled game (run from the repository root after
# cargo build --release). Deliberately small: GAMES games per cell (default 4), at most 300 plies, one process at
# a time, so that the figures fit a shared machine; the rate is printed with the wall time of each cell.
#
# Usage: bench/balance-speed.sh [GAMES] [LEVELS…]     e.g. bench/balance-speed.sh 4 300 1000 3000
tatsu=./target/release/tatsu
games=${1:-4}
[ $# -gt 0 ] && shift
levels=${*:-300 1000 3000}
printf '%-16s %8s %6s %9s %12s %10s\n' game nodes games seconds games/min unfinished
for game in ryugi ryu-shogi dai-ryu-shogi heian-ryu-shogi euroshogi chess shogi crazyhouse makruk; do
    for nodes in $levels; do
        start=$(date +%s.%N)
        unfinished=$("$tatsu" balance "$game" --games "$games" --nodes "$nodes" --max-plies 300 --json \
            | sed 's/.*"unfinished":\([0-9]*\).*/\1/')
        end=$(date +%s.%N)
        awk -v g="$game" -v n="$nodes" -v k="$games" -v s="$start" -v e="$end" -v u="$unfinished" \
            'BEGIN { t = e - s; printf "%-16s %8d %6d %9.1f %12.1f %10d\n", g, n, k, t, k * 60 / t, u }'
    done
done
