#!/bin/sh
# The balance reports of every bundled game that docs/balance.md reads (run from the repository root after
# cargo build --release): 200 games each at 1000 nodes per move (±20%), 2 random opening plies, seed 1; the
# large shogis get 400 plies before a game counts as unfinished, makruk 600. Writes docs/balance/GAME.txt (the text report)
# and docs/balance/GAME.html (the page with charts), and prints the wall time of each run.
#
# Usage: bench/balance-reports.sh [GAMES] [GAME…]
tatsu=./target/release/tatsu
games=${1:-200}
[ $# -gt 0 ] && shift
list=${*:-ryugi ryu-shogi dai-ryu-shogi heian-ryu-shogi euroshogi chess shogi crazyhouse makruk}
mkdir -p docs/balance
for game in $list; do
    case $game in
        dai-ryu-shogi|ryu-shogi|heian-ryu-shogi) plies=400 ;;
        # A makruk count runs up to 64 moves after the last pawn is gone: give the endings room.
        makruk) plies=600 ;;
        *) plies=300 ;;
    esac
    start=$(date +%s)
    "$tatsu" balance "$game" --games "$games" --nodes 1000 --max-plies "$plies" \
        --html "docs/balance/$game.html" > "docs/balance/$game.txt"
    echo "$game: $(( $(date +%s) - start )) s"
done
