#!/usr/bin/env bash
#===- bench/opsuite/gpu.sh - the op-level differential run on the GPU ----===#
#
# `bash bench/opsuite/gpu.sh OUTDIR [--sanitize] [run.py options]`: the one
# command on the GPU machine (torch, Triton 3.6, no LLVM). Needs
# .carry/ops from `python3 bench/opsuite/prepare.py --tilec build/bin/tilec`
# (carried; $OPSUITE_CARRY names another folder). Writes to OUTDIR at most
# five files: run.log, results.json, results.md and, with --sanitize,
# sanitize-memcheck.log and sanitize-racecheck.log. Exits as run.py does:
# non-zero on any mismatch, crash or sanitizer error.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="${1:?usage: gpu.sh OUTDIR [--sanitize] [run.py options]}"
shift
CARRY="${OPSUITE_CARRY:-$ROOT/.carry/ops}"
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
{
  echo "== $(date -u +%FT%TZ) op suite, carry $CARRY"
  nvidia-smi -L 2>&1
  python3 -c 'import torch, triton; print("torch", torch.__version__, "triton", triton.__version__)' 2>&1
  if [[ ! -f $CARRY/manifest.json ]]; then
    echo "no $CARRY/manifest.json: run bench/opsuite/prepare.py where tilec builds and carry .carry/ops"
    exit 2
  fi
  python3 "$ROOT/bench/opsuite/run.py" --carry "$CARRY" --out "$OUT" "$@"
} 2>&1 | tee "$OUT/run.log"
exit "${PIPESTATUS[0]}"
