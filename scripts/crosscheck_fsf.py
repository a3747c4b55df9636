#!/usr/bin/env python3
"""Cross-check tatsu's legal move lists against Fairy-Stockfish along random games (a local check, not for CI).

Usage: scripts/crosscheck_fsf.py VARIANT [GAMES] [PLIES] [SEED]
VARIANT is a game both programs know (euroshogi, chess, shogi). Needs `fairy-stockfish` on PATH (Debian package,
/usr/games) and a release build of tatsu. At every position of every game, the two move lists (`go perft 1` vs
`tatsu perft --depth 1 --divide`) must be equal, except for pawn drops that mate, which Fairy-Stockfish lists and
the rules forbid (those are reported separately).
"""
import random
import subprocess
import sys

from fsf_uci import Fsf

TATSU = "target/release/tatsu"


def tatsu_moves(variant, fen):
    out = subprocess.run([TATSU, "perft", variant, "--fen", fen, "--depth", "1", "--divide"],
                         capture_output=True, text=True, check=True).stdout
    return sorted(l.split(":")[0] for l in out.splitlines() if ":" in l and not l.startswith("Nodes"))


def main():
    variant = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    plies = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    fsf = Fsf(variant)
    fsf.send("position startpos\nd")
    start = [l for l in fsf.read_until("Checkers") if l.startswith("Fen:")][0][5:].strip()
    checked = mismatches = 0
    for g in range(games):
        played = []
        for _ in range(plies):
            fsf.send(f"position fen {start} moves {' '.join(played)}\nd")
            fen = [l for l in fsf.read_until("Checkers") if l.startswith("Fen:")][0][5:].strip()
            ours, theirs = tatsu_moves(variant, fen), fsf.moves(fen)
            checked += 1
            if ours != theirs:
                extra_fsf = sorted(set(theirs) - set(ours))
                extra_ours = sorted(set(ours) - set(theirs))
                only_pawn_drops = not extra_ours and all(m.startswith("P@") for m in extra_fsf)
                tag = "pawn-drop (mate?)" if only_pawn_drops else "MISMATCH"
                if not only_pawn_drops:
                    mismatches += 1
                print(f"{tag} game {g} {fen}\n  only fsf: {extra_fsf}\n  only tatsu: {extra_ours}")
            if not ours:
                break
            played.append(rng.choice(ours))
    print(f"{checked} positions checked, {mismatches} mismatches")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
