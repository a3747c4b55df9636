#!/bin/sh
# Strength against Fairy-Max in chess, at 10 s + 0.1 s per move (run from the repository root after
# cargo build --release). Games are appended to bench/results/fairymax-chess.pgn; the summary ends the output.
set -e
mkdir -p bench/results
./target/release/tatsu match chess \
    --engine "$PWD/target/release/tatsu xboard" --engine /usr/games/fairymax \
    --games "${GAMES:-60}" --tc 10+0.1 --opening-plies 4 --seed "${SEED:-1}" \
    --pgn bench/results/fairymax-chess.pgn
