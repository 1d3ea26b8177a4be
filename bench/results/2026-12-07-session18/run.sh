#!/bin/bash
# Session-18 GPU runs.
#   run.sh three  attention with Triton's tutorial 06 beside it (under
#                 Triton and through tilec), alone; then TT_SEL (a pytest
#                 selection) of Triton's language tests in the background,
#                 beside every sample (--quick) and the op suite's new
#                 kernels, and Triton's PTX of the dot_scaled kernels
#                 (which MMA it picks) by bench/opsuite/ptxdiff.py; the
#                 tl.add/sub/mul kernels (.carry/ops-add); sanitizers on both.
#   run.sh bench  issue 16's benchmarks beside Triton, torch eager and
#                 torch.compile (the norms and cross-entropy, then dropout
#                 and AdamW), alone; then the launch overhead from Python
#                 (bench/python_jit.py) with the -O2 launch path.
#   run.sh tut    Triton's tutorials 01, 02, 05, 06, 03 (in that order)
#                 under tilec and under Triton, one after the other, alone
#                 (bench/triton_tests/tutorials_beside.sh): tutorials.md.
#   run.sh tt     Triton's language tests (bench/triton_tests/run.sh), TT_SEL
#                 or every file, for the per-file pass rates (triage.md).
# Carried: .carry as prepared in bench/results/README.md (session 17; see the session-18 section).
# Results: $OUT/a.tgz and summary.txt. RUN_SECONDS bounds the whole.
set -u
cd "$(dirname "$0")/../../.."
R=$OUT
END=${RUN_SECONDS:-540}
PHASE=${1:-two}
xz -dc .carry/lib/libtilec.so.xz > /tmp/libtilec.so.0.1.0 && chmod +x /tmp/libtilec.so.0.1.0
export TILEC_LIBRARY=/tmp/libtilec.so.0.1.0 TILEC_CACHE_DIR=/tmp/tilec-cache PYTHONUNBUFFERED=1
# s NAME CAP COMMAND...: runs under min(CAP, what is left of END - 20 s).
s() {
  local n=$1 cap=$2; shift 2
  local left=$((END - 20 - SECONDS)); [ "$left" -lt "$cap" ] && cap=$left
  if [ "$cap" -le 5 ]; then echo "$n skipped (no time left)" | tee -a "$R/summary.txt"; return; fi
  local t0=$SECONDS
  timeout "$cap" "$@" > "$R/$n.log" 2>&1
  echo "$n rc=$? ($((SECONDS-t0)) s of $cap)" | tee -a "$R/$n.log" "$R/summary.txt"
  tail -3 "$R/$n.log" | grep -v " rc=" | cut -c1-300
}
nvidia-smi -L | tee "$R/summary.txt"
echo "commit $(cat .carry/commit) phase $PHASE" | tee -a "$R/summary.txt"
if [ "$PHASE" = bench ]; then
  NORMS_QUICK=${NORMS_QUICK:-0} s norms 300 python3 bench/bench_norms.py "$R/norms"
  cat "$R/norms/norms.md" 2>/dev/null | head -60
  s dropout 70 python3 bench/samples_fused.py "$R/dropout" --only dropout
  s adamw 70 python3 bench/samples_fused.py "$R/adamw" --only adamw
  cat "$R"/dropout/samples_fused.md "$R"/adamw/samples_fused.md 2>/dev/null
  mkdir -p "$R/py"; s python_jit 50 python3 bench/python_jit.py "$R/py"
  tail -12 "$R/python_jit.log"
elif [ "$PHASE" = tut ]; then
  s tutorials 520 bash bench/triton_tests/tutorials_beside.sh "$R/tut" 100 \
    01-vector-add 02-fused-softmax 05-layer-norm 06-fused-attention 03-matrix-multiplication
  cp "$R/tut/tutorials.md" "$R/" 2>/dev/null
