#!/usr/bin/env bash
# Runs fuzz targets toward a number of executions each, one after another, with the flags docs/fuzzing.md gives,
# and prints one summary line per target for the table of runs:
#   target  executions  date  commit  outcome
#
#   fuzz/run.sh                          # every target, 10 million executions each
#   RUNS=1000000 fuzz/run.sh fen moves   # some targets, fewer executions
#   JOBS=2 fuzz/run.sh betza_parse       # libFuzzer's -fork=2: two processes sharing the corpus
#
# Logs go to fuzz/logs/<target>-<commit>.log, crashing or slow inputs to fuzz/artifacts/<target>/ (neither is
# committed). A run stops at its first crash, timeout or out-of-memory: the summary says which.
set -euo pipefail
cd "$(dirname "$0")"
RUNS="${RUNS:-10000000}"
JOBS="${JOBS:-1}"
ALL=(betza_parse fen moves ruletest_file variant_compile variant_mutate xboard_session)
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=("${ALL[@]}")

# Per target: the longest input worth reading (see docs/fuzzing.md, "Running them").
flags() {
  case "$1" in
    betza_parse) echo "-max_len=256" ;;
    fen | moves) echo "-max_len=2048" ;;
    ruletest_file | xboard_session) echo "-max_len=4096" ;;
    variant_mutate) echo "-max_len=65 -len_control=0" ;;
    variant_compile) echo "" ;;
    *) echo "unknown target $1" >&2; exit 2 ;;
  esac
}

commit=$(git rev-parse --short HEAD)
[ -z "$(git status --porcelain -- .. ':!fuzz/corpus' ':!fuzz/logs')" ] || commit="$commit+changes"
python3 seed_corpus.py
# Without trace-compares: two to four times the executions and more coverage in the same time (docs/fuzzing.md,
# "Why the builds leave out trace-compares").
RUSTC_BOOTSTRAP=1 cargo fuzz build -s none -a --no-trace-compares >/dev/null
mkdir -p logs
for target in "${TARGETS[@]}"; do
  extra=$(flags "$target")
  log="logs/$target-$commit.log"
  mkdir -p "artifacts/$target"
  fork=()
  [ "$JOBS" -gt 1 ] && fork=(-fork="$JOBS")
  set +e
  # shellcheck disable=SC2086 # $extra is a list of flags
  "target/x86_64-unknown-linux-gnu/release/$target" "corpus/$target" -runs="$RUNS" -timeout=120 \
    -rss_limit_mb=4096 -artifact_prefix="artifacts/$target/" "${fork[@]}" $extra >"$log" 2>&1
  status=$?
  set -e
  executions=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
  case $status in
    0) outcome="no crash, timeout or out-of-memory" ;;
    *) outcome="stopped (exit $status): $(grep -m1 -oE 'ERROR: libFuzzer: [a-z -]+|Slow unit|panicked at [^ ]+' "$log" || echo see $log)" ;;
  esac
  printf '%s\t%s\t%s\t%s\t%s\n' "$target" "${executions:-0}" "$(date -u +%F)" "$commit" "$outcome"
done
