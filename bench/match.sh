#!/bin/sh
# Strength of tatsu against another XBoard engine, refereed by `tatsu match` at 10 s + 0.1 s per game and move.
# Usage (from the repository root, after cargo build --release):
#   bench/match.sh chess /usr/games/fairymax 60          # the chess run of docs/play.md
#   bench/match.sh euroshogi /usr/games/sjaakii 40       # the EuroShogi run
# Games are appended to bench/results/VARIANT-OPPONENT.pgn; the summary (score, Elo ± 95%) ends the output.
set -e
variant=$1
opponent=$2
games=${3:-40}
mkdir -p bench/results
./target/release/tatsu match "$variant" \
    --engine "$PWD/target/release/tatsu xboard" --engine "$opponent" \
    --games "$games" --tc "${TC:-10+0.1}" --opening-plies 4 --seed "${SEED:-1}" \
    --pgn "bench/results/$variant-$(basename "$opponent").pgn"
