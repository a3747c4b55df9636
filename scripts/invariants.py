#!/usr/bin/env python3
"""Invariants at scale: random self-play over every bundled game and every test variant, audited at every ply.

    scripts/invariants.py [--positions 100000] [GAME ...]

For each game it runs `tatsu selfplay --json` in batches of games (seeds 1, 2, ...) until at least --positions
positions have been played. At every ply selfplay checks the executor's invariants (`tatsu::audit`: every legal move
played and taken back restores FEN and hash, leaves the mover's royal safe; the chosen move is legal, its text
parses back, the position round-trips through FEN). Prints a Markdown table: game, games, positions, violations,
seconds. Exits 1 if any violation was found. Needs target/release/tatsu (override with TATSU=path).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TATSU = os.environ.get("TATSU", os.path.join(ROOT, "target", "release", "tatsu"))
def bundled():
    """The bundled games, as `tatsu list` names them (first column)."""
    out = subprocess.run([TATSU, "list"], capture_output=True, text=True, check=True)
    return [line.split()[0] for line in out.stdout.splitlines() if line.strip()]


def games(only=None):
    every = bundled() + sorted(glob.glob(os.path.join(ROOT, "tests", "data", "variants", "*.tatsu")))
    for game in every:
        if not only or any(o == game or game.endswith(f"/{o}.tatsu") for o in only):
            yield game


def run(game, positions):
    played, count, violations, seed = 0, 0, [], 0
    started = time.time()
    while played < positions:
        seed += 1
        out = subprocess.run(
            [TATSU, "selfplay", game, "--games", "50", "--seed", str(seed), "--json"],
            capture_output=True, text=True)
        if out.returncode not in (0, 3):
            return None, out.stderr.strip().splitlines()[-1:] or ["no output"]
        report = json.loads(out.stdout)
        if report["plies"] == 0:
            break
        played += report["plies"]
        count += report["games"]
        violations += report["violations"]
    return (count, played, len(violations), time.time() - started), violations


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("only", nargs="*", help="games to run (bundled names or test variant stems); default: all")
    args = parser.parse_args()
    failed = False
    print("| game | games | positions | violations | seconds |")
    print("|---|---|---|---|---|")
    for game in games(args.only):
        name = os.path.relpath(game, ROOT) if os.path.sep in game else game
        figures, violations = run(game, args.positions)
        if figures is None:
            print(f"| {name} | does not load: {violations[0]} | | | |")
            continue
        count, played, bad, seconds = figures
        failed |= bad > 0
        print(f"| {name} | {count} | {played} | {bad} | {seconds:.0f} |", flush=True)
        for v in violations[:3]:
            print(f"<!-- {v} -->")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
