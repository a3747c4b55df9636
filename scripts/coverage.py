#!/usr/bin/env python3
"""Writes docs/coverage.md: every built-in variant of pyffish 0.0.90, marked expressible, partial or not yet.

    scripts/coverage.py [--out docs/coverage.md]

A variant counts as **expressible** only when verified here, now: it has a tatsu file (FILES below), every row of
its perft table (tests/data/perft/<file stem>.tsv, up to 3 million nodes) agrees with `tatsu perft`, and the start
position's perft at depths 1-2 agrees with pyffish's, computed live. A file that fails any of these is listed as
**partial** with what disagreed. Every other variant is **not yet**, with the construct it needs (MISSING below;
a variant in neither table is reported as unclassified). The column "exports to FSF" is
`scripts/export_roundtrip.py`'s check of each file: exported without --lossy, loaded into pyffish, perft 1-2 of the
start position equal to tatsu's; or the rules the export names. Needs target/release/tatsu (override with
TATSU=path).
"""
import argparse
import os
import subprocess
import sys

import pyffish as sf

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TATSU = os.environ.get("TATSU", os.path.join(ROOT, "target", "release", "tatsu"))
MAX_ROW_NODES = 3_000_000

# Fairy-Stockfish variant -> the tatsu file that plays it.
FILES = {
    "chess": "variants/chess.tatsu",
    "normal": "variants/chess.tatsu",
    "shogi": "variants/shogi.tatsu",
    "euroshogi": "variants/euroshogi.tatsu",
    "crazyhouse": "variants/crazyhouse.tatsu",
    "loop": "tests/data/variants/loop.tatsu",
    "cambodian": "tests/data/variants/cambodian.tatsu",
    "karouk": "tests/data/variants/karouk.tatsu",
    "chessgi": "tests/data/variants/chessgi.tatsu",
    "capahouse": "tests/data/variants/capahouse.tatsu",
    "pocketknight": "tests/data/variants/pocketknight.tatsu",
    "kingofthehill": "tests/data/variants/kingofthehill.tatsu",
    "3check": "tests/data/variants/threecheck.tatsu",
    "5check": "tests/data/variants/fivecheck.tatsu",
    "extinction": "tests/data/variants/extinction.tatsu",
    "kinglet": "tests/data/variants/kinglet.tatsu",
    "seirawan": "tests/data/variants/seirawan.tatsu",
    "shouse": "tests/data/variants/shouse.tatsu",
    "threekings": "tests/data/variants/threekings.tatsu",
    "shatranj": "tests/data/variants/shatranj.tatsu",
    "makruk": "variants/makruk.tatsu",
    "dragon": "tests/data/variants/dragon.tatsu",
    "newzealand": "tests/data/variants/newzealand.tatsu",
    "kyotoshogi": "tests/data/variants/kyotoshogi.tatsu",
    "micro": "tests/data/variants/micro.tatsu",
    "makpong": "tests/data/variants/makpong.tatsu",
    "ai-wok": "tests/data/variants/ai-wok.tatsu",
    "asean": "tests/data/variants/asean.tatsu",
    "horde": "tests/data/variants/horde.tatsu",
    "misere": "tests/data/variants/misere.tatsu",
    "chaturanga": "tests/data/variants/chaturanga.tatsu",
    "courier": "tests/data/variants/courier.tatsu",
    "armageddon": "tests/data/variants/armageddon.tatsu",
    "minishogi": "tests/data/variants/minishogi.tatsu",
    "mini": "tests/data/variants/minishogi.tatsu",
    "racingkings": "tests/data/variants/racingkings.tatsu",
    "fischerandom": "tests/data/variants/fischerandom.tatsu",
    "caparandom": "tests/data/variants/caparandom.tatsu",
    "perfect": "tests/data/variants/perfect.tatsu",
    "gustav3": "tests/data/variants/gustav3.tatsu",
    "troitzky": "tests/data/variants/troitzky.tatsu",
    "omicron": "tests/data/variants/omicron.tatsu",
    "grand": "tests/data/variants/grand.tatsu",
    "opulent": "tests/data/variants/opulent.tatsu",
    "sortofalmost": "tests/data/variants/sortofalmost.tatsu",
    "chigorin": "tests/data/variants/chigorin.tatsu",
    "spartan": "tests/data/variants/spartan.tatsu",
    "berolina": "tests/data/variants/berolina.tatsu",
    "atomic": "tests/data/variants/atomic.tatsu",
    "nocheckatomic": "tests/data/variants/nocheckatomic.tatsu",
    "xiangqi": "tests/data/variants/xiangqi.tatsu",
    "minixiangqi": "tests/data/variants/minixiangqi.tatsu",
    "manchu": "tests/data/variants/manchu.tatsu",
    "wolf": "tests/data/variants/wolf.tatsu",
    "suicide": "tests/data/variants/suicide.tatsu",
    "breakthrough": "tests/data/variants/breakthrough.tatsu",
    "fox-and-hounds": "tests/data/variants/fox-and-hounds.tatsu",
    "jesonmor": "tests/data/variants/jesonmor.tatsu",
    "dobutsu": "tests/data/variants/dobutsu.tatsu",
    "atomar": "tests/data/variants/atomar.tatsu",
    "antichess": "tests/data/variants/antichess.tatsu",
    "torishogi": "tests/data/variants/torishogi.tatsu",
    "coregal": "tests/data/variants/coregal.tatsu",
    "shoshogi": "tests/data/variants/shoshogi.tatsu",
    "nocastle": "tests/data/variants/nocastle.tatsu",
    "raazuvaa": "tests/data/variants/raazuvaa.tatsu",
    "almost": "tests/data/variants/almost.tatsu",
    "amazon": "tests/data/variants/amazon.tatsu",
    "georgian": "tests/data/variants/georgian.tatsu",
    "nightrider": "tests/data/variants/nightrider.tatsu",
    "grasshopper": "tests/data/variants/grasshopper.tatsu",
    "hoppelpoppel": "tests/data/variants/hoppelpoppel.tatsu",
    "paradigm": "tests/data/variants/paradigm.tatsu",
    "knightmate": "tests/data/variants/knightmate.tatsu",
    "gardner": "tests/data/variants/gardner.tatsu",
    "losalamos": "tests/data/variants/losalamos.tatsu",
    "fairy": "tests/data/variants/fairy.tatsu",
    "torpedo": "tests/data/variants/torpedo.tatsu",
    "pawnsideways": "tests/data/variants/pawnsideways.tatsu",
    "pawnback": "tests/data/variants/pawnback.tatsu",
    "legan": "tests/data/variants/legan.tatsu",
    "capablanca": "tests/data/variants/capablanca.tatsu",
    "gothic": "tests/data/variants/gothic.tatsu",
    "embassy": "tests/data/variants/embassy.tatsu",
    "centaur": "tests/data/variants/centaur.tatsu",
    "janus": "tests/data/variants/janus.tatsu",
    "modern": "tests/data/variants/modern.tatsu",
    "chancellor": "tests/data/variants/chancellor.tatsu",
    "tencubed": "tests/data/variants/tencubed.tatsu",
    "shako": "tests/data/variants/shako.tatsu",
    "giveaway": "tests/data/variants/giveaway.tatsu",
    "codrus": "tests/data/variants/codrus.tatsu",
    "losers": "tests/data/variants/losers.tatsu",
    "gorogoro": "tests/data/variants/gorogoro.tatsu",
    "judkins": "tests/data/variants/judkins.tatsu",
    "yarishogi": "tests/data/variants/yarishogi.tatsu",
    "okisakishogi": "tests/data/variants/okisakishogi.tatsu",
    "checkshogi": "tests/data/variants/checkshogi.tatsu",
    "clobber": "tests/data/variants/clobber.tatsu",
    "clobber10": "tests/data/variants/clobber10.tatsu",
    "joust": "tests/data/variants/joust.tatsu",
    "snailtrail": "tests/data/variants/snailtrail.tatsu",
    "isolation": "tests/data/variants/isolation.tatsu",
    "isolation7x7": "tests/data/variants/isolation7x7.tatsu",
    "amazons": "tests/data/variants/amazons.tatsu",
    "petrified": "tests/data/variants/petrified.tatsu",
    "duck": "tests/data/variants/duck.tatsu",
    "janggi": "tests/data/variants/janggi.tatsu",
    "janggicasual": "tests/data/variants/janggicasual.tatsu",
    "janggitraditional": "tests/data/variants/janggitraditional.tatsu",
    "shatar": "tests/data/variants/shatar.tatsu",
    "placement": "tests/data/variants/placement.tatsu",
    "sittuyin": "tests/data/variants/sittuyin.tatsu",
}

