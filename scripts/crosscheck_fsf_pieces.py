#!/usr/bin/env python3
"""Random XBetza pieces, read by tatsu's model of Fairy-Stockfish and by Fairy-Stockfish itself (a local check, not
for CI: it needs pyffish and takes minutes).

Usage: scripts/crosscheck_fsf_pieces.py [PIECES] [SEED]

Each piece (1 to 4 one-leg components: atoms W F D N A H C Z G K R B Q, direction letters, `m c p g n`, ranges)
takes the knight's place in chess, with `dead-squares allowed` so that no immobility rule is in play and
`orientation rotate`, since Fairy-Stockfish turns Black's moves 180 degrees (chess mirrors them; the two differ for
a piece that is not left-right symmetric). Two claims are checked along random games:

* `tatsu check`: where it gives no Fairy-Stockfish warning, the string as written means the same piece to
  pyffish (`customPiece1 = n:STRING`): every legal move but promotions (that game cannot promote to the piece)
  is the same. A difference there is a MISS, and the exit status is 1. A warning with no
  difference seen is listed (UNSEEN): the reading may differ only in positions the games did not reach.
* `tatsu export --to fsf`: an export that is not refused plays the same moves in pyffish (every legal move,
  both sides). A difference is a BAD export, and the exit status is 1.

Run from the repository root after `cargo build --release`. Its figures are in docs/export.md ("How we know").
"""
import os
import random
import subprocess
import sys
import tempfile

import pyffish as sf

sys.path.insert(0, os.path.dirname(__file__))
import fsf_oracle as fo  # noqa: E402

TATSU = "target/release/tatsu"
ATOMS = "WFDNAHCZGKRBQ"
DIRECTIONS = [""] * 8 + ["f", "b", "l", "r", "v", "s", "h", "fs", "fl", "fr", "bl", "br", "lf", "rf", "lb", "rb",
                         "ff", "ll", "rr", "bb", "fh", "hl", "lv", "rv", "bs", "sv", "fb", "lr", "hr", "lh"]


def component(rng):
    atom = rng.choice(ATOMS)
    modifiers = rng.choice(["", "", "m", "c"])
    kind = rng.random()
    if kind < 0.08:
        modifiers += "p"
    elif kind < 0.14:
        modifiers += "g"
    elif kind < 0.22 and atom in "NADCZHG":
        modifiers += "n"
    if "p" in modifiers or "g" in modifiers:
        atom = rng.choice("RBQWF")
    reach = rng.choice([""] * 6 + ["2", "3", "4", "0"]) if atom in "WFNRBQ" else ""
    return rng.choice(DIRECTIONS) + modifiers + atom + reach


def piece(rng):
    return "".join(component(rng) for _ in range(rng.choice([1, 2, 2, 3, 3, 4])))


def run(*argv):
    return subprocess.run([TATSU, *argv], capture_output=True, text=True)


def fsf_positions(name, seed, games=3, plies=40):
    """Positions of random games as pyffish plays them."""
    rng = random.Random(seed)
    for _ in range(games):
        fen = sf.start_fen(name)
        for _ in range(plies):
            legal = sf.legal_moves(name, fen, [])
            yield fen, sorted(legal)
            if not legal:
                break
            fen = sf.get_fen(name, fen, [rng.choice(legal)])


def without_promotions(moves):
    return sorted(m for m in moves if len(m) == 4)


def as_written(path, betza, name, seed):
    """The first difference between tatsu's moves of the piece and pyffish's, if any."""
    name += "w"  # pyffish keeps the first game loaded under a name
    sf.load_variant_config(f"[{name}:chess]\ncustomPiece1 = n:{betza}\nknight = -\n")
    for fen, legal in fsf_positions(name, seed):
        if fo.fsf_result(name, fen) is not None:
            continue
        mine, _ = fo.tatsu_moves(path, fen)
        if mine is None:
            return None
        theirs, ours = without_promotions(legal), without_promotions(mine)
        if ours != theirs:
            return f"{fen}: only pyffish {sorted(set(theirs) - set(ours))[:4]}, only tatsu {sorted(set(ours) - set(theirs))[:4]}"
    return None


def exported(path, name, seed):
    """Whether the export is refused; else the first difference between the two games."""
    out = run("export", path, "--to", "fsf", "--name", name)
    if out.returncode != 0:
        return "refused"
    sf.load_variant_config(out.stdout)
    for fen, legal in fsf_positions(name, seed):
        mine, err = fo.tatsu_moves(path, fen)
        if mine is None:
            return f"tatsu refused {fen}: {err}"
        if fo.fsf_result(name, fen) is not None:
            legal = []
        if mine != legal:
            return f"{fen}: only pyffish {sorted(set(legal) - set(mine))[:4]}, only tatsu {sorted(set(mine) - set(legal))[:4]}"
    return "agrees"


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    chess = open("variants/chess.tatsu").read()
    chess = chess.replace("  insufficient-material none, N, B\n", "")
    chess = chess.replace("orientation mirror", "dead-squares allowed\norientation rotate", 1)
    tally = {}
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(count):
            betza = piece(rng)
            name = f"xp{i}"
            path = os.path.join(tmp, f"{name}.tatsu")
            with open(path, "w") as f:
                f.write(chess.replace('moves "N"', f'moves "{betza}"'))
            check = run("check", path)
            if check.returncode != 0:
                tally["not valid XBetza or refused by tatsu"] = tally.get("not valid XBetza or refused by tatsu", 0) + 1
                continue
            warned = "Fairy-Stockfish reads" in check.stderr
            differs = as_written(path, betza, name, i)
            if differs and not warned:
                print(f"MISS {betza}: no warning, but {differs}", flush=True)
                failed = True
            elif warned and not differs:
                print(f"UNSEEN {betza}: warned, no difference seen", flush=True)
            key = ("warned" if warned else "no warning") + (", differs" if differs else ", same moves seen")
            tally[key] = tally.get(key, 0) + 1
            export = exported(path, name, i)
            if export not in ("refused", "agrees"):
                print(f"BAD export {betza}: {export}", flush=True)
                failed = True
                export = "differs"
            tally[f"export {export}"] = tally.get(f"export {export}", 0) + 1
    for key, n in sorted(tally.items()):
        print(f"{n:6}  {key}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
