#!/usr/bin/env python3
"""Compare tatsu's Chu, Dai or Wa Shogi moves with HaChu's (H. G. Muller's engine, `apt-get install hachu`).

HaChu has no perft, but it answers XBoard's `lift SQUARE` with a `highlight` board of where the piece lifted may
go: `Y` an empty destination, `R` a capture, `M` a move that may promote, `C` the first victim of a Lion's double
move (HaChu marks only that square for such moves). HaChu's move list already obeys the Lion-trading rule that a
protected Lion may not be taken from afar (its root search zaps those captures), so a position compares move
generation and that rule. Promotion choices are not compared: HaChu's default promotes only on entering the
zone, the rules tatsu's file writes (Hodges, Wikipedia) also on captures in and out of it.

Positions come from random games played from the start, each move given to both programs (tatsu's FEN after it,
HaChu's `usermove`): HaChu 0.21's `setboard` reads no side to move and mistakes some positions, so it is not used.
The random moves avoid what the two rule sets do differently (a promotion on a capture inside or out of the camp,
which HaChu's default does not allow, and a pawn or lance stepping unpromoted onto the far rank, which HaChu
does not allow).

    scripts/hachu_oracle.py variants/chu-shogi.tatsu --games 20 --plies 60 --seed 1
    scripts/hachu_oracle.py variants/wa-shogi.tatsu --games 20 --plies 60 --seed 1
    scripts/hachu_oracle.py variants/dai-shogi.tatsu --games 20 --plies 60 --seed 1

The game is told by the file's name (VARIANTS below: HaChu's variant name, board size, zone depth, royal pieces,
which moves the two rule sets play alike). Wa Shogi has shogi's promotion (a move starting or ending in the zone),
which is HaChu's with its option "Promote on entry" off; Chu and Dai keep HaChu's default.

Prints one line per position that differs (square, piece, what each program says) and a summary; exits 1 when
anything differs.
"""
import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile

SQUARE = re.compile(r"([a-o])(\d+)")
SQUARE_TEXT = re.compile(r"[a-o]\d+")
FILES = "abcdefghijklmno"

# Per game: HaChu's name, board size, promotion-zone depth, HaChu options, the royal pieces (a game stops where one
# can be taken: HaChu lists no moves there), and the pieces that HaChu never lets stand unpromoted on the far rank.
VARIANTS = {
    "chu-shogi": dict(hachu="chu", size=12, camp=4, options=(), royals=("K", "+E"), far_rank=("P", "L"),
                      promote_on_capture=True),
    "dai-shogi": dict(hachu="dai", size=15, camp=5, options=(), royals=("K", "+E"), far_rank=("P", "L"),
                      promote_on_capture=True),
    "wa-shogi": dict(hachu="wa-shogi", size=11, camp=3, options=("Promote on entry=0",), royals=("K",),
                     far_rank=(), promote_on_capture=False, check=True),
}


def without_check(file):
    """A copy of a game with check (Wa Shogi's royal King) in which no piece is royal: its moves are the game's
    moves before the check rule, which is what HaChu's `lift` shows (it highlights a King's step into attack and
    every move that leaves the King attacked). The game's own legal moves are still the ones played."""
    text = open(file, encoding="utf-8").read()
    text = re.sub(r"\broyal\b", "", text)
    text = re.sub(r"(?ms)^end \{.*?^\}", "end { extinction of K loss }", text)
    handle = tempfile.NamedTemporaryFile("w", suffix=".tatsu", delete=False, encoding="utf-8")
    handle.write(text)
    handle.close()
    return handle.name


def tatsu(binary, *argv):
    out = subprocess.run([binary, *argv], capture_output=True, text=True)
    return out.stdout


def tatsu_moves(binary, file, fen):
    return [m for m in tatsu(binary, "moves", file, "--fen", fen).split() if m]


def tatsu_after(binary, file, fen, move):
    for line in tatsu(binary, "show", file, "--fen", fen, "--moves", move).splitlines():
        if line.startswith("FEN: "):
            return line[5:]
    raise RuntimeError(f"no FEN after {move} from {fen}")


