#!/usr/bin/env python3
"""Perft rows for tests/data/perft/ from Fairy-Stockfish (a local tool, not for CI).

Usage: scripts/oracle_perft_rows.py FSF_VARIANT MAX_DEPTH [POSITIONS] [SEED] [MAX_NODES]
Prints TSV rows (name, fen, depth, nodes, source): the start position and POSITIONS positions taken from random
games Fairy-Stockfish plays itself (moves chosen uniformly from its legal moves, a position every 7 to 25 plies),
each at depths 1..MAX_DEPTH while the count stays under MAX_NODES (default 2 million). Needs `fairy-stockfish`
(Debian's 11.1, /usr/games) on PATH.
"""
import random
import sys

from fsf_uci import Fsf

SOURCE = "fairy-stockfish 11.1 go perft"


def perft(fsf, fen, depth):
    fsf.send(f"position fen {fen}\ngo perft {depth}")
    line = fsf.read_until("Nodes searched")[-1]
    return int(line.split(":")[1])


def fen_of(fsf, start, played):
    fsf.send(f"position fen {start} moves {' '.join(played)}\nd")
    return [l for l in fsf.read_until("Checkers") if l.startswith("Fen:")][0][5:].strip()


def main():
    variant, max_depth = sys.argv[1], int(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    max_nodes = int(sys.argv[5]) if len(sys.argv) > 5 else 2_000_000
    fsf = Fsf(variant)
    fsf.send("position startpos\nd")
    start = [l for l in fsf.read_until("Checkers") if l.startswith("Fen:")][0][5:].strip()
    positions = [("start", start)]
    while len(positions) <= count:
        played, target = [], rng.randint(7, 25)
        while len(played) < target:
            moves = fsf.moves(fen_of(fsf, start, played))
            if not moves:
                break
            played.append(rng.choice(moves))
        fen = fen_of(fsf, start, played)
        if fsf.moves(fen):
            positions.append((f"random{len(positions)}", fen))
    print("name\tfen\tdepth\tnodes\tsources")
    for name, fen in positions:
        for depth in range(1, max_depth + 1):
            nodes = perft(fsf, fen, depth)
            if nodes > max_nodes:
                break
            print(f"{name}\t{fen}\t{depth}\t{nodes}\t{SOURCE}")
    fsf.close()


if __name__ == "__main__":
    main()
