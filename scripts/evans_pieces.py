#!/usr/bin/env python3
"""Every piece of a great shogi game moved by Steve Evans' data, as test data for tatsu: an oracle per piece.

    scripts/evans_pieces.py [GAME...]   # maka-dai-dai-shogi tai-shogi dai-dai-shogi (all three by default)

Evans' *Shogi Variants* (Debian package `shogivar-data`, GPL-3.0+, /usr/share/games/shogivar) describes each
piece of a game in its `.dat` file: one line a type, `id,name,abbreviation,value,promoted value,promoted id,...`
and then eight direction codes in the order forward, backward, left, right, forward-left, forward-right,
backward-left, backward-right (left is toward file a for the side that moves first, tatsu's White), then a
special power. This script reads only those lines, and from tatsu's file only each piece's id and English name
(to know which Evans line it is, by name; never its moves), and moves every type itself:

- 1 a step; 2, 3, 5 a slide of at most that many squares; 64 a slide; 128 a jump to the second square, over
  anything; 192 both 64 and 128; 1024 (forward only) the two forward Knight jumps;
- 512 Lion power along that line only (the Horned Falcon's and Soaring Eagle's): a step, a jump to the second
  square, a capture on the first and on to the second, a capture on the first without moving (igui), and out to
  an empty first square and back (a pass);
- 2048 a hook: a slide, and from any empty square it crosses a second slide at a right angle, along a direction
  that has 2048 too (`Tai.rul`: the Peacock hooks "in the forward diagonal directions only");
- `L` the Lion (`Tai.rul`, "THE LION"): any square one or two away, jumping; a capture on an adjacent square and
  one more step from there (taking what it lands on; back to the start is igui); out to an adjacent empty square
  and back (a pass). A Lion combined with other moves (the Furious Fiend, Buddhist Spirit) has both, one or the
  other each turn;
- `E` the Emperor: any square not its own side's (its refusal of protected pieces is not modelled: it is moved
  only where nothing is protected); `C` the Prince: its eight steps are in its codes.

A move is its result: the square the piece ends on, the squares it captured, and whether it promoted (every
capture promotes a type that has a promoted id: compulsory, anywhere, in all three games). Two ways to one result are
one move, as tatsu counts them.

Each type, White's, stands on the centre of the board in four positions: open (the board empty but for the two
pieces a side needs to be alive, on squares none of the centre's lines or leaps reach); and the same with Black
Pawns on the 8 adjacent squares, with Black Pawns on the 16 squares two away, and with White Pawns on the 8
adjacent squares. The Emperor is moved in the open position only. Writes tests/data/evans/GAME.tsv, one line a
type and position: tatsu's id, Evans' name, the position's name, its FEN, the centre square, the number of
moves, and the moves (`k11`, `l12xk11` a capture on k11 landing on l12, `j10xk11` igui, `+` a promotion;
captured squares sorted by name), sorted.
tests/it/evans_pieces.rs compares them with tatsu's moves of the same positions.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EVANS = "/usr/share/games/shogivar"
# Per game: Evans' data file, and the pieces each side needs on the board to be alive (its `extinction` set).
GAMES = {
    "maka-dai-dai-shogi": ("Maka.dat", "K"),
    "tai-shogi": ("Tai.dat", "E"),
    "dai-dai-shogi": ("DaiDai.dat", "K"),
}
# tatsu's name -> Evans' name, where the two translate one piece differently (same moves in both, read by hand).
ALIASES = {
    "Racing Chariot": "Side Chariot",
    "Free Dream-Eater": "Free Tapir",
    "Kirin": "Kylin",
    "Old Kite": "Old Kite Hawk",
    "Neighboring King": "Neighbouring King",
}
DIRECTIONS = [(0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1)]
SLIDE_LENGTH = {1: 1, 2: 2, 3: 3, 5: 5, 64: 99, 192: 99, 2048: 99}


def evans_lines(path):
    """Evans' piece lines: {id: (name, promoted id, [eight codes], special)}."""
    pieces = {}
    with open(path, encoding="latin-1") as f:
        for line in f:
            fields = line.strip().split(",")
            if len(fields) < 17 or not re.fullmatch(r"[A-Za-z].*", fields[1]):
                continue
            codes = [int(c) for c in fields[8:16]]
            pieces[int(fields[0])] = (fields[1], int(fields[5]), codes, fields[16])
    return pieces


