#!/usr/bin/env bash
#===- fuzz/run.sh - run tilec's fuzzers for a bounded time ----------------===#
#
# `bash fuzz/run.sh [BUILD_DIR]`: writes the seed corpora (make_corpus.py)
# into BUILD_DIR/fuzz/seeds, then runs each fuzzer of a -DTILEC_FUZZ=ON build
# for TILEC_FUZZ_SECONDS seconds (default 60; 0 skips them). Inputs that add
# coverage go to BUILD_DIR/fuzz/corpus/NAME (kept, so later runs start from
# them), inputs that fail to BUILD_DIR/fuzz/crashes/NAME-*, the output to
# BUILD_DIR/fuzz/NAME.log. Exits non-zero when a fuzzer reports anything: a
# crash, a sanitizer report, a leak, an input slower than TILEC_FUZZ_TIMEOUT
# seconds (default 30) or a process over 2 GiB. docs/build.md says how to run
# them longer and how to replay a crash.
#
# TILEC_FUZZERS picks the fuzzers (default "frontend cache").
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$(cd "${1:-$ROOT/build-san}" && pwd)"
SECS="${TILEC_FUZZ_SECONDS:-60}"
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

status=0
for f in $FUZZERS; do
  case "$f" in
    frontend) maxlen=65536 ;;
    *) maxlen=1048576 ;;
  esac
  mkdir -p "$WORK/corpus/$f" "$WORK/crashes"
  log="$WORK/$f.log"
  echo "fuzz: tilec-$f-fuzzer for ${SECS}s (log: $log)"
  start=$(date +%s)
  # The outer timeout only guards against libFuzzer itself stalling: it
  # reports slow inputs (-timeout) and memory (-rss_limit_mb) on its own.
  rc=0
  timeout --kill-after=30 $((SECS + 2 * TIMEOUT + 600)) \
    "$BUILD/bin/tilec-$f-fuzzer" \
    -max_total_time="$SECS" -timeout="$TIMEOUT" -rss_limit_mb=2048 \
    -max_len="$maxlen" -print_final_stats=1 \
    -artifact_prefix="$WORK/crashes/$f-" \
    "$WORK/corpus/$f" "$WORK/seeds/$f" >"$log" 2>&1 || rc=$?
  grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|stat::number_of_executed_units|stat::new_units_added)' \
    "$log" | sed 's/^/  /' || true
  echo "  exit $rc after $(( $(date +%s) - start ))s"
  if [[ $rc -ne 0 ]]; then
    echo "fuzz: tilec-$f-fuzzer FAILED; the end of $log:" >&2
    tail -n 60 "$log" >&2
    ls -1 "$WORK/crashes/$f-"* 2>/dev/null | sed 's/^/  reproducer: /' >&2 || true
    status=1
  fi
done
exit $status
