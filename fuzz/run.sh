#!/usr/bin/env bash
#===- fuzz/run.sh - run tilec's fuzzers, bounded --------------------------===#
#
# `bash fuzz/run.sh [BUILD_DIR]`: writes the seed corpora (make_corpus.py,
# from the samples and tests in the tree) into BUILD_DIR/fuzz/seeds, then
# runs each fuzzer of a -DTILEC_FUZZ=ON build. By default (what
# scripts/test.sh, so CI, runs) each fuzzer executes TILEC_FUZZ_RUNS inputs
# (default 10000, the seeds included) with libFuzzer's seed TILEC_FUZZ_SEED
# (default 1), starting from the seeds alone and without address space
# randomization, so that runs of one build try the same inputs
# (docs/build.md says how far that is checked); what they add goes to
# BUILD_DIR/fuzz/new/NAME, emptied first. TILEC_FUZZ_RUNS=0 runs for
# TILEC_FUZZ_SECONDS instead, from and into the kept corpus
# BUILD_DIR/fuzz/corpus/NAME (longer runs by hand, docs/build.md).
# TILEC_FUZZ_SECONDS (default 300) is also the ceiling of a bounded run on a
# slow machine; 0 skips the fuzzers.
#
# Inputs that fail go to BUILD_DIR/fuzz/crashes/NAME-*, the output to
# BUILD_DIR/fuzz/NAME.log. Exits non-zero when a fuzzer reports anything: a
# crash, a sanitizer report, a leak, an input slower than TILEC_FUZZ_TIMEOUT
# seconds (default 30) or a process over 2 GiB. TILEC_FUZZERS picks the
# fuzzers (default "frontend cache").
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$(cd "${1:-$ROOT/build-san}" && pwd)"
SECS="${TILEC_FUZZ_SECONDS:-300}"
RUNS="${TILEC_FUZZ_RUNS:-10000}"
SEED="${TILEC_FUZZ_SEED:-1}"
TIMEOUT="${TILEC_FUZZ_TIMEOUT:-30}"
FUZZERS="${TILEC_FUZZERS:-frontend cache}"
WORK="$BUILD/fuzz"

if [[ "$SECS" == 0 ]]; then
  echo "fuzz: TILEC_FUZZ_SECONDS=0, fuzzers skipped"
  exit 0
fi
for f in $FUZZERS; do
  if [[ ! -x "$BUILD/bin/tilec-$f-fuzzer" ]]; then
    echo "fuzz: $BUILD/bin/tilec-$f-fuzzer missing (configure with" \
      "-DTILEC_FUZZ=ON and build target tilec-fuzzers)" >&2
    exit 1
  fi
done

rm -rf "$WORK/seeds"
python3 "$ROOT/fuzz/make_corpus.py" "$WORK/seeds" --tilec "$BUILD/bin/tilec"

# Heap addresses decide part of the coverage (hash maps keyed by pointers),
# and coverage decides which mutants libFuzzer keeps: without address space
# randomization (setarch -R, where the kernel allows it) a bounded run tries
# the same inputs every time.
norand=()
if setarch "$(uname -m)" -R true 2>/dev/null; then
  norand=(setarch "$(uname -m)" -R)
fi

status=0
for f in $FUZZERS; do
  case "$f" in
    frontend) maxlen=65536 ;;
    *) maxlen=1048576 ;;
  esac
  if [[ "$RUNS" != 0 ]]; then
    # Bounded: the seeds alone, a fixed libFuzzer seed, new inputs thrown
    # away next time, so that every run starts from the tree alone.
    corpus="$WORK/new/$f"
    rm -rf "$corpus"
    bound=(-runs="$RUNS" -seed="$SEED")
    what="$RUNS runs, seed $SEED, at most ${SECS}s"
  else
    corpus="$WORK/corpus/$f"
    bound=()
    what="${SECS}s"
  fi
  mkdir -p "$corpus" "$WORK/crashes"
  log="$WORK/$f.log"
  echo "fuzz: tilec-$f-fuzzer, $what (log: $log)"
  start=$(date +%s)
  # The outer timeout only guards against libFuzzer itself stalling: it
  # reports slow inputs (-timeout) and memory (-rss_limit_mb) on its own.
  rc=0
  timeout --kill-after=30 $((SECS + 2 * TIMEOUT + 600)) \
    "${norand[@]}" "$BUILD/bin/tilec-$f-fuzzer" \
    "${bound[@]}" -max_total_time="$SECS" -timeout="$TIMEOUT" \
    -rss_limit_mb=2048 -max_len="$maxlen" -print_final_stats=1 \
    -artifact_prefix="$WORK/crashes/$f-" \
    "$corpus" "$WORK/seeds/$f" >"$log" 2>&1 || rc=$?
  grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|stat::number_of_executed_units|stat::new_units_added)' \
    "$log" | sed 's/^/  /' || true
  echo "  exit $rc after $(( $(date +%s) - start ))s"
  done_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  if [[ "$RUNS" != 0 && $rc -eq 0 && "${done_runs:-0}" -lt "$RUNS" ]]; then
    echo "  note: stopped by the ${SECS}s ceiling after ${done_runs:-0} of" \
      "$RUNS runs (a slow machine; the inputs tried are a prefix)"
  fi
  if [[ $rc -ne 0 ]]; then
    echo "fuzz: tilec-$f-fuzzer FAILED; the end of $log:" >&2
    tail -n 60 "$log" >&2
    ls -1 "$WORK/crashes/$f-"* 2>/dev/null | sed 's/^/  reproducer: /' >&2 || true
    status=1
  fi
done
exit $status
