#!/usr/bin/env bash
# tatsu perft against reference engines on the same positions and depths, one thread each, in one run.
#
#   bench/compare.sh                 # every row below, best of RUNS (default 3) runs each
#   RUNS=5 bench/compare.sh ryugi    # only the rows of one game (a glob: '*shogi' for both shogis)
#
# Reference engines (none of them is part of this repository):
#   FSF_BINARY     Fairy-Stockfish UCI binary (default: `fairy-stockfish` on PATH, else /usr/games/fairy-stockfish).
#                  Ryugi needs a build with custom pieces (2021 or newer, largeboards); it is loaded from
#                  RYUGI_FSF_INI (default bench/ref/ryugi.fsf.ini, copied from the oracle). Debian's 11.1 cannot load it.
#   TATSU_BINARY   A tatsu binary to time instead of this checkout's release build (which is then not rebuilt):
#                  run the script twice in one command to compare two builds on the same machine state.
#   SJAAK_BINARY   Sjaak II (default: `sjaakii` on PATH), a second Ryugi reference, with RYUGI_SJAAK. Beware its two
#                  Ryugi bugs (tests/data/perft/ORACLE.md): its counts may differ (MISMATCH) from depth 4 on.
#
# Timing: tatsu is timed as a whole process (start-up included, a few ms). Fairy-Stockfish spends a noticeable
# time initialising (about 0.25-0.5 s for a largeboards build), so it runs `go perft 1` first and the clock runs
# from that answer to the answer of the real `go perft N` (both lines timestamped as they arrive). Sjaak II reports
# its own perft time. Node counts must agree, or the row says MISMATCH.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${RUNS:-3}
FILTER=${1:-}
FSF=${FSF_BINARY:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}
RYUGI_FSF_INI=${RYUGI_FSF_INI:-$ROOT/bench/ref/ryugi.fsf.ini}
SJAAK=${SJAAK_BINARY:-$(command -v sjaakii || echo /usr/games/sjaakii)}
RYUGI_SJAAK=${RYUGI_SJAAK:-$ROOT/bench/ref/ryugi.sjaak.txt}
# TATSU_BINARY: another tatsu build to time (e.g. a copy of a baseline); default this checkout's release build.
TATSU=${TATSU_BINARY:-$ROOT/target/release/tatsu}

# game  depth  reference (fsf: Fairy-Stockfish's built-in variant of that name; fsf-ini: from RYUGI_FSF_INI)
#   [tatsu file, for a game that is not bundled: a test variant written after the FSF built-in]
ROWS=(
  "euroshogi 5 fsf"
  "ryugi 4 fsf-ini"
  "ryugi 4 sjaak"
  "ryugi 5 fsf-ini"
  "ryugi 5 sjaak"
  "chess 5 fsf"
  "shogi 5 fsf"
  "makruk 6 fsf"
  "seirawan 5 fsf tests/data/variants/seirawan.tatsu"
  "shouse 4 fsf tests/data/variants/shouse.tatsu"
  "janggi 5 fsf tests/data/variants/janggi.tatsu"
  "xiangqi 4 fsf tests/data/variants/xiangqi.tatsu"
)

[ -n "${TATSU_BINARY:-}" ] || (cd "$ROOT" && cargo build --release --quiet)

now() { date +%s.%N; }

# Prints "nodes seconds" for one tatsu run.
tatsu_run() {
  local t0 t1 out
  t0=$(now)
  out=$("$TATSU" perft "$1" --depth "$2" --threads 1 2>/dev/null)
  t1=$(now)
  echo "$(awk '/Nodes searched/ {print $3}' <<<"$out") $(echo "$t1 - $t0" | bc -l)"
}

# Prints "nodes seconds" for one Fairy-Stockfish run, or nothing if it failed.
fsf_run() {
  local variant=$1 depth=$2 ini=${3:-}
  {
    echo uci
    [ -n "$ini" ] && echo "setoption name VariantPath value $ini"
    echo "setoption name UCI_Variant value $variant"
    echo "position startpos"
    echo "go perft 1"
    echo "go perft $depth"
    echo quit
  } | "$FSF" 2>/dev/null | while IFS= read -r line; do
    case $line in "Nodes searched"*) echo "$(now) ${line##* }" ;; esac
  done | awk 'NR == 1 {t = $1} NR == 2 {printf "%s %.6f\n", $2, $1 - t}' || true
}

# Prints "nodes seconds" for one Sjaak II run (its own perft timing, 0.01 s resolution), or nothing.
sjaak_run() {
  local depth=$1
  printf 'load %s\nvariant ryugi\nnew\nperft %s\nquit\n' "$RYUGI_SJAAK" "$depth" |
    "$SJAAK" 2>/dev/null | awk -v d="$depth" '$1 == d && $4 ~ /nps$/ {print $2, $3}' || true
}

# best_of CMD...: runs RUNS times, prints "nodes best-seconds" (the nodes of the last run).
best_of() {
  local best="" nodes="" r line
  for ((r = 0; r < RUNS; r++)); do
    line=$("$@")
    [ -z "$line" ] && return 0
    nodes=${line%% *}
    local s=${line##* }
    if [ -z "$best" ] || (($(echo "$s < $best" | bc -l))); then best=$s; fi
  done
  echo "$nodes $best"
}

printf '%-10s %5s | %12s %8s %12s | %-14s %12s %8s %12s | %6s\n' \
  game depth "tatsu nodes" "s" "nodes/s" reference "nodes" "s" "nodes/s" ratio
for row in "${ROWS[@]}"; do
  read -r game depth engine file <<<"$row"
  # shellcheck disable=SC2053 # FILTER is a glob on purpose
  [[ -n "$FILTER" && "$game" != $FILTER ]] && continue
  target=$game
  [ -n "$file" ] && target=$ROOT/$file
  read -r tn ts < <(best_of tatsu_run "$target" "$depth")
  res=""
  case $engine in
    fsf) ref="fairy-stockfish" res=$(best_of fsf_run "$game" "$depth") ;;
    fsf-ini) ref="fairy-stockfish" res=$(best_of fsf_run "$game" "$depth" "$RYUGI_FSF_INI") ;;
    sjaak) ref="sjaakii" && [ -x "$SJAAK" ] && res=$(best_of sjaak_run "$depth") ;;
  esac
  if [ -z "$res" ]; then
    printf '%-10s %5s | %12s %8.3f %12.0f | %-14s %s\n' "$game" "$depth" "$tn" "$ts" \
      "$(echo "$tn / $ts" | bc -l)" "$ref" "(could not run it here)"
    continue
  fi
  read -r rn rs <<<"$res"
  tnps=$(echo "$tn / $ts" | bc -l)
  rnps=$(echo "$rn / $rs" | bc -l)
  note=""
  [ "$tn" != "$rn" ] && note=" MISMATCH"
  [ "$tn" != "$rn" ] && [ "$engine" = sjaak ] && note=" MISMATCH (Sjaak II Ryugi bugs)"
  printf '%-10s %5s | %12s %8.3f %12.0f | %-14s %12s %8.3f %12.0f | %6.2f%s\n' "$game" "$depth" \
    "$tn" "$ts" "$tnps" "$ref" "$rn" "$rs" "$rnps" "$(echo "$tnps / $rnps" | bc -l)" "$note"
done