def tatsu_file(path):
    """What the script reads of a tatsu file: the board's size, and each piece's id and English name in file order."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    size = int(re.search(r"^board (\d+) x", text, re.M).group(1))
    return size, dict(re.findall(r'^piece (\S+) "([^"]+)"', text, re.M))


def evans_line(name, by_name):
    """The Evans line of a tatsu type's English name."""
    return by_name[ALIASES.get(name, name)]


def evans_line_of(tatsu_id, names, by_name, pieces):
    """The Evans line a tatsu type moves by: its own name's, or for `+X` the promoted id of X's line."""
    if tatsu_id.startswith("+"):
        promoted = pieces[evans_line(names[tatsu_id[1:]], by_name)][1]
        assert promoted, f"{names[tatsu_id[1:]]} has no promoted id in Evans' data"
        return promoted
    return evans_line(names[tatsu_id], by_name)


def on_board(n, x, y):
    return 0 <= x < n and 0 <= y < n


def square_name(x, y):
    return f"{chr(ord('a') + x)}{y + 1}"


def moves(n, board, centre, codes, special, promotes):
    """The set of results of White's piece on `centre`: {(final square, frozenset of captured squares)}."""
    cx, cy = centre
    results = set()

    def free(sq):  # a square the piece may end on: on the board and not White's
        return on_board(n, *sq) and board.get(sq, ("", ""))[0] != "w"

    def enemy(sq):
        return board.get(sq, ("", ""))[0] == "b"

    def land(sq, also=()):
        results.add((sq, frozenset(also) | ({sq} if enemy(sq) else set())))

    def slide(start, d, length):
        """The squares a slide from `start` reaches along `d`, and whether each is empty."""
        x, y = start
        for _ in range(length):
            x, y = x + d[0], y + d[1]
            if not free((x, y)):
                return
            yield (x, y), not enemy((x, y))
            if enemy((x, y)):
                return

    for i, code in enumerate(codes):
        d = DIRECTIONS[i]
        one = (cx + d[0], cy + d[1])
        two = (cx + 2 * d[0], cy + 2 * d[1])
        if code in SLIDE_LENGTH:
            for sq, empty in slide(centre, d, SLIDE_LENGTH[code]):
                land(sq)
                if code == 2048 and empty:
                    for j, turn in enumerate(DIRECTIONS):
                        if codes[j] == 2048 and turn[0] * d[0] + turn[1] * d[1] == 0:
                            for sq2, _ in slide(sq, turn, 99):
                                land(sq2)
        if code in (128, 192) and free(two):
            land(two)
        if code == 1024:
            for knight in ((cx - 1, cy + 2), (cx + 1, cy + 2)):
                if free(knight):
                    land(knight)
        if code == 512:
            if free(one):
                land(one)
                if enemy(one):
                    results.add((centre, frozenset({one})))
                    if free(two):
                        land(two, {one})
                else:
                    results.add((centre, frozenset()))
            if free(two):
                land(two)
        elif code not in (0, 1, 2, 3, 5, 64, 128, 192, 1024, 2048):
            raise ValueError(f"direction code {code} is not modelled")
    if special == "L":
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                if (dx or dy) and free((cx + dx, cy + dy)):
                    land((cx + dx, cy + dy))
        for d in DIRECTIONS:
            first = (cx + d[0], cy + d[1])
            if not on_board(n, *first):
                continue
            if first not in board:
                results.add((centre, frozenset()))
            elif enemy(first):
                results.add((centre, frozenset({first})))
                for e in DIRECTIONS:
                    second = (first[0] + e[0], first[1] + e[1])
                    if second != centre and free(second):
                        land(second, {first})
    elif special == "E":
        for x in range(n):
            for y in range(n):
                if (x, y) != centre and free((x, y)):
                    land((x, y))
    elif special not in ("0", "C"):
        raise ValueError(f"special power {special} is not modelled")
    keys = []
    for final, captured in results:
        key = square_name(*final) + "".join("x" + name for name in sorted(square_name(*c) for c in captured))
        keys.append(key + ("+" if promotes and captured else ""))
    return sorted(keys)


