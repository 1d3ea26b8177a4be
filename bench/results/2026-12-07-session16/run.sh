#!/bin/bash
# Session-16 GPU runs, one call per phase (device time is scarce: the
# correctness of everything merged since session 12 first, the timings
# after).
#   run.sh check   the JIT programs (scripts/gpu_check_runtime.sh run), the
#                  smoke test, every sample against float64 (attention
#                  forward and backward included), the norms and fused
#                  samples, the op suite's kernels new since the last GPU
#                  run, Triton's language tests through tilec in the
#                  background, the Python launch overhead beside Triton's.
#   run.sh all     both, shortened to fit one call (see below).
#   run.sh perf    attention forward and backward beside Triton, its
#                  tutorial and SDPA (bench/attention_bench.py --quick), the
#                  batched matmul aligned and not (bench/bmm_unaligned.py),
#                  Triton's tutorials unchanged under TILEC_AS_TRITON;
#                  with .carry/lib/libtilec-base.so.xz, tilec's attention
#                  columns again with that library (the baseline).
# Carried: .carry as prepared in bench/results/README.md (session 15's
# list). Results: $OUT/a.tgz and summary.txt. RUN_SECONDS bounds the whole.
set -u
cd "$(dirname "$0")/../../.."
R=$OUT
END=${RUN_SECONDS:-560}
PHASE=${1:-check}
xz -dc .carry/lib/libtilec.so.xz > /tmp/libtilec.so.0.1.0 && chmod +x /tmp/libtilec.so.0.1.0
export TILEC_LIBRARY=/tmp/libtilec.so.0.1.0 TILEC_CACHE_DIR=/tmp/tilec-cache PYTHONUNBUFFERED=1
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
echo "commit $(cat .carry/commit) phase $PHASE" | tee -a "$R/summary.txt"
if [ "$PHASE" = check ]; then
  ( bash bench/triton_tests/run.sh "$R/tt" tilec "${TT_SECONDS:-300}" > "$R/tt.out" 2>&1 ) &
  TT=$!
  s runtime 75 bash scripts/gpu_check_runtime.sh run "$R/runtime"
  s smoke 40 .carry/tilec-gpu-smoke-carry
  s samples 120 .carry/tilec-gpu-samples-carry .carry/samples
  s fused_cpp 50 .carry/fused/tilec-gpu-samples-fused-carry .carry/fused/samples
  s norms_cpp 50 .carry/norms/tilec-gpu-samples-norms-carry .carry/norms/samples
  OPSUITE_CARRY=.carry/ops-new s ops 80 bash bench/opsuite/gpu.sh "$R/ops"
  sed -n '/| status | kernels |/,/^$/p' "$R/ops/results.md" 2>/dev/null
  wait $TT; echo "language tests done at $SECONDS s" | tee -a "$R/summary.txt"
  tail -3 "$R/tt/pytest-tilec.log" | tee -a "$R/summary.txt"
  mkdir -p "$R/py"; s python_jit 60 python3 bench/python_jit.py "$R/py"
elif [ "$PHASE" = all ]; then
  # Both in one call, shortened (machines were scarce): no tutorials, the
  # attention baseline from the session's first cubins (.carry/attention,
  # forward only, before P in registers) instead of a second library.
  TTS=${TT_SECONDS:-$((END * 45 / 100))}
  ( bash bench/triton_tests/run.sh "$R/tt" tilec "$TTS" > "$R/tt.out" 2>&1 ) &
  TT=$!
  s runtime 55 bash scripts/gpu_check_runtime.sh run "$R/runtime"
  s smoke 25 .carry/tilec-gpu-smoke-carry
  s samples 90 .carry/tilec-gpu-samples-carry .carry/samples
  s attention 100 python3 bench/attention_bench.py "$R/attn" --quick --ns 4096
  cat "$R/attn/attention_bench.md" 2>/dev/null
  OPSUITE_CARRY=.carry/ops-new s ops 60 bash bench/opsuite/gpu.sh "$R/ops"
  sed -n '/| status | kernels |/,/^$/p' "$R/ops/results.md" 2>/dev/null
  wait $TT; echo "language tests done at $SECONDS s" | tee -a "$R/summary.txt"
  tail -3 "$R/tt/pytest-tilec.log" | tee -a "$R/summary.txt"
  s fused_cpp 35 .carry/fused/tilec-gpu-samples-fused-carry .carry/fused/samples
  s norms_cpp 35 .carry/norms/tilec-gpu-samples-norms-carry .carry/norms/samples
  mkdir -p "$R/py"; s python_jit 40 python3 bench/python_jit.py "$R/py"
  s attention_base 50 python3 bench/attention_pipeline.py --carry .carry/attention \
    --out "$R/attn-base" --no-triton --n-ctx 4096
  s bmm 60 python3 bench/bmm_unaligned.py "$R/bmm"
  cat "$R/bmm/bmm_unaligned.md" 2>/dev/null
else
  s attention 200 python3 bench/attention_bench.py "$R/attn" --quick \
    --tutorial .carry/ttests/tutorials/06-fused-attention.py
  cat "$R/attn/attention_bench.md" 2>/dev/null
  # The library the session started from (before P in registers), for the
  # before/after of that change: tilec's columns alone.
  if [ -f .carry/lib/libtilec-base.so.xz ]; then
    xz -dc .carry/lib/libtilec-base.so.xz > /tmp/base/libtilec.so.0.1.0 2>/dev/null ||
      { mkdir -p /tmp/base && xz -dc .carry/lib/libtilec-base.so.xz > /tmp/base/libtilec.so.0.1.0; }
    TILEC_LIBRARY=/tmp/base/libtilec.so.0.1.0 TILEC_CACHE_DIR=/tmp/tilec-cache-base \
      s attention_base 120 python3 bench/attention_bench.py "$R/attn-base" --quick --only-tilec
    cat "$R/attn-base/attention_bench.md" 2>/dev/null
  fi
  s bmm 90 python3 bench/bmm_unaligned.py "$R/bmm"
  cat "$R/bmm/bmm_unaligned.md" 2>/dev/null
  s tutorials 200 bash bench/triton_tests/tutorials.sh "$R/tut" 190
fi
cd "$R" && tar czf a.tgz --exclude a.tgz . && find . -mindepth 1 -maxdepth 1 ! -name a.tgz ! -name summary.txt -exec rm -rf {} +