# Rule groups, so that each gap is named once.
OTHER_KIND = "not a capture game (flipping, connection, cloning)"
NO_FILE = "no tatsu file written yet (the rules are sayable)"

MISSING = {
    "supply": "two boards (captures supply the partner's hand, as in bughouse)",
    "janggimodern": "Kakao janggi's rule against repeating a move pair (moveRepetitionIllegal)",
    "bughouse": "two boards", "koedem": "two boards",
    "ataxx": OTHER_KIND, "flipello": OTHER_KIND, "flipello10": OTHER_KIND, "flipersi": OTHER_KIND,
}


def fsf_perft(variant, fen, depth, moves=()):
    legal = sf.legal_moves(variant, fen, list(moves))
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(variant, fen, depth - 1, list(moves) + [m]) for m in legal)


def tatsu_perft(file, fen, depth):
    run = subprocess.run([TATSU, "perft", file, "--fen", fen, "--depth", str(depth)],
                         capture_output=True, text=True, cwd=ROOT)
    for line in run.stdout.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    return None


def table_rows(file):
    stem = os.path.splitext(os.path.basename(file))[0]
    path = os.path.join(ROOT, "tests", "data", "perft", stem + ".tsv")
    if not os.path.exists(path):
        return []
    rows = []
    with open(path) as f:
        next(f)
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 4 and int(cols[3]) <= MAX_ROW_NODES:
                rows.append((cols[1], int(cols[2]), int(cols[3])))
    return rows


