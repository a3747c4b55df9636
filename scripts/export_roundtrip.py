#!/usr/bin/env python3
"""Round-trip every coverage game through `tatsu export --to fsf` (without --lossy) and pyffish.

    scripts/export_roundtrip.py [--depth 2] [--only NAME,NAME] [--table FILE [--update]] [--coverage FILE]
                                [--games N [--plies P] [--seed S]]
    scripts/export_roundtrip.py --to sjaak [--lossy] [--depth 3] [--only NAME,NAME] [--table FILE]

For every Fairy-Stockfish variant that docs/coverage.md lists with a tatsu file (coverage.FILES), runs
`tatsu export FILE --to fsf --json`. A refused export is recorded with each rule the exporter named. An export that
succeeds is loaded into pyffish (`load_variant_config`) under its own section name, and the start position's perft
at depths 1..DEPTH, counted by recursion over `pyffish.legal_moves`, is compared with `tatsu perft`.

With --games, each export that agrees in perft is also played: N seeded random games of up to P plies (120 by
default) by pyffish on the exported definition, comparing at every ply the legal moves tatsu lists for its own file,
and at each game's end the result (`scripts/fsf_oracle.py results`, on the export instead of FSF's built-in game).

Prints one line per game and, with --table, writes a Markdown table of the refusals grouped by reason (each rule
reduced to its kind: the words before its numbers and piece letters) and of the round-trip results. With --update,
the games not run (`--only` leaves them out) keep the results the table already holds, so that a change to the
exporter can be checked on the games it touches. --coverage rewrites the "exports to FSF" column of that file
(docs/coverage.md) and its count from the same results, without coverage.py's slower perft checks.
With --to sjaak, each game is exported with `--to sjaak` instead (`--lossy`: written anyway, the rules left out
named in the table), loaded into Sjaak II (`scripts/sjaak_perft.sh`, /usr/games/sjaakii or $SJAAK), and the start
position's perft at depths 1..DEPTH (3 by default) compared with `tatsu perft`; the table has the same form.

Needs target/release/tatsu (override with TATSU=path). `coverage.py` imports the same functions for its
"exports to FSF" column.
"""
import argparse
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

import pyffish as sf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from coverage import FILES, ROOT, TATSU, tatsu_perft  # noqa: E402


def export(file):
    """(ok, text or the list of named rules)."""
    run = subprocess.run([TATSU, "export", file, "--to", "fsf", "--json"],
                         capture_output=True, text=True, cwd=ROOT)
    try:
        out = json.loads(run.stdout)
    except json.JSONDecodeError:
        return False, [f"no JSON from tatsu export (status {run.returncode}): {run.stderr.strip()}"]
    if out["ok"]:
        return True, out["text"]
    return False, out["fatal"] + out["inexpressible"]


MAX_SJAAK_NODES = 3_000_000


def sjaak_roundtrip(file, depth, lossy):
    """('refused', [rules]) or ('ok'|'differs'|'load failed', [details]) for Sjaak II."""
    import tempfile

    run = subprocess.run([TATSU, "export", file, "--to", "sjaak", "--json"] + (["--lossy"] if lossy else []),
                         capture_output=True, text=True, cwd=ROOT)
    try:
        out = json.loads(run.stdout)
    except json.JSONDecodeError:
        return "refused", [f"no JSON from tatsu export (status {run.returncode}): {run.stderr.strip()}"]
    if not out["ok"]:
        return "refused", out["fatal"] + out["inexpressible"]
    left_out = [f"left out: {r}" for r in out.get("left_out", [])]
    fen = re.search(r'^FEN: "([^"]*)"', out["text"], re.M)
    if not fen:
        return "load failed", ["no FEN line in the export"] + left_out
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(out["text"])
    problems, notes, counts = [], [], []
    try:
        for d in range(1, depth + 1):
            # The next depth's size, guessed from the last count and the first: stop before one too slow to count.
            if d > 1 and counts[-1] * counts[0] > MAX_SJAAK_NODES:
                notes.append(f"perft to depth {d - 1} only (depth {d}: about {counts[-1] * counts[0]:,} nodes)")
                break
            got = subprocess.run([os.path.join(ROOT, "scripts", "sjaak_perft.sh"), f.name, out["name"], str(d)],
                                 capture_output=True, text=True).stdout.strip()
            have = tatsu_perft(file, fen.group(1), d)
            if not got:
                return "load failed", [f"Sjaak II counted nothing at depth {d}"] + left_out
            if int(got) != have:
                problems.append(f"start depth {d}: Sjaak II {got}, tatsu {have}")
            counts.append(max(int(got), have or 0, 1))
    finally:
        os.unlink(f.name)
    return ("differs" if problems else "ok"), problems + notes + left_out