elif [ "$PHASE" = tt ]; then
  # TT_SEL (pytest selection) when set, else every file; test_core alone
  # outlasts one call: split it with -k or by test names across calls.
  bash bench/triton_tests/run.sh "$R/tt" tilec "${TT_SECONDS:-500}" ${TT_SEL:-} > "$R/tt.out" 2>&1
  python3 bench/triton_tests/triage.py "$R/tt/junit-tilec.xml" --md "$R/triage.md" > "$R/triage.out" 2>&1
  head -12 "$R/triage.md" 2>/dev/null | tee -a "$R/summary.txt"
  rm -f "$R/tt/junit-tilec.xml"  # it quotes Triton's test sources
  tail -3 "$R/tt/pytest-tilec.log" | tee -a "$R/summary.txt"
elif [ "$PHASE" = three ]; then
  # Alone first: attention with tutorial 06 beside it, the tutorial both
  # under Triton and through tilec.jit, one config for both (PYTEST_VERSION
  # makes the tutorial keep its test config, BLOCK_M 128, BLOCK_N 64, 2
  # stages, 4 warps, instead of autotuning 20 configs per key).
  PYTEST_VERSION=1 s attention 150 python3 bench/attention_bench.py "$R/attn" --quick \
    --ns 4096 --tutorial .carry/ttests/tutorials/06-fused-attention.py
  cat "$R/attn/attention_bench.md" 2>/dev/null
  ( bash bench/triton_tests/run.sh "$R/tt" tilec "${TT_SECONDS:-170}" $TT_SEL > "$R/tt.out" 2>&1 ) &
  TT=$!
  s samples 150 .carry/tilec-gpu-samples-carry --quick .carry/samples
  grep -c "^PASS" "$R/samples.log" | sed 's/^/samples PASS lines: /' | tee -a "$R/summary.txt"
  grep "^FAIL" "$R/samples.log" | head -20 | tee -a "$R/summary.txt"
  OPSUITE_CARRY=.carry/ops-new s ops 40 bash bench/opsuite/gpu.sh "$R/ops"
  sed -n '/| status | kernels |/,/^$/p' "$R/ops/results.md" 2>/dev/null
  wait $TT; echo "language tests done at $SECONDS s" | tee -a "$R/summary.txt"
  tail -3 "$R/tt/pytest-tilec.log" | tee -a "$R/summary.txt"
  python3 bench/triton_tests/triage.py "$R/tt/junit-tilec.xml" --md "$R/triage.md" > "$R/triage.out" 2>&1
  head -12 "$R/triage.md" 2>/dev/null | tee -a "$R/summary.txt"
  rm -f "$R/tt/junit-tilec.xml"  # it quotes Triton's test sources
  OPSUITE_CARRY=.carry/ops-add s opsadd 30 bash bench/opsuite/gpu.sh "$R/ops-add"
  sed -n '/| status | kernels |/,/^$/p' "$R/ops-add/results.md" 2>/dev/null
  s ptxdiff 60 python3 bench/opsuite/ptxdiff.py --carry .carry/ops-new --out "$R/ptxdiff" --only dot_scaled
  grep -h -o -E "(wgmma[.a-z0-9_]*|mma[.]sync[.a-z0-9_]*)" "$R"/ptxdiff/triton/*.ptx 2>/dev/null | sort | uniq -c | tee -a "$R/summary.txt"
  # Sanitizers on the kernels no earlier run checked under them.
  OPSUITE_CARRY=.carry/ops-new s opsnew_san 90 bash bench/opsuite/gpu.sh "$R/ops-san" --sanitize
  OPSUITE_CARRY=.carry/ops-add s opsadd_san 40 bash bench/opsuite/gpu.sh "$R/ops-add-san" --sanitize
  tail -4 "$R"/ops-san/sanitize-*.log "$R"/ops-add-san/sanitize-*.log 2>/dev/null | tee -a "$R/summary.txt"
fi
sleep 1
cd "$R" && tar czf /tmp/a.tgz . && mv /tmp/a.tgz . && find . -mindepth 1 -maxdepth 1 ! -name a.tgz ! -name summary.txt -exec rm -rf {} +