def ranks_of(board):
    """A FEN board as rows of cells (top rank first), each cell a piece text (`+p`, `K`, `Ab` for tatsu's `(Ab)`)
    or None."""
    rows = []
    for rank in board.split("/"):
        row, i = [], 0
        while i < len(rank):
            if rank[i].isdigit():
                j = i
                while j < len(rank) and rank[j].isdigit():
                    j += 1
                row += [None] * int(rank[i:j])
                i = j
                continue
            plus = rank[i] == "+"
            i += plus
            if rank[i] == "(":
                j = rank.index(")", i)
                piece, i = rank[i + 1:j], j + 1
            else:
                piece, i = rank[i], i + 1
            row.append("+" * plus + piece)
        rows.append(row)
    return rows


def is_white(cell):
    return cell.lstrip("+")[0].isupper()


class HaChu:
    def __init__(self, game):
        self.p = subprocess.Popen([shutil.which("hachu") or "/usr/games/hachu"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        # Without `memory` HaChu 0.21 has no hash table and lists no moves.
        # HaChu forbids any move that repeats a position unless "Allow repeats" is on; the file loses a fourfold
        # repetition for the side completing it, which random games do not reach.
        options = "".join(f"\noption {o}" for o in game["options"])
        self.size = game["size"]
        self.send(f"xboard\nprotover 2\nmemory 64\nnew\nvariant {game['hachu']}\noption Allow repeats=1{options}\nforce")
        self.sync()
        self.n = 0

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def sync(self, tag="0"):
        self.send(f"ping {tag}")
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("hachu ended")
            if line.startswith(f"pong {tag}"):
                return lines
            lines.append(line.rstrip("\n"))

    def play(self, move):
        self.send(f"usermove {move}")
        self.n += 1
        for line in self.sync(str(self.n)):
            if line.startswith("Illegal move"):
                raise RuntimeError(f"HaChu refuses {move}: {line}")

    def quit(self):
        self.send("quit")
        self.p.wait()

    def destinations(self, squares):
        """Per lifted square: (plain destinations, first-leg victims, destinations marked as promoting) as sets of
        square names."""
        result = {}
        for sq in squares:
            self.n += 1
            self.send(f"lift {sq}")
            lines = self.sync(str(self.n))
            plain, first, promoting = set(), set(), set()
            for line in lines:
                if line.startswith("highlight "):
                    for r, row in enumerate(ranks_of(line.split()[1])):
                        for f, mark in enumerate(row):
                            name = f"{FILES[f]}{self.size - r}"
                            if mark in ("Y", "R", "M"):
                                plain.add(name)
                            if mark == "M":
                                promoting.add(name)
                            elif mark == "C":
                                first.add(name)
            result[sq] = (plain, first, promoting)
        return result


def shared(game, move, fen):
    """Is `move` played the same under both rule sets? Not a pass; in Chu and Dai not a promotion that does not
    enter the camp and not an unpromoted pawn or lance step onto the far rank."""
    white = fen.split()[1] == "w"
    size = game["size"]
    squares = SQUARE.findall(move)
    rank = lambda sq: int(sq[1]) if white else size + 1 - int(sq[1])
    start, end = squares[0], squares[-1]
    if len(squares) == 2 and start == end:
        return False  # a pass: HaChu reads it only as `@@@@`, and passes are not compared
    if move.endswith("+") and game["promote_on_capture"]:
        return rank(start) <= size - game["camp"]
    cells = ranks_of(fen.split()[0])
    piece = cells[size - int(start[1])][FILES.index(start[0])]
    return not (piece.upper() in game["far_rank"] and rank(end) == size and not move.endswith("+"))


def tatsu_promotions(moves):
    """Per start square: the destinations of its single-leg moves that may promote."""
    promoting = {}
    for m in moves:
        if m.endswith("+") and "," not in m:
            squares = ["".join(s) for s in SQUARE.findall(m)]
            promoting.setdefault(squares[0], set()).add(squares[1])
    return promoting


def tatsu_destinations(moves):
    """Per start square: (plain destinations, first-leg squares of double moves), as HaChu marks them: a square
    that is both is a first leg."""
    plain, first = {}, {}
    for m in moves:
        legs = m.rstrip("+=").split(",")
        squares = ["".join(s) for s in SQUARE.findall(legs[0])]
        start = squares[0]
        plain.setdefault(start, set())
        first.setdefault(start, set())
        if len(legs) == 1:
            plain[start].add(squares[1])
        else:
            first[start].add(squares[1])
    return {sq: (plain[sq] - first[sq], first[sq]) for sq in plain}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file")
    ap.add_argument("--tatsu", default="target/release/tatsu")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="print every move played")
    ap.add_argument("--record", metavar="FILE",
                    help="write each position HaChu agreed on with HaChu's counts (tests/data/hachu/, read by CI)")
    ap.add_argument("--promotions", action="store_true",
                    help="also compare where a move may promote (HaChu's `M` marks) with tatsu's promoting moves")
    args = ap.parse_args()
    name = args.file.rsplit("/", 1)[-1].removesuffix(".tatsu")
    if name not in VARIANTS:
        sys.exit(f"{args.file}: not one of {', '.join(VARIANTS)} (the game is told by the file's name)")
    game = VARIANTS[name]
    size = game["size"]
    compared = without_check(args.file) if game.get("check") else args.file
    rng = random.Random(args.seed)
    start = tatsu(args.tatsu, "show", args.file).split("FEN: ")[1].splitlines()[0]
    positions = mismatches = promoting_moves = 0
    record = open(args.record, "w", encoding="utf-8") if args.record else None
    for number in range(args.games):
        hachu = HaChu(game)
        fen = start
        for ply in range(args.plies):
            moves = tatsu_moves(args.tatsu, args.file, fen)
            if not moves:
                break
            side_upper = fen.split()[1] == "w"
            cells = ranks_of(fen.split()[0])
            squares = {f"{FILES[f]}{size - r}": c for r, row in enumerate(cells) for f, c in enumerate(row)
                       if c is not None}
            mine = [sq for sq, c in squares.items() if is_white(c) == side_upper]
            royals = {sq for sq, c in squares.items()
                      if is_white(c) != side_upper and c.upper() in game["royals"]}
            # HaChu stops listing moves where the side to move can take a royal piece (its search fails high at
            # once): the game is as good as over there.
            if any(set(SQUARE_TEXT.findall(m)) & royals for m in moves):
                break
            pseudo = moves if compared == args.file else tatsu_moves(args.tatsu, compared, fen)
            ours = tatsu_destinations(pseudo)
            theirs = hachu.destinations(mine)
            promotions = tatsu_promotions(pseudo)
            promoting_moves += sum(len(d) for d in promotions.values())
            positions += 1
            # Passes are not compared: HaChu encodes its null move in a way its `lift` shows on a1, whichever
            # piece passes and sometimes where none can (tests/it/games/chu_shogi.rs checks passes by hand).
            differs = False
            for sq in mine:
                a = ours.get(sq, (set(), set()))
                b = theirs[sq][:2]
                a = (a[0] - {sq}, a[1])
                b = (b[0] - {sq}, b[1])
                if args.promotions and promotions.get(sq, set()) != theirs[sq][2]:
                    mismatches += 1
                    differs = True
                    print(f"{fen} {sq}: promotes: tatsu only {sorted(promotions.get(sq, set()) - theirs[sq][2])}"
                          f" | hachu only {sorted(theirs[sq][2] - promotions.get(sq, set()))}")
                if a != b:
                    mismatches += 1
                    differs = True
                    print(f"{fen} {sq}: tatsu only {sorted(a[0] - b[0])} first {sorted(a[1] - b[1])}"
                          f" | hachu only {sorted(b[0] - a[0])} first {sorted(b[1] - a[1])}")
            if record and not differs:
                # HaChu's counts: (start, destination) pairs it highlights (first legs of double moves
                # included, passes not), and how many of them it marks as promoting.
                pairs = sum(len((b[0] | b[1]) - {sq}) for sq, b in theirs.items())
                marked = sum(len(b[2]) for b in theirs.values())
                record.write(f"{fen}\t{pairs}\t{marked}\n")
            choices = [m for m in moves if shared(game, m, fen)]
            move = rng.choice(choices)
            if args.verbose:
                print(f"# {fen} {move}")
            hachu.play(move)
            fen = tatsu_after(args.tatsu, args.file, fen, move)
        hachu.quit()
        print(f"# game {number + 1}: {positions} positions so far, {mismatches} pieces differ", flush=True)
    print(f"{positions} positions, {mismatches} pieces differ"
          + (f" ({promoting_moves} promoting moves compared)" if args.promotions else ""))
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