def fsf_perft(variant, fen, depth, moves=()):
    legal = sf.legal_moves(variant, fen, list(moves))
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(variant, fen, depth - 1, list(moves) + [m]) for m in legal)


def section_name(text):
    """The section's variant name: `[NAME]`, or `[NAME:TEMPLATE]` for one inheriting an FSF built-in."""
    m = re.search(r"^\[([^\]:]+)(?::[^\]]*)?\]", text, re.M)
    return m.group(1) if m else None


def start_fen(text):
    m = re.search(r"^startFen = (.*)$", text, re.M)
    return m.group(1).strip() if m else None


def roundtrip(file, depth):
    """('refused', [rules]) or ('ok'|'differs'|'load failed', [details])."""
    ok, got = export(file)
    if not ok:
        return "refused", got
    name = section_name(got)
    try:
        sf.load_variant_config(got)
        if name not in sf.variants():
            return "load failed", [f"pyffish did not define `{name}`"]
    except Exception as e:  # pyffish raises plain exceptions for bad configs
        return "load failed", [str(e)]
    fen = start_fen(got) or sf.start_fen(name)
    problems = []
    for d in range(1, depth + 1):
        want, have = fsf_perft(name, fen, d), tatsu_perft(file, fen, d)
        if want != have:
            problems.append(f"start depth {d}: pyffish {want}, tatsu {have}")
    return ("differs" if problems else "ok"), problems


def played(file, text, games, plies, seed):
    """[] if pyffish and tatsu agree along `games` random games of the export, else the disagreements printed."""
    import contextlib
    import io
    import types

    import fsf_oracle

    args = types.SimpleNamespace(variant=section_name(text), file=file, games=games, plies=plies, seed=seed)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        failed = fsf_oracle.cmd_results(args)
    lines = out.getvalue().splitlines()
    return lines if failed else []


def kind(rule):
    """A rule's kind: its text without piece names, letters, numbers and quoted details, so that alike rules group."""
    rule = re.sub(r": not written by this exporter$", "", rule)
    rule = re.sub(r"`([a-z-]+)[^`]*`", r"`\1 …`", rule)
    rule = re.sub(r'"[^"]*"', '"…"', rule)
    rule = re.sub(r"\(([^()]*)\)", lambda m: "(…)" if len(m.group(1)) < 20 else m.group(0), rule)
    rule = re.sub(r"^the [A-Z][\w -]*?(?='s | promotes| moves| has| chooses| can| cannot| is)", "the PIECE", rule)
    rule = re.sub(r"\d+", "N", rule)
    return rule


def games(only=None):
    """Each coverage file once, with the FSF variants it plays."""
    by_file = defaultdict(list)
    for variant, file in FILES.items():
        by_file[file].append(variant)
    return [(f, vs) for f, vs in sorted(by_file.items(), key=lambda kv: kv[1][0])
            if not only or any(v in only for v in vs)]


def read_table(path):
    """The results a table written by `write_table` holds: {file: (status, details)}."""
    results = {}
    row = re.compile(r"^\| `([^`]+)` \| ([^|]+?) \| (.*) \|$")
    fsf_part, _ = split_parts(path)
    for line in fsf_part.splitlines():
        m = row.match(line)
        if m:
            details = [d for d in m.group(3).split("<br>") if d]
            results[m.group(1)] = (m.group(2), details)
    return results


def write_coverage(path, results):
    """Rewrites the "exports to FSF" column of docs/coverage.md and its count from `results`."""
    from coverage import export_cell

    by_variant = {v: f for f, vs in games() for v in vs}
    out = []
    with open(path) as f:
        for line in f:
            cells = line.rstrip("\n").split(" | ")
            variant = cells[0].lstrip("| ") if line.startswith("| ") else None
            if variant in by_variant and len(cells) >= 4 and by_variant[variant] in results:
                cells[2] = export_cell(*results[by_variant[variant]])
                line = " | ".join(cells) + "\n"
            out.append(line)
    exported = sum(1 for s, _ in results.values() if s == "ok")
    text = re.sub(r"\d+ of \d+ files export and agree", f"{exported} of {len(results)} files export and agree",
                  "".join(out))
    with open(path, "w") as f:
        f.write(text)


