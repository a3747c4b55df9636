#!/usr/bin/env python3
"""Cross-check the hand-worked XBetza corpus against Fairy-Stockfish (a local check, not for CI).

Usage: scripts/crosscheck_betza_fsf.py [FSF_BINARY]

For every line of betza/tests/data/valid.txt that Fairy-Stockfish's Betza reader supports (8x8, atoms
W F D N A H C Z G K Q R B, modifiers m c n, directions f b l r v s h, ranges; no hoppers, no `i`, no
multi-leg moves), the piece is defined as a Fairy-Stockfish custom piece and put on the corpus square:
- with the board otherwise empty (kings parked off its lines), its legal moves give the squares it moves to;
- with one move-only blocker of the other side on each other square in turn, the legal captures give the
  squares it captures on.
Their union must equal the corpus's hand-worked destination set. The kings stand on squares that are not
destinations, so they neither block a line nor stand attacked.

The default binary is `fairy-stockfish` on PATH; Debian's 11.1 build does not load custom pieces from a
variant file, so pass a newer one (e.g. built from the pyffish sdist) as FSF_BINARY.
"""
import os
import re
import sys
import tempfile

from fsf_uci import Fsf

CORPUS = os.path.join(os.path.dirname(__file__), "..", "betza", "tests", "data", "valid.txt")
SUPPORTED = re.compile(r"^[fblrvsh]*[mcn]*[WFDNAHCZGKQRB](\d+|[WFDNAHCZGKQRB])?$")
FILES = "abcdefgh"


def components(betza):
    """Split an XBetza string into components (lower-case prefix, atom, range)."""
    return re.findall(r"[a-z]*[A-Z](?:\d+)?", betza)


def fsf_supports(betza):
    """Whether Fairy-Stockfish reads the string the XBetza way (riders only of W F N, lame only N A D)."""
    if re.search(r"[DAHGCZ](\d+|[DAHGCZ])", betza) or re.search(r"n[a-z]*[HGCZ]", betza):
        return False
    comps = components(betza)
    if "".join(comps) != betza:
        # A doubled atom (`NN`) is read as two components by findall; accept it only as a rider.
        return bool(re.fullmatch(r"[fblrvsh]*[mcn]*([WFN])\1", betza))
    return all(SUPPORTED.match(c) for c in comps)


def divergence(betza, orientation):
    """Where tatsu deliberately reads the string as XBoard does and Fairy-Stockfish does not."""
    if re.search(r"[fblrvsh]+[mcn]*[KQ]", betza):
        return "Fairy-Stockfish reads K as W+F and Q as R+B, each taking the direction letters on its own; " \
               "XBoard (and tatsu) read them in the king system (fK = one step straight forward)"
    if orientation == "mirrored" and re.search(r"(fr|fl|rf|lf|br|bl|rb|lb|hr|hl|[^f]r|[^f]l|^r|^l)[a-z]*[NCZ]", betza):
        return "tatsu's mirrored orientation keeps a chiral move on the same side of the board; " \
               "XBoard and Fairy-Stockfish turn the second player's direction letters by 180 degrees"
    return None


def square(name):
    return FILES.index(name[0]), int(name[1:]) - 1


def name(x, y):
    return f"{FILES[x]}{y + 1}"


def fen(pieces, black_to_move):
    rows = []
    for y in range(7, -1, -1):
        row, empty = "", 0
        for x in range(8):
            p = pieces.get((x, y))
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + (" b" if black_to_move else " w") + " - - 0 1"


def run_case(binary, betza, origin, black, expected):
    """Fairy-Stockfish's destination squares for the piece on `origin` (moves on an empty board, plus captures
    of a lone blocker on each other square)."""
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as f:
        # `y` is a move-only blocker that never attacks: it cannot give check or pin.
        f.write(f"[bzcheck:chess]\ncustomPiece1 = a:{betza}\ncustomPiece2 = y:mfW\n")
        ini = f.name
    fsf = Fsf("bzcheck", binary, ini)
    try:
        me, my_king, their_king, blocker = ("a", "k", "K", "Y") if black else ("A", "K", "k", "y")
        # Kings on corner-ish squares that are not destinations: off every line the piece slides along.
        spots = [(x, y) for y in (0, 7, 1, 6) for x in (0, 7, 1, 6) if (x, y) not in expected | {origin}]
        base = {origin: me, spots[0]: my_king, spots[1]: their_king}
        src = name(*origin)
        found = {mv[2:4] for mv in fsf.moves(fen(base, black)) if mv[:2] == src}
        for y in range(8):
            for x in range(8):
                if (x, y) in base:
                    continue
                target = name(x, y)
                position = fen({**base, (x, y): blocker}, black)
                if any(mv[:4] == src + target for mv in fsf.moves(position)):
                    found.add(target)
        return {square(s) for s in found}
    finally:
        fsf.close()
        os.unlink(ini)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "fairy-stockfish"
    checked, skipped, mismatches, divergent = 0, 0, [], []
    for line in open(CORPUS):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        rule, betza, board, origin, orientation, expected = [f.strip() for f in line.split(";")]
        marks = expected.split()
        if (board != "8x8" or orientation == "rotated" or not fsf_supports(betza)
                or any(m.endswith((":h", ":i", ":O", ":x")) for m in marks)):
            skipped += 1
            continue
        want = {square(m.split(":")[0]) for m in marks if not m.endswith(":-")}
        got = run_case(binary, betza, square(origin), orientation == "mirrored", want)
        checked += 1
        if got != want:
            why = divergence(betza, orientation)
            entry = (rule, betza, sorted(name(*s) for s in want - got), sorted(name(*s) for s in got - want))
            (divergent if why else mismatches).append(entry + (why,))
    for rule, betza, missing, extra, why in divergent:
        print(f"known divergence {rule} ({betza}): {why}")
    for rule, betza, missing, extra, _ in mismatches:
        print(f"MISMATCH {rule} ({betza}): Fairy-Stockfish lacks {missing}, has extra {extra}")
    print(f"{checked} corpus lines checked against Fairy-Stockfish: {checked - len(mismatches) - len(divergent)} agree, "
          f"{len(divergent)} known divergences, {len(mismatches)} mismatches; {skipped} lines outside its subset")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
