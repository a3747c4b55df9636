#!/usr/bin/env python3
"""Perft of an exported Fairy-Stockfish definition, counted by the real engine (pyffish).

Usage: fsf_perft.py VARIANTS_INI VARIANT DEPTH [FEN]
Loads the section with pyffish.load_variant_config, then counts the legal move tree by recursion over
pyffish.legal_moves and prints one line: the node count. Exit status 3 if pyffish is not installed.
pyffish 0.0.90 lists pawn-drop mates (and scores them as lost) where tatsu does not generate them (RULES.md §2.5),
so compare from positions where no such drop arises within the depth.
"""
import sys

try:
    import pyffish as sf
except ImportError:
    print("pyffish is not installed (pip install pyffish)", file=sys.stderr)
    sys.exit(3)


def perft(variant, fen, moves, depth):
    ms = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(ms)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in ms)


def main():
    ini, variant, depth = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(ini) as f:
        sf.load_variant_config(f.read())
    fen = sys.argv[4] if len(sys.argv) > 4 else sf.start_fen(variant)
    print(perft(variant, fen, [], depth) if depth > 0 else 1)


main()