def token(tatsu_id, side):
    """A piece as tatsu's FEN writes it: one letter as it is, longer ids in parentheses; Black's in small letters."""
    promoted = tatsu_id.startswith("+")
    bare = tatsu_id.lstrip("+")
    bare = bare.upper() if side == "w" and len(bare) == 1 else bare
    bare = bare.lower() if side == "b" else bare
    return ("+" if promoted else "") + (bare if len(bare) == 1 else f"({bare})")


def fen(n, board):
    rows = []
    for y in range(n - 1, -1, -1):
        row, empty = "", 0
        for x in range(n):
            if (x, y) in board:
                row += (str(empty) if empty else "") + token(board[(x, y)][1], board[(x, y)][0])
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def positions(n, alive):
    """The four boards (without the piece on the centre), by name."""
    c = n // 2
    base = {(0, 1): ("w", alive), (n - 1, n - 2): ("b", alive)}
    ring1 = [(c + dx, c + dy) for dx in range(-1, 2) for dy in range(-1, 2) if dx or dy]
    ring2 = [(c + dx, c + dy) for dx in range(-2, 3) for dy in range(-2, 3) if max(abs(dx), abs(dy)) == 2]
    return {
        "open": dict(base),
        "enemies-adjacent": {**base, **{sq: ("b", "P") for sq in ring1}},
        "enemies-two-away": {**base, **{sq: ("b", "P") for sq in ring2}},
        "own-adjacent": {**base, **{sq: ("w", "P") for sq in ring1}},
    }


def game_rows(game):
    dat, alive = GAMES[game]
    pieces = evans_lines(os.path.join(EVANS, dat))
    by_name = {}
    for pid, (name, _, _, _) in sorted(pieces.items(), reverse=True):
        by_name[name] = pid  # a name listed twice (Tai's promoted copies) maps to its first line
    size, names = tatsu_file(os.path.join(ROOT, "variants", f"{game}.tatsu"))
    centre = (size // 2, size // 2)
    rows = []
    for tatsu_id, name in names.items():
        evans_name, _, codes, special = pieces[evans_line_of(tatsu_id, names, by_name, pieces)]
        promotes = not tatsu_id.startswith("+") and pieces[evans_line(name, by_name)][1] != 0
        for label, board in positions(size, alive).items():
            if special == "E" and label != "open":
                continue
            board = {**board, centre: ("w", tatsu_id)}
            keys = moves(size, board, centre, codes, special, promotes)
            rows.append([tatsu_id, evans_name, label, fen(size, board), square_name(*centre), str(len(keys)),
                         " ".join(keys)])
    return rows


def main():
    games = sys.argv[1:] or list(GAMES)
    for game in games:
        out = os.path.join(ROOT, "tests", "data", "evans", f"{game}.tsv")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        rows = game_rows(game)
        with open(out, "w", encoding="utf-8") as f:
            f.write("# Written by scripts/evans_pieces.py from Evans' " + GAMES[game][0] + ": id, Evans' name, "
                    "position, FEN, square, moves, the moves.\n")
            for row in rows:
                f.write("\t".join(row) + "\n")
        print(f"{game}: {len(rows)} rows, {len({r[0] for r in rows})} types -> {os.path.relpath(out, ROOT)}")


if __name__ == "__main__":
    main()
