#!/bin/sh
# Strength against Sjaak II in EuroShogi, at 10 s + 0.1 s per move (run from the repository root after
# cargo build --release). Games are appended to bench/results/sjaak-euroshogi.pgn; the summary ends the output.
set -e
mkdir -p bench/results
./target/release/tatsu match euroshogi \
    --engine "$PWD/target/release/tatsu xboard" --engine /usr/games/sjaakii \
    --games "${GAMES:-40}" --tc 10+0.1 --opening-plies 4 --seed "${SEED:-1}" \
    --pgn bench/results/sjaak-euroshogi.pgn
