#!/usr/bin/env python3
"""Fills fuzz/corpus/<target>/ with seeds: the bundled and test variants, the XBetza test data, the perft FENs,
the rule-test files, engine output for the referee, and the files of seeds/<target>/ (scripted XBoard sessions, a
games file of `tatsu balance chess`, a split of `tatsu perft chess --depth 2 --split 1` and its results)."""
import glob, hashlib, os, re

os.chdir(os.path.dirname(os.path.abspath(__file__)))
# The games of checks::all_games(), in order: the bundled ones, its stateful test variants, then every other test
# variant by file name. A target's first byte picks one (`byte % len`).
CORE = ["ryugi", "euroshogi", "ryu-shogi", "heian-ryu-shogi", "dai-ryu-shogi", "chess", "shogi", "crazyhouse", "makruk",
        "chu-shogi", "seirawan", "sittuyin", "placement"]
ORDER = CORE + sorted(n for n in (os.path.basename(p)[:-len(".tatsu")]
                                  for p in glob.glob("../tests/data/variants/*.tatsu")) if n not in CORE)
assert len(ORDER) < 256, "a selector byte picks among at most 256 games"


def put(target, data):
    folder = f"corpus/{target}"
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(f"{folder}/{hashlib.sha1(data).hexdigest()}", "wb") as f:
        f.write(data)


# The invalid corpus too: files that are nearly right, each with the mistakes its .stderr names.
for path in sorted(glob.glob("../variants/*.tatsu") + glob.glob("../tests/data/variants/*.tatsu")
                   + glob.glob("../tests/data/invalid/*.tatsu")):
    put("variant_compile", open(path, "rb").read())
for i, _ in enumerate(ORDER):
    put("variant_mutate", bytes([i]))
    put("moves", bytes([i]) + b"a b c d e f g h i j k l m n o p")
put("moves", b"\x05e2e4 e7e5 g1f3 b8c6 f1c4 g8f6")
for path in glob.glob("../betza/tests/data/*.txt"):
    for line in open(path):
        if not line.startswith("#") and ";" in line:
            put("betza_parse", line.split(";")[1].strip())
for path in glob.glob("../tests/data/perft/*.tsv"):
    game = os.path.basename(path)[:-len(".tsv")]
    if game not in ORDER:
        continue
    for line in open(path).readlines()[1:]:
        fields = line.rstrip("\n").split("\t")
        if len(fields) > 1:
            put("fen", bytes([ORDER.index(game)]) + fields[1].encode())
for path in glob.glob("seeds/*/*"):
    put(os.path.basename(os.path.dirname(path)), open(path, "rb").read())
# One short session per game, under the name the session offers it by (tatsu::xboard::xboard_name).
for name in ORDER:
    xname = "normal" if name == "chess" else name.lower().replace(" ", "-").replace("_", "-")
    put("xboard_session", f"xboard\nprotover 2\nvariant {xname}\nnew\nforce\ngo\nundo\nremove\nplayother\ngo\nnew\n")
RULE_TESTS = (glob.glob("../tests/data/ruletest/*") + glob.glob("../tests/data/cli/*.tatsu-test")
              + glob.glob("../tests/rules/*.tatsu-test") + glob.glob("../docs/examples/*.tatsu-test"))
for path in sorted(RULE_TESTS):
    if os.path.isfile(path):
        text = open(path, "rb").read()
        put("ruletest_file", text)
        # The target skips a file asking for perft deeper than 2 (a long count, not a hang): the same file without
        # those lines is a seed whose every other test runs.
        shallow = re.sub(rb"(?m)^\s*perft\s+([3-9]|\d\d+)\b.*$", b"", text)
        if shallow != text:
            put("ruletest_file", shallow)
put("ruletest_file", 'variant "chess"\ntest "start" { count 20 moves from g1 f3 h3 perft 2 = 400 }\n')
# Engine output as `tatsu match` reads it, for every game: the feature line, comments, thinking, a result, moves
# the game may not have (a line that names no move plays the legal move its first byte indexes).
for i, _ in enumerate(ORDER):
    put("referee_reply", bytes([i]) + b'feature myname="x" variants="normal,shogi" setboard=1 san=0 done=1\n'
        b"# a comment\n1 15 20 300 e2e4\npong 1\nmove e2e4\nmove a\nmove b\nmove c\nmove d\nmove e\n"
        b"Illegal move: e2e5\nmove f\nmove g\nresign\n1-0 {White mates}\n")
# SAN as a CECP engine may send it (`san=1`), and coordinates with XBoard's marks.
put("referee_reply", bytes([ORDER.index("chess")]) + b"move e4\nmove e5\nmove Nf3\nmove Nc6\nmove Bb5\n"
    b"move a6\nmove Ba4\nmove Nf6\nmove O-O\nmove Be7\nmove Re1\nmove b5\nmove Bb3\nmove 0-0\n")
put("referee_reply", bytes([ORDER.index("shogi")]) + b"move c3c4\nmove g7g6\nmove b2g7+\nmove f9g8\n"
    b"move B*e5\nmove P@e4\n")
