#!/usr/bin/env python3
"""Fills fuzz/corpus/<target>/ with seeds: the bundled and test variants, the XBetza test data, the perft FENs,
the rule-test files, and the scripted XBoard sessions of seeds/xboard_session/."""
import glob, hashlib, os

os.chdir(os.path.dirname(os.path.abspath(__file__)))
# The games of checks::engines(), in order: the bundled ones, then its stateful test variants.
ORDER = ["ryugi", "euroshogi", "ryu-shogi", "heian-ryu-shogi", "dai-ryu-shogi", "chess", "shogi", "crazyhouse", "makruk",
         "chu-shogi", "seirawan", "sittuyin", "placement"]


def put(target, data):
    folder = f"corpus/{target}"
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(f"{folder}/{hashlib.sha1(data).hexdigest()}", "wb") as f:
        f.write(data)


for path in sorted(glob.glob("../variants/*.tatsu") + glob.glob("../tests/data/variants/*.tatsu")):
    put("variant_compile", open(path).read())
for i, _ in enumerate(ORDER):
    put("variant_mutate", bytes([i]))
    put("moves", bytes([i]) + b"a b c d e f g h i j k l m n o p")
put("moves", b"\x05e2e4 e7e5 g1f3 b8c6 f1c4 g8f6")
for path in glob.glob("../betza/tests/data/*.txt"):
    for line in open(path):
        if not line.startswith("#") and ";" in line:
            put("betza_parse", line.split(";")[1].strip())
for path in glob.glob("../tests/data/perft/*.tsv"):
    for line in open(path).readlines()[1:]:
        fields = line.rstrip("\n").split("\t")
        if len(fields) > 1:
            put("fen", fields[1])
for path in glob.glob("seeds/xboard_session/*"):
    put("xboard_session", open(path, "rb").read())
for path in sorted(glob.glob("../tests/data/ruletest/*") + glob.glob("../tests/data/cli/*.tatsu-test")):
    if os.path.isfile(path):
        put("ruletest_file", open(path, "rb").read())
put("ruletest_file", 'variant "chess"\ntest "start" { count 20 moves from g1 f3 h3 perft 2 = 400 }\n')
