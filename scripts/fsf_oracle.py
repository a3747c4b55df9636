#!/usr/bin/env python3
"""Fairy-Stockfish (pyffish 0.0.90) as the oracle for tatsu variant files written after its built-in variants.

    scripts/fsf_oracle.py perft FSF_VARIANT FILE.tatsu [--depth 3] [--positions 4] [--seed 1] [--chess960]
                                [--plies MIN MAX] [--promoting]
        Prints perft rows (tests/data/perft format) computed by pyffish alone: the start position at depths 1..N
        and positions reached by seeded random games played by pyffish (MIN to MAX plies, 6 to 40 by default), at
        depths 2..N. With --promoting only positions where a promotion is legal are kept (rows `promoting-S-N`).
        Counts come from pyffish's legal move lists, recursively; tatsu is never asked.

    scripts/fsf_oracle.py results FSF_VARIANT FILE.tatsu [--games 20] [--plies 120] [--seed 1] [--chess960]
        Plays seeded random games with pyffish. At every ply it compares the legal moves tatsu lists with pyffish's;
        at the end of each game it compares the result: pyffish.is_immediate_game_end / game_result (when no move
        is left) against the result `tatsu show` prints. Prints one line per disagreement and a summary.

    scripts/fsf_oracle.py fens FSF_VARIANT FILE.tatsu [--games 20] [--plies 150] [--seed 1] [--endgames]
        Plays seeded random games with pyffish and replays each one in tatsu (`tatsu show --fen START --moves ...`):
        after every ply the FEN tatsu writes must be the FEN pyffish writes (so the state tatsu carries from move
        to move, such as the makruk count, must agree), and a game pyffish may end by a draw claim
        (pyffish.is_optional_game_end: repetition, the move rule, the counting rules) must be a draw in tatsu, and
        the other way round. With --endgames the games start from seeded random positions of a few pieces (kings,
        and of the pieces the start position has, at most two pawns), where the endgame rules come into play.

--chess960 asks pyffish for Chess960 castling and notation (the king takes its own rook: `e1h1`), as tatsu writes
fixed-file castling (`castles with R to g c`); the random games of both commands then start from seeded Chess960
arrays instead of the variant's start position.

The tatsu binary is target/release/tatsu (override with TATSU=path).
"""
import argparse
import os
import random
import re
import subprocess
import sys

import pyffish as sf

CHESS960 = False


def legal_moves(variant, fen, moves):
    return sf.legal_moves(variant, fen, moves, CHESS960)


def get_fen(variant, fen, moves):
    return sf.get_fen(variant, fen, moves, CHESS960)


def chess960_start(variant, rng):
    """A seeded Chess960 arrangement of the variant's back ranks (bishops on opposite colours, the king between
    the rooks), the other pieces of the back rank shuffled; castling rights by the rooks' files."""
    board, *rest = sf.start_fen(variant).split(" ")
    ranks = board.split("/")
    back = list(ranks[-1])
    while True:
        rng.shuffle(back)
        bishops = [i for i, p in enumerate(back) if p == "B"]
        rooks = [i for i, p in enumerate(back) if p == "R"]
        king = back.index("K")
        if len(bishops) == 2 and bishops[0] % 2 == bishops[1] % 2:
            continue
        if len(rooks) == 2 and rooks[0] < king < rooks[1]:
            break
    white = "".join(back)
    rights = chr(ord("A") + rooks[1]) + chr(ord("A") + rooks[0])
    ranks[0], ranks[-1] = white.lower(), white
    return " ".join(["/".join(ranks), rest[0], rights + rights.lower()] + rest[2:])

TATSU = os.environ.get("TATSU", os.path.join(os.path.dirname(__file__), "..", "target", "release", "tatsu"))


EP_FIELD = re.compile(r"^(?:[a-z]\d+){2,}$")


