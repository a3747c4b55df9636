#!/usr/bin/env python3
"""Compare one Taikyoku Shogi piece's moves in tatsu and in yetiowin805/taikyoku_shogi, on random positions.

    scripts/yetiowin_moves.py PIECE TATSU_SYMBOL [--seeds 1-29] [--near 5] [--golds 20-120] [--write FILE]

yetiowin is a Rust engine (GitHub yetiowin805/taikyoku_shogi; build it with `cargo build` and give its binary as
$YETIOWIN, default /tmp/yeti/target/debug/taikyoku_shogi). For each seed: the two Kings in far corners, the piece
(yetiowin's serde name, e.g. WoodenDove) for the side that moves first on a random square of the middle, and a
random number of Gold Generals of both sides on random squares within --near squares of it. yetiowin's debug REPL
(`clear`, `place`, `moves F R`) lists the piece's moves; tatsu's `moves --from` lists them for the same position.
A multi-leg move counts as its first and last squares, as yetiowin lists it (two paths to one square count once).
Squares: yetiowin's `file,rank` (file 1 the rightmost, rank 1 the top, from the first player's side) is tatsu's
file 36 - f (a = 0), rank 37 - r. Prints one line per seed and exits 1 on any difference.
--write FILE also writes yetiowin's lists as test data, one position a line: the FEN, the piece's square and its
moves in tatsu's notation, tab-separated (tests/it/taikyoku.rs reads them).
Needs target/release/tatsu (override with TATSU=path).
"""
import argparse
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TATSU = os.environ.get("TATSU", os.path.join(ROOT, "target/release/tatsu"))
YETIOWIN = os.environ.get("YETIOWIN", "/tmp/yeti/target/debug/taikyoku_shogi")
N = 36


def name(file, rank):
    """tatsu's square for yetiowin's (file, rank)."""
    f = N - file
    letters = "abcdefghijklmnopqrstuvwxyz"
    text = letters[f] if f < 26 else "a" + letters[f - 26]
    return f"{text}{N + 1 - rank}"


def fen(pieces):
    """A 36x36 FEN of {(file, rank): tatsu piece text}, the first player (tatsu's White) to move."""
    rows = []
    for r in range(1, N + 1):  # yetiowin's rank 1 is tatsu's rank 36, the top row of a FEN
        row, empty = "", 0
        for f in range(N, 0, -1):  # yetiowin's file 36 is tatsu's file a
            piece = pieces.get((f, r))
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def yetiowin_moves(placements, at):
    script = ["clear"] + [f"place {c} {t} {f} {r}" for (c, t, f, r) in placements]
    script += [f"moves {at[0]} {at[1]}", "quit"]
    out = subprocess.run([YETIOWIN, "debug"], input="\n".join(script) + "\n", capture_output=True, text=True,
                         timeout=120).stdout
    moves = set()
    for a, b, c, d in re.findall(r"\] (\d+),(\d+) -> (\d+),(\d+)", out):
        moves.add(name(int(a), int(b)) + name(int(c), int(d)))
    return moves


def tatsu_moves(position, at):
    out = subprocess.run([TATSU, "moves", "taikyoku-shogi", "--fen", position, "--from", name(*at)],
                         capture_output=True, text=True, check=True).stdout
    # A multi-leg move is written with the squares it passes (`y11x10,x10w9`): yetiowin lists only where it starts
    # and ends.
    moves = set()
    for m in out.split():
        squares = re.findall(r"[a-z]+\d+", m)
        moves.add(squares[0] + squares[-1])
    return moves


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("piece")
    ap.add_argument("symbol")
    ap.add_argument("--seeds", default="1-29")
    ap.add_argument("--near", type=int, default=5)
    ap.add_argument("--golds", default="20-120")
    ap.add_argument("--write")
    args = ap.parse_args()
    lo, hi = map(int, args.seeds.split("-"))
    gold_lo, gold_hi = map(int, args.golds.split("-"))
    differ, rows = 0, []
    for seed in range(lo, hi + 1):
        rng = random.Random(seed)
        at = (rng.randint(8, 29), rng.randint(8, 29))
        placements = [("black", "King", 36, 36), ("white", "King", 1, 1), ("black", args.piece, *at)]
        pieces = {(36, 36): "K", (1, 1): "k", at: f"({args.symbol})" if len(args.symbol) > 1 else args.symbol}
        for _ in range(rng.randint(gold_lo, gold_hi)):
            sq = (at[0] + rng.randint(-args.near, args.near), at[1] + rng.randint(-args.near, args.near))
            if sq in pieces or not (1 <= sq[0] <= N and 1 <= sq[1] <= N):
                continue
            black = rng.random() < 0.5
            placements.append(("black" if black else "white", "GoldGeneral", *sq))
            pieces[sq] = "G" if black else "g"
        theirs, ours = yetiowin_moves(placements, at), tatsu_moves(fen(pieces), at)
        rows.append(f"{fen(pieces)}\t{name(*at)}\t{' '.join(sorted(theirs))}\n")
        same = theirs == ours
        differ += not same
        print(f"seed {seed}: {name(*at)} with {len(pieces) - 3} Golds: yetiowin {len(theirs)}, tatsu {len(ours)}"
              + ("" if same else f"; only yetiowin {sorted(theirs - ours)}, only tatsu {sorted(ours - theirs)}"))
    if args.write:
        with open(args.write, "w") as out:
            out.writelines(rows)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
