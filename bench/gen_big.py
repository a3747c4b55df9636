#!/usr/bin/env python3
"""Writes a 36x36 tatsu game with N piece types on an empty board, for measuring the tables at scale.

  bench/gen_big.py N BETZA        N types that all move as BETZA (`Q`, `zR`, `W`)
  bench/gen_big.py N mix [SEED]   N types of ordinary shapes, each drawn at random (seeded, default 1): in each
                                  of the 8 directions a range of 0 (none), 1 to 5 or unlimited, and maybe a W, F
                                  or N leap; as Taikyoku Shogi's pieces are made

The game goes to standard output. docs/performance.md ("Tables at scale") measures these files.
"""
import random
import sys

# The eight directions as XBetza writes a rook's or bishop's part of them.
DIRECTIONS = ["fR", "bR", "lR", "rR", "flB", "frB", "blB", "brB"]
RANGES = [0, 1, 2, 3, 4, 5, None]  # None: unlimited
LEAPS = ["", "", "W", "F", "N"]


def mixed_shape(rng):
    parts = []
    for d in DIRECTIONS:
        r = rng.choice(RANGES)
        if r is None:
            parts.append(d)
        elif r > 0:
            parts.append(f"{d}{r}")
    parts.append(rng.choice(LEAPS))
    shape = "".join(parts)
    return shape or "W"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    kind = sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    out = ["board 36 x 36", 'start "%s w - - 0 1"' % "/".join(["36"] * 36)]
    for i in range(n):
        shape = mixed_shape(rng) if kind == "mix" else kind
        out.append(f'piece X{i} {{ moves "{shape}" }}')
    print("\n".join(out))


if __name__ == "__main__":
    main()
