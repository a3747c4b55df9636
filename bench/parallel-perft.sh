#!/bin/sh
# Parallel perft speed-up: the same perft on 1 and on 2 threads, wall and CPU time of each.
# Usage: bench/parallel-perft.sh [VARIANT] [DEPTH]   (from the repository root, after cargo build --release)
# The speed-up is wall(1) / wall(2); it means something only on an otherwise idle machine (check `uptime`).
set -e
variant=${1:-ryugi}
depth=${2:-5}
tatsu=./target/release/tatsu
uptime
for threads in 1 2 1 2; do
    /usr/bin/time -f "threads $threads: %e s wall, %U s user, %S s sys" \
        "$tatsu" perft "$variant" --depth "$depth" --threads "$threads"
done
