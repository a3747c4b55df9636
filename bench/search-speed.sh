#!/bin/sh
# Search speed beside Fairy-Stockfish 11.1: nodes per second of a fixed-depth search of the same positions
# (run from the repository root after cargo build --release). Both count their own nodes their own way
# (tatsu: every node and quiescence node entered), so the comparison is of orders of magnitude.
tatsu=./target/release/tatsu
fsf=/usr/games/fairy-stockfish
run() { # variant fen depth
    echo "== $1: $2, depth $3"
    "$tatsu" search "$1" --fen "$2" --depth "$3" --hash 64 | tail -2 | head -1 | sed 's/ pv .*//; s/^/tatsu: /'
    fsfvariant=$1; [ "$1" = chess ] && fsfvariant=chess
    (echo "setoption name UCI_Variant value $fsfvariant"; echo "setoption name Hash value 64"; \
     echo "position fen $2"; echo "go depth $3"; sleep 20; echo quit) | "$fsf" 2>/dev/null \
        | grep -E "^info depth $3 " | tail -1 | sed 's/ pv .*//; s/^/fairy-stockfish: /'
}
run chess "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 9
run chess "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4" 8
run shogi "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1" 8
run euroshogi "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w - - 0 1" 9
