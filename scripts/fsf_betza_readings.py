#!/usr/bin/env python3
"""Writes betza/tests/data/fsf_readings.txt: how Fairy-Stockfish reads XBetza strings, from pyffish alone.

    scripts/fsf_betza_readings.py [--out betza/tests/data/fsf_readings.txt]

Every string (each direction group on each atom, and some ranges) is a custom piece of a 9x9 variant without
kings; its legal moves from e5 on an otherwise empty board are the squares Fairy-Stockfish gives it.
`betza/tests/it/fsf.rs` checks the crate's model of Fairy-Stockfish's reader (`betza::fsf`) against them.
"""
import argparse
import os

import pyffish as sf

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
DIRECTIONS = ["", "f", "b", "l", "r", "v", "s", "h", "ff", "bb", "ll", "rr", "fl", "fr", "bl", "br", "lf", "rf",
              "lb", "rb", "fs", "bs", "fh", "bh", "lh", "rh", "hl", "hr", "lv", "rv", "fb", "lr", "sv", "hf", "fsl"]
ATOMS = ["W", "F", "D", "N", "C", "Z", "K", "R", "B", "Q"]
RANGES = ["R4", "W3", "N0", "NN", "R10", "W12", "K2", "fK2", "F0", "B3"]


def strings():
    return [d + a for a in ATOMS for d in DIRECTIONS] + RANGES


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default=os.path.join(ROOT, "betza", "tests", "data", "fsf_readings.txt"))
    args = p.parse_args()
    ini = []
    for i, s in enumerate(strings()):
        ini.append(f"[bz{i}]\nmaxRank = 9\nmaxFile = 9\nking = -\ncustomPiece1 = a:{s}\n"
                   f"startFen = 9/9/9/9/4A4/9/9/9/9 w - - 0 1\n")
    sf.load_variant_config("\n".join(ini))
    with open(args.out, "w") as out:
        out.write(f"# How Fairy-Stockfish (pyffish {'.'.join(map(str, sf.version()))}) reads XBetza strings: each is a\n"
                  "# custom piece on e5 of an empty 9x9 board; the squares are its legal moves there\n"
                  "# (scripts/fsf_betza_readings.py). Format: xbetza ; squares (`-` for none)\n")
        for i, s in enumerate(strings()):
            moves = sf.legal_moves(f"bz{i}", "9/9/9/9/4A4/9/9/9/9 w - - 0 1", [])
            squares = sorted({m[2:] for m in moves}, key=lambda q: (q[0], int(q[1:])))
            out.write(f"{s} ; {' '.join(squares) or '-'}\n")


if __name__ == "__main__":
    main()