def occupied(board):
    """The occupied squares ("e4", …) of a FEN's board field (hand, promoted marks and multi-digit runs read)."""
    squares = set()
    rows = board.split("[")[0].split("/")
    for r, row in enumerate(rows):
        rank, file = len(rows) - r, 0
        for run in re.findall(r"\d+|\(.*?\)|[A-Za-z*]", row):
            if run.isdigit():
                file += int(run)
            else:
                squares.add(f"{chr(ord('a') + file)}{rank}")
                file += 1
    return squares


def tatsu_fen(fen):
    """A pyffish FEN as tatsu writes it. Fairy-Stockfish marks every square between a custom pawn's start and
    destination as an e.p. square after its double step, the destination included (`a5b6` after Berolina's
    c7-a5); the destination holds the pawn and is never a target, so it is left out (`b6`)."""
    fields = fen.split(" ")
    if len(fields) > 3 and EP_FIELD.match(fields[3]):
        taken = occupied(fields[0])
        fields[3] = "".join(sq for sq in re.findall(r"[a-z]\d+", fields[3]) if sq not in taken) or "-"
    return " ".join(fields)


def perft(variant, fen, depth, moves=None):
    moves = moves or []
    legal = legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, depth - 1, moves + [m]) for m in legal)


def promotes(move):
    """Does a UCI move promote (a suffix after the destination square: `a7a8q`, `d5d5f`, `c7c8+`)?"""
    move = move.split(",")[-1]
    return "@" not in move and bool(re.fullmatch(r"[a-z]+\d+[a-z]+\d+\D.*", move))


