#!/bin/bash
# Session-14 GPU run (one call; 875 s of device time were left): everything
# merged in sessions 13 and 14 checked on the H200 at once.
# Phase 1 (correctness; Triton's language tests through tilec run beside it
# in the background, since they are bound by compile time on the CPUs):
#   smoke, every sample against float64 (attention included), the norms and
#   fused samples' C++ checks, the op suite's kernels new since the last run.
# Phase 2 (timings, alone on the machine): attention beside Triton, the
#   Python launch overhead beside Triton's, Triton's tutorials unchanged.
# Carried: .carry (scripts/gpu_check.sh prepare, bench/attention_pipeline.sh
# prepare, bench/samples16_fused_prepare.sh, bench/samples16_norms.sh
# prepare, bench/opsuite/prepare.py --out .carry/ops-new,
# bench/triton_tests/prepare.sh). Results: $OUT/a.tgz and summary.txt.
set -u
cd "$(dirname "$0")/../../.."
R=$OUT
END=${RUN_SECONDS:-540}
xz -dc .carry/lib/libtilec.so.xz > /tmp/libtilec.so.0.1.0 && chmod +x /tmp/libtilec.so.0.1.0
export TILEC_LIBRARY=/tmp/libtilec.so.0.1.0 TILEC_CACHE_DIR=/tmp/tilec-cache PYTHONUNBUFFERED=1
# ptxas for the JIT: the toolkit's, else the one Triton ships.
if [[ ! -x /usr/local/cuda/bin/ptxas ]] && ! command -v ptxas > /dev/null; then
  export TILEC_PTXAS="$(python3 -c 'import os, triton; print(os.path.join(os.path.dirname(triton.__file__), "backends/nvidia/bin/ptxas"))')"
fi
# s NAME CAP COMMAND...: runs under min(CAP, what is left of END - 25 s).
s() {
  local n=$1 cap=$2; shift 2
  local left=$((END - 25 - SECONDS)); [ "$left" -lt "$cap" ] && cap=$left
  if [ "$cap" -le 5 ]; then echo "$n skipped (no time left)" | tee -a "$R/summary.txt"; return; fi
  local t0=$SECONDS
  timeout "$cap" "$@" > "$R/$n.log" 2>&1
  echo "$n rc=$? ($((SECONDS-t0)) s of $cap)" | tee -a "$R/$n.log" "$R/summary.txt"
  tail -3 "$R/$n.log" | grep -v " rc=" | cut -c1-300
}
nvidia-smi -L | tee "$R/summary.txt"
TT=
if [ "${TT_SECONDS:-260}" -gt 0 ]; then
  ( bash bench/triton_tests/run.sh "$R/tt" tilec "${TT_SECONDS:-260}" > "$R/tt.out" 2>&1 ) &
  TT=$!
fi
s smoke 45 .carry/tilec-gpu-smoke-carry
s samples 120 .carry/tilec-gpu-samples-carry .carry/samples
s fused_cpp 60 .carry/fused/tilec-gpu-samples-fused-carry .carry/fused/samples
s norms_cpp 60 .carry/norms/tilec-gpu-samples-norms-carry .carry/norms/samples
OPSUITE_CARRY=.carry/ops-new s ops 80 bash bench/opsuite/gpu.sh "$R/ops"
sed -n '/| status | kernels |/,/^$/p' "$R/ops/results.md" 2>/dev/null
if [ -n "$TT" ]; then
  wait $TT; echo "language tests done at $SECONDS s" | tee -a "$R/summary.txt"
  tail -3 "$R/tt/pytest-tilec.log" | tee -a "$R/summary.txt"
fi
mkdir -p "$R/py"; s python_jit 60 python3 bench/python_jit.py "$R/py"
s attention 110 python3 bench/attention_pipeline.py --carry .carry/attention --out "$R/attn"
head -30 "$R/attn/attention.md" 2>/dev/null
s tutorials 100 bash bench/triton_tests/tutorials.sh "$R/tut" 90
cd "$R" && tar czf a.tgz --exclude a.tgz . && find . -mindepth 1 -maxdepth 1 ! -name a.tgz ! -name summary.txt -exec rm -rf {} +