def write_table(path, results, title="# Exports to Fairy-Stockfish without --lossy",
                command="scripts/export_roundtrip.py --table"):
    refused = {f: r for f, (s, r) in results.items() if s == "refused"}
    groups = defaultdict(list)
    for file, rules in refused.items():
        for k in sorted({kind(r) for r in rules}):
            groups[k].append(os.path.splitext(os.path.basename(file))[0])
    counts = defaultdict(int)
    for s, _ in results.values():
        counts[s] += 1
    lines = [
        title,
        "",
        f"Generated by `{command}`: {len(results)} coverage games; "
        + ", ".join(f"{s}: {n}" for s, n in sorted(counts.items())) + ".",
        "",
        "## Refusals grouped by reason",
        "",
        "| reason (its kind) | games |",
        "|---|---|",
    ]
    for k, files in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        lines.append(f"| {k.replace('|', '/')} | {len(files)}: {', '.join(sorted(files))} |")
    lines += ["", "## Every game", "", "| game | export | details |", "|---|---|---|"]
    for file, (s, details) in sorted(results.items()):
        text = "<br>".join(d.replace("|", "/").replace("\n", " ") for d in details)
        lines.append(f"| `{file}` | {s} | {text} |")
    # One file holds both exporters' tables: the Sjaak II part starts at its title and is kept when the
    # Fairy-Stockfish part is written, and the other way round.
    text = "\n".join(lines) + "\n"
    fsf_part, sjaak_part = split_parts(path)
    text = fsf_part + "\n" + text if title.startswith(SJAAK_TITLE) and fsf_part else \
        text + ("\n" + sjaak_part if sjaak_part else "")
    with open(path, "w") as f:
        f.write(text)


SJAAK_TITLE = "# Exports to Sjaak II"


def split_parts(path):
    """The Fairy-Stockfish and the Sjaak II parts of a table file (empty where missing)."""
    if not os.path.exists(path):
        return "", ""
    with open(path) as f:
        text = f.read()
    at = text.find("\n" + SJAAK_TITLE)
    if at < 0:
        return text, ""
    return text[:at + 1], text[at + 1:]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--depth", type=int, default=None, help="perft depth (2, or 3 with --to sjaak)")
    p.add_argument("--to", choices=["fsf", "sjaak"], default="fsf")
    p.add_argument("--lossy", action="store_true", help="with --to sjaak: export with --lossy")
    p.add_argument("--only", default="", help="comma-separated FSF variant names")
    p.add_argument("--table", help="write the Markdown tables here")
    p.add_argument("--update", action="store_true", help="keep the --table file's results of the games not run")
    p.add_argument("--coverage", help="rewrite this coverage file's export column (docs/coverage.md)")
    p.add_argument("--games", type=int, default=0, help="random games played on each agreeing export")
    p.add_argument("--plies", type=int, default=120)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    only = set(filter(None, args.only.split(",")))
    if args.to == "sjaak":
        return sjaak_main(args, only)
    args.depth = args.depth or 2
    results = {}
    for file, variants in games(only):
        status, details = roundtrip(file, args.depth)
        if status == "ok" and args.games:
            _, text = export(file)
            details = played(file, text, args.games, args.plies, args.seed)
            if details:
                status = "plays otherwise"
        results[file] = (status, details)
        print(f"{'/'.join(variants)}: {status}" + "".join(f"\n    {d}" for d in details), flush=True)
    if args.update and args.table and os.path.exists(args.table):
        results = {**read_table(args.table), **results}
    counts = defaultdict(int)
    for s, _ in results.values():
        counts[s] += 1
    print(", ".join(f"{s}: {n}" for s, n in sorted(counts.items())), file=sys.stderr)
    if args.table:
        write_table(args.table, results)
    if args.coverage:
        write_coverage(args.coverage, results)


def sjaak_main(args, only):
    depth = args.depth or 3
    results = {}
    for file, variants in games(only):
        status, details = sjaak_roundtrip(file, depth, args.lossy)
        results[file] = (status, details)
        print(f"{'/'.join(variants)}: {status}" + "".join(f"\n    {d}" for d in details), flush=True)
    counts = defaultdict(int)
    for s, _ in results.values():
        counts[s] += 1
    print(", ".join(f"{s}: {n}" for s, n in sorted(counts.items())), file=sys.stderr)
    if args.table:
        lossy = " --lossy" if args.lossy else ""
        write_table(args.table, results, f"{SJAAK_TITLE}{lossy or ' without --lossy'}, perft 1-{depth}",
                    f"scripts/export_roundtrip.py --to sjaak{lossy} --depth {depth} --table")


if __name__ == "__main__":
    main()