def random_positions(variant, count, seed, plies=(6, 40), promoting=False):
    """Positions after seeded random games of `plies` moves played by pyffish; with `promoting`, only positions
    where a promotion is among the legal moves."""
    rng = random.Random(seed)
    start = sf.start_fen(variant)
    out = []
    if CHESS960:
        out = [chess960_start(variant, rng) for _ in range(count // 2)]
    attempts = 0
    while len(out) < count and attempts < 50 * count:
        attempts += 1
        target = rng.randint(*plies)
        moves = []
        origin = chess960_start(variant, rng) if CHESS960 else start
        for _ in range(target):
            legal = legal_moves(variant, origin, moves)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        fen = get_fen(variant, origin, moves)
        legal = legal_moves(variant, fen, [])
        if legal and fen not in out and (not promoting or any(promotes(m) for m in legal)):
            out.append(fen)
    return out


def cmd_perft(args):
    start = sf.start_fen(args.variant)
    source = f"pyffish-0.0.90:{args.variant}"
    for d in range(1, args.depth + 1):
        print(f"start\t{tatsu_fen(start)}\t{d}\t{perft(args.variant, start, d)}\t{source}")
    name = "promoting" if args.promoting else "random"
    what = "random game, a promotion legal" if args.promoting else "random game"
    for i, fen in enumerate(random_positions(args.variant, args.positions, args.seed, tuple(args.plies),
                                             args.promoting)):
        for d in range(2, args.depth + 1):
            print(f"{name}-{args.seed}-{i}\t{tatsu_fen(fen)}\t{d}\t{perft(args.variant, fen, d)}\t{source} ({what})")


def tatsu(*argv):
    run = subprocess.run([TATSU, *argv], capture_output=True, text=True)
    return run.stdout, run.stderr


def tatsu_moves(file, fen):
    out, err = tatsu("moves", file, "--fen", tatsu_fen(fen))
    if "error" in err:
        return None, err.strip()
    return sorted(out.split()), err.strip()


RESULT = re.compile(r"Game over: (1-0|0-1|1/2-1/2) \((.*)\)")


def tatsu_result(file, fen):
    out, err = tatsu("show", file, "--fen", tatsu_fen(fen))
    m = RESULT.search(out)
    return (m.group(1), m.group(2)) if m else (None, err.strip())


def fsf_result(variant, fen, moves=()):
    """The decided result (score string) of the position after `moves` from `fen`, or None while the game goes on
    (history draws ignored; the moves carry the history of immediate ends such as janggi's two passes)."""
    moves = list(moves)
    side = get_fen(variant, fen, moves).split()[1]
    ended, value = sf.is_immediate_game_end(variant, fen, moves)
    if not ended and not sf.legal_moves(variant, fen, moves):
        ended, value = True, sf.game_result(variant, fen, moves)
    if not ended:
        return None
    if value == 0:
        return "1/2-1/2"
    side_wins = value > 0
    return "1-0" if (side == "w") == side_wins else "0-1"


def cmd_results(args):
    rng = random.Random(args.seed)
    plies = positions = move_mismatch = result_mismatch = decided = 0
    endings = {}
    for game in range(args.games):
        fen = chess960_start(args.variant, rng) if CHESS960 else sf.start_fen(args.variant)
        for ply in range(args.plies):
            positions += 1
            legal = sorted(legal_moves(args.variant, fen, []))
            mine, err = tatsu_moves(args.file, fen)
            expected = fsf_result(args.variant, fen)
            if mine is None:
                print(f"game {game} ply {ply}: tatsu refused {fen}: {err}")
                move_mismatch += 1
                break
            if expected is not None:
                legal = []
            if mine != legal:
                move_mismatch += 1
                print(f"game {game} ply {ply}: moves differ at {fen}: "
                      f"only pyffish {sorted(set(legal) - set(mine))[:8]}, only tatsu {sorted(set(mine) - set(legal))[:8]}")
                break
            if expected is not None or not legal:
                got, why = tatsu_result(args.file, fen)
                decided += 1
                endings[why] = endings.get(why, 0) + 1
                if got != expected:
                    result_mismatch += 1
                    print(f"game {game} ply {ply}: result differs at {fen}: pyffish {expected}, tatsu {got} ({why})")
                break
            plies += 1
            fen = get_fen(args.variant, fen, [rng.choice(legal)])
    print(f"{args.variant}: {args.games} games, {positions} positions compared, {decided} decided games; "
          f"move-list mismatches {move_mismatch}, result mismatches {result_mismatch}; endings {endings}")
    return 1 if move_mismatch or result_mismatch else 0


def endgame_start(variant, rng):
    """A seeded random position of both kings and a few of the start position's other pieces, at most two pawns
    (never on the first or last rank), White to move."""
    board = sf.start_fen(variant).split(" ")[0].split("[")[0]
    ranks = board.split("/")
    height, width = len(ranks), sum(int(r) if r.isdigit() else 1 for r in re.findall(r"\d+|.", ranks[0]))
    kinds = sorted({c for c in board if c.isalpha() and c.lower() != "k"})
    men = ["K", "k"]
    for side in (str.upper, str.lower):
        wanted = rng.choice([0, 0, 1, 2, 3])
        men += [side(rng.choice([k for k in kinds if k.upper() != "P"] or ["P"])) for _ in range(wanted)]
    men += [rng.choice("Pp") for _ in range(rng.choice([0, 0, 1, 2]))]
    grid = [[None] * width for _ in range(height)]
    for man in men:
        while True:
            r, f = rng.randrange(height), rng.randrange(width)
            if grid[r][f] is None and not (man in "Pp" and r in (0, height - 1)):
                grid[r][f] = man
                break
    rows = []
    for row in grid:
        text, empty = "", 0
        for cell in row:
            if cell is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + cell
            empty = 0
        rows.append(text + (str(empty) if empty else ""))
    return "/".join(rows) + " w - - 0 1"


def same_hands(a, b):
    """Do two FENs differ at most in the order of the pieces within the hands?"""
    hand = re.compile(r"\[([^\]]*)\]")
    ha, hb = hand.search(a), hand.search(b)
    if not ha or not hb:
        return False
    return hand.sub("[]", a) == hand.sub("[]", b) and sorted(ha.group(1)) == sorted(hb.group(1))


def tatsu_fen_after(file, start, moves):
    out, err = tatsu("show", file, "--fen", tatsu_fen(start), "--json", *(["--moves", *moves] if moves else []))
    if "error" in err:
        return None, None, err.strip()
    import json
    shown = json.loads(out)
    return shown["fen"], shown.get("result"), ""


def cmd_fens(args):
    rng = random.Random(args.seed)
    compared = fen_mismatch = end_mismatch = claims = games = 0
    endings = {}
    while games < args.games:
        start = endgame_start(args.variant, rng) if args.endgames else sf.start_fen(args.variant)
        if not legal_moves(args.variant, start, []) or tatsu_fen_after(args.file, start, [])[0] is None:
            continue
        games += 1
        moves = []
        for ply in range(args.plies):
            expected = tatsu_fen(get_fen(args.variant, start, moves))
            mine, result, err = tatsu_fen_after(args.file, start, moves)
            compared += 1
            if mine and expected.split(" ")[3] == "-" and mine.split(" ")[3] != "-":
                # Fairy-Stockfish writes an e.p. square only where an e.p. capture is possible, tatsu after every
                # double step (both are valid FEN); the moves it allows are compared by `results`.
                fields = mine.split(" ")
                fields[3] = "-"
                mine = " ".join(fields)
            if mine is not None and same_hands(mine, expected):
                # The order of the pieces in hand is not part of the position (tatsu writes the file's order).
                mine = expected
            if mine != expected:
                fen_mismatch += 1
                print(f"game {games} ply {ply}: FEN differs after {start} {' '.join(moves)}:\n  pyffish {expected}\n  tatsu   {mine or err}")
                break
            legal = legal_moves(args.variant, start, moves)
            decided = fsf_result(args.variant, start, moves)
            if decided is not None or not legal:
                if decided != (result or {}).get("score"):
                    end_mismatch += 1
                    print(f"game {games} ply {ply}: result differs: pyffish {decided}, tatsu {result} "
                          f"after {start} {' '.join(moves)}")
                break
            claim, value = sf.is_optional_game_end(args.variant, start, moves)
            drawn = result is not None and result.get("winner") is None
            if claim:
                claims += 1
                reason = result.get("reason") if result else None
                endings[reason] = endings.get(reason, 0) + 1
            if claim != drawn and (claim or result is not None):
                end_mismatch += 1
                print(f"game {games} ply {ply}: pyffish may claim an end: {claim} ({value}), tatsu result {result} "
                      f"after {start} {' '.join(moves)}")
                break
            if claim:
                break
            moves.append(rng.choice(sorted(legal)))
    print(f"{args.variant}: {games} games, {compared} FENs compared, {claims} draw claims; "
          f"FEN mismatches {fen_mismatch}, end mismatches {end_mismatch}; tatsu's reasons for the claims {endings}")
    return 1 if fen_mismatch or end_mismatch else 0


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("perft")
    a.add_argument("variant")
    a.add_argument("file")
    a.add_argument("--depth", type=int, default=3)
    a.add_argument("--positions", type=int, default=4)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--plies", type=int, nargs=2, default=[6, 40], metavar=("MIN", "MAX"))
    a.add_argument("--promoting", action="store_true")
    b = sub.add_parser("results")
    b.add_argument("variant")
    b.add_argument("file")
    b.add_argument("--games", type=int, default=20)
    b.add_argument("--plies", type=int, default=150)
    b.add_argument("--seed", type=int, default=1)
    c = sub.add_parser("fens")
    c.add_argument("variant")
    c.add_argument("file")
    c.add_argument("--games", type=int, default=20)
    c.add_argument("--plies", type=int, default=150)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--endgames", action="store_true")
    for cmd in (a, b, c):
        cmd.add_argument("--chess960", action="store_true")
    args = p.parse_args()
    global CHESS960
    CHESS960 = args.chess960
    sys.exit({"perft": cmd_perft, "results": cmd_results, "fens": cmd_fens}[args.cmd](args))


if __name__ == "__main__":
    main()
