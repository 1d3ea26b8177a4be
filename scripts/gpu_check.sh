#!/usr/bin/env bash
#===- scripts/gpu_check.sh - prepare and run the GPU checks ---------------===#
#
# `scripts/gpu_check.sh prepare` (here, where tilec builds): builds the sample
# cubins (test/GPU/CMakeLists.txt lists them) and the carryable static
# programs (smoke test, samples, benchmark host) into .carry/, with the
# commit they were built from in .carry/commit; then the matmul benchmark's
# cubins, one per kernel, block config and dtype, into .carry/matmul/ with
# manifest.json (bench/prepare_matmul.py; $TILEC_MATMUL_CONFIGS, e.g.
# "128x128x64:g8:w8:s3 64x64x32:g8:w4:s1", replaces its list of
# matmul_kernel configs, $TILEC_MATMUL_TMA_CONFIGS, e.g.
# "128x256x64:g8:w8:s3", its list of matmul_tma_kernel configs, and "none"
# there leaves the TMA kernel out). A config that does not compile is
# recorded there, not an error.
#
# `scripts/gpu_check.sh run OUTDIR [ARGS]` (on the GPU machine, which has no LLVM;
# carry .carry): the runtime's smoke test, the samples against float64
# references, compute-sanitizer memcheck and racecheck on the samples
# (--quick: few rows), then the benchmark (bench/run_bench.py: tilec, Triton
# and torch, the copy and matmul ceilings, the matmul cases when .carry/matmul
# is there; ARGS go to it, e.g. --no-matmul). Writes six files to OUTDIR (the
# device tool brings back at most eight): gpu_check.log, sanitizer.log,
# results.json, results.md, bandwidth.png, matmul.png. About 3-5 minutes on
# an H200 without the matmul cases.
# Exits non-zero if any step failed; every step runs regardless.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
CARRY="$ROOT/.carry"

case "${1:-}" in
prepare)
  set -e
  bash "$ROOT/scripts/build.sh" tilec-sample-cubins tilec-gpu-samples-carry \
    tilec-gpu-smoke-carry tilec-bench-host-carry
  rm -rf "$CARRY" && mkdir -p "$CARRY/samples"
  cp "$BUILD"/test/GPU/samples/*.cubin "$BUILD"/test/GPU/samples/*.resources \
    "$CARRY/samples/"
  cp "$BUILD"/bin/tilec-gpu-samples-carry "$BUILD"/bin/tilec-gpu-smoke-carry \
    "$BUILD"/bin/tilec-bench-host-carry "$CARRY/"
  commit="$(git -C "$ROOT" rev-parse HEAD)"
  git -C "$ROOT" diff --quiet HEAD -- || commit="$commit (uncommitted changes)"
  echo "$commit" > "$CARRY/commit"
  matmul_configs=()
  for c in ${TILEC_MATMUL_CONFIGS:-}; do matmul_configs+=(--config "$c"); done
  for c in ${TILEC_MATMUL_TMA_CONFIGS:-}; do
    if [[ $c == none ]]; then
      matmul_configs+=(--no-tma)
    else
      matmul_configs+=(--tma-config "$c")
    fi
  done
  python3 "$ROOT/bench/prepare_matmul.py" --tilec "$BUILD/bin/tilec" \
    --out "$CARRY/matmul" "${matmul_configs[@]}"
  ls -la "$CARRY" "$CARRY/samples"
  du -sh "$CARRY"
  ;;
run)
  OUTDIR="${2:?usage: gpu_check.sh run OUTDIR}"
  mkdir -p "$OUTDIR"
  export PYTHONUNBUFFERED=1
  LOG="$OUTDIR/gpu_check.log"
  status=0
  step() { echo "== $* ($(date -u +%T))" | tee -a "$LOG"; }
  : > "$LOG"
  step "commit $(cat "$CARRY/commit" 2>/dev/null)"
  nvidia-smi -L 2>&1 | tee -a "$LOG"
  step smoke
  "$CARRY/tilec-gpu-smoke-carry" 2>&1 | tee -a "$LOG" || status=1
  step samples
  "$CARRY/tilec-gpu-samples-carry" "$CARRY/samples" 2>&1 | tee -a "$LOG" ||
    status=1
  : > "$OUTDIR/sanitizer.log"
  if command -v compute-sanitizer >/dev/null; then
    for tool in memcheck racecheck; do
      step "compute-sanitizer --tool $tool (samples --quick)"
      echo "== $tool" >> "$OUTDIR/sanitizer.log"
      timeout 240 compute-sanitizer --tool "$tool" --error-exitcode 3 \
        "$CARRY/tilec-gpu-samples-carry" --quick "$CARRY/samples" \
        >> "$OUTDIR/sanitizer.log" 2>&1 || status=1
      tail -2 "$OUTDIR/sanitizer.log" | tee -a "$LOG"
    done
  else
    step "compute-sanitizer not found: memcheck and racecheck not run"
    status=1
  fi
  step benchmark
  python3 "$ROOT/bench/run_bench.py" --carry "$CARRY" --out "$OUTDIR" \
    "${@:3}" 2>&1 |
    tee -a "$LOG" || status=1
  step "done, status $status"
  exit $status
  ;;
*)
  echo "usage: gpu_check.sh prepare | run OUTDIR" >&2
  exit 2
  ;;
esac
