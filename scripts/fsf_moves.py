#!/usr/bin/env python3
"""Legal moves of positions in a Fairy-Stockfish variant definition, as the real engine (pyffish) lists them.

Usage: fsf_moves.py VARIANTS_INI VARIANT < FENS
Loads the definition with pyffish.load_variant_config, reads one FEN a line from standard input and prints, for
each, its legal moves sorted and separated by spaces (an empty line where there is none). Exit status 3 if pyffish
is not installed, 4 if it did not take the definition.
"""
import sys

try:
    import pyffish as sf
except ImportError:
    print("pyffish is not installed (pip install pyffish)", file=sys.stderr)
    sys.exit(3)


def main():
    ini, variant = sys.argv[1], sys.argv[2]
    with open(ini) as f:
        sf.load_variant_config(f.read())
    if variant not in sf.variants():
        print(f"pyffish did not take the definition of {variant}", file=sys.stderr)
        sys.exit(4)
    for line in sys.stdin:
        fen = line.strip()
        if fen:
            print(" ".join(sorted(sf.legal_moves(variant, fen, []))))


main()