def verify(variant, file):
    """(agreeing rows, problems)."""
    problems = []
    agree = 0
    for fen, depth, nodes in table_rows(file):
        got = tatsu_perft(file, fen, depth)
        if got == nodes:
            agree += 1
        else:
            problems.append(f"table row `{fen}` depth {depth}: table {nodes}, tatsu {got}")
    start = sf.start_fen(variant)
    for depth in (1, 2):
        want, got = fsf_perft(variant, start, depth), tatsu_perft(file, start, depth)
        if want == got:
            agree += 1
        else:
            problems.append(f"start depth {depth}: pyffish {want}, tatsu {got}")
    return agree, problems


def export_cell(status, details):
    """The "exports to FSF" cell: yes, or why not."""
    if status == "ok":
        return "yes"
    text = "; ".join(d.replace(": not written by this exporter", "") for d in details)
    return f"{status}: {text}".replace("|", "/").replace("\n", " ")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default=os.path.join(ROOT, "docs", "coverage.md"))
    args = p.parse_args()
    from export_roundtrip import roundtrip  # imports this module: imported here, once FILES is defined

    variants = sf.variants()
    lines, counts = [], {"expressible": 0, "partial": 0, "not yet": 0}
    exports = {}
    for v in variants:
        if v in FILES:
            agree, problems = verify(v, FILES[v])
            status = "partial" if problems else "expressible"
            detail = f"`{FILES[v]}`: {agree} perft counts agree" + (": " + "; ".join(problems) if problems else "")
            if FILES[v] not in exports:
                exports[FILES[v]] = roundtrip(FILES[v], 2)
            export = export_cell(*exports[FILES[v]])
        else:
            status = "not yet"
            detail = MISSING.get(v, "unclassified")
            export = ""
        counts[status] += 1
        lines.append(f"| {v} | {status} | {export} | {detail} |")
        print(f"{v}: {status}", file=sys.stderr)
    exported = sum(1 for s, _ in exports.values() if s == "ok")
    sample = f"{exported} of {len(exports)}"
    header = f"""# Coverage of Fairy-Stockfish's built-in variants

Generated by `scripts/coverage.py` from pyffish {'.'.join(map(str, sf.version()))} ({len(variants)} variants); do not
edit by hand. **Expressible** means verified when the script ran: a tatsu file exists, every row of its perft table
in `tests/data/perft/` up to {MAX_ROW_NODES:,} nodes agrees with `tatsu perft`, and the start position's perft at
depths 1 and 2 agrees with pyffish's, computed live. The move lists and results of the files written for the
game-end rules are also compared with pyffish along random games by `scripts/fsf_oracle.py results`. **Not yet**
names what is missing; "{NO_FILE}" means no file has been written and checked, so it does not count.

Expressible: {counts['expressible']}; partial: {counts['partial']}; not yet: {counts['not yet']}.

**Exports to FSF** (`scripts/export_roundtrip.py`, the same check): the file's `tatsu export --to fsf` without
`--lossy`, loaded into pyffish, whose perft of the start position at depths 1 and 2 agrees with tatsu's (**yes**),
or the export refused, with the rules Fairy-Stockfish cannot say. {sample} files export and agree.

| Fairy-Stockfish variant | status | exports to FSF | file and agreeing counts, or what is missing |
|---|---|---|---|
"""
    with open(args.out, "w") as f:
        f.write(header + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
