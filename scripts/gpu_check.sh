#!/usr/bin/env bash
#===- scripts/gpu_check.sh - prepare and run the GPU checks ---------------===#
#
# `scripts/gpu_check.sh prepare` (here, where tilec builds): builds the sample
# cubins and the carryable GPU test programs into .carry/.
# `scripts/gpu_check.sh run OUTDIR` (on the GPU machine, which has no LLVM):
# runs the smoke test, the samples against float64 references, and
# compute-sanitizer's memcheck and racecheck on the samples, logging to OUTDIR.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
CARRY="$ROOT/.carry"

case "${1:-}" in
prepare)
  bash "$ROOT/scripts/build.sh" tilec-sample-cubins tilec-gpu-samples-carry \
    tilec-gpu-smoke-carry
  rm -rf "$CARRY" && mkdir -p "$CARRY/samples"
  cp "$BUILD"/test/GPU/samples/*.cubin "$CARRY/samples/"
  cp "$BUILD"/bin/tilec-gpu-samples-carry "$BUILD"/bin/tilec-gpu-smoke-carry \
    "$CARRY/"
  git -C "$ROOT" rev-parse HEAD > "$CARRY/commit"
  ls -la "$CARRY" "$CARRY/samples"
  ;;
run)
  OUTDIR="${2:?usage: gpu_check.sh run OUTDIR}"
  mkdir -p "$OUTDIR"
  status=0
  nvidia-smi -L | tee "$OUTDIR/device.txt"
  "$CARRY/tilec-gpu-smoke-carry" 2>&1 | tee "$OUTDIR/smoke.log" || status=1
  "$CARRY/tilec-gpu-samples-carry" "$CARRY/samples" 2>&1 |
    tee "$OUTDIR/samples.log" || status=1
  if command -v compute-sanitizer >/dev/null; then
    for tool in memcheck racecheck; do
      compute-sanitizer --tool "$tool" --error-exitcode 3 \
        "$CARRY/tilec-gpu-samples-carry" "$CARRY/samples" \
        > "$OUTDIR/sanitizer-$tool.log" 2>&1 || status=1
      tail -3 "$OUTDIR/sanitizer-$tool.log"
    done
  fi
  exit $status
  ;;
*)
  echo "usage: gpu_check.sh prepare | run OUTDIR" >&2
  exit 2
  ;;
esac
