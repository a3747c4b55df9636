#!/usr/bin/env bash
# Runs fuzz targets toward a number of executions each, one after another, with the flags docs/fuzzing.md gives,
# and prints one summary line per target for the table of runs:
#   target  executions  date  commit  outcome
#
#   fuzz/run.sh                          # every target, 10 million executions each
#   RUNS=1000000 fuzz/run.sh fen moves   # some targets, fewer executions
#   JOBS=2 fuzz/run.sh betza_parse       # two processes (one per core) sharing the corpus, RUNS/2 each
#
# Logs go to fuzz/logs/<target>-<commit>-<UTC start time>/fuzz-<n>.log, crashing or slow inputs to fuzz/artifacts/<target>/ (neither
# is committed). A process stops at its first crash, timeout or out-of-memory (the others finish their share): the
# summary says which.
set -euo pipefail
cd "$(dirname "$0")"
RUNS="${RUNS:-10000000}"
JOBS="${JOBS:-1}"
ALL=(betza_parse fen moves ruletest_file variant_compile variant_mutate xboard_session referee_reply balance_merge
  perft_units)
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL[@]}")

# Per target: the longest input worth reading (see docs/fuzzing.md, "Running them").
flags() {
  case "$1" in
    betza_parse) echo "-max_len=256" ;;
    fen | moves | referee_reply) echo "-max_len=2048" ;;
    ruletest_file | xboard_session | perft_units) echo "-max_len=4096" ;;
    balance_merge) echo "-max_len=65536" ;;
    variant_mutate) echo "-max_len=65 -len_control=0" ;;
    variant_compile) echo "" ;;
    *) echo "unknown target $1" >&2; exit 2 ;;
  esac
}

# Without cargo-fuzz every target would "run" zero inputs, the error buried in its log.
command -v cargo-fuzz >/dev/null || { echo "cargo-fuzz is not installed: cargo install cargo-fuzz --locked" >&2; exit 2; }
commit=$(git rev-parse --short HEAD)
[ -z "$(git status --porcelain -- .. ':!fuzz/corpus' ':!fuzz/logs')" ] || commit="$commit+changes"
python3 seed_corpus.py
# Without trace-compares: two to four times the executions and more coverage in the same time (docs/fuzzing.md,
# "Why the builds leave out trace-compares").
RUSTC_BOOTSTRAP=1 cargo fuzz build -s none -a --no-trace-compares >/dev/null
mkdir -p logs
here=$(pwd)
for target in "${TARGETS[@]}"; do
  extra=$(flags "$target")
  # One folder per run: libFuzzer's -jobs writes each process's output to fuzz-<n>.log in the current folder. The
  # start time keeps a second run on the same commit from overwriting the first one's logs (and its count).
  logs="$here/logs/$target-$commit-$(date -u +%Y%m%dT%H%M%SZ)"
  mkdir -p "$logs" "artifacts/$target"
  set +e
  # Each of the JOBS processes runs its share of RUNS on the shared corpus folder, reloading what the others add.
  # shellcheck disable=SC2086 # $extra is a list of flags
  (cd "$logs" && "$here/target/x86_64-unknown-linux-gnu/release/$target" "$here/corpus/$target" \
    -jobs="$JOBS" -workers="$JOBS" -runs=$((RUNS / JOBS)) -timeout=120 -rss_limit_mb=4096 \
    -artifact_prefix="$here/artifacts/$target/" $extra >main.log 2>&1)
  status=$?
  set -e
  executions=0
  for log in "$logs"/fuzz-*.log; do
    n=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    executions=$((executions + ${n:-0}))
  done
  case $status in
    0) outcome="no crash, timeout or out-of-memory" ;;
    *) outcome="stopped (exit $status): $(cat "$logs"/fuzz-*.log | grep -m1 -oE 'ERROR: libFuzzer: [a-z -]+|Slow unit|panicked at [^ ]+' || echo see "$logs")" ;;
  esac
  printf '%s\t%s\t%s\t%s\t%s\n' "$target" "$executions" "$(date -u +%F)" "$commit" "$outcome"
done
