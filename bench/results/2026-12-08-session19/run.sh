#!/bin/bash
# Session-19 GPU runs.
#   run.sh ws     warp specialization (issue 15 item 2): bench/ws_matmul.py
#                 checks and benchmark, tutorial 06's forward through
#                 tilec.jit with warp_specialize=True/False beside Triton
#                 (bench/ws_attention.py), then the matmul's small checks
#                 under compute-sanitizer racecheck, synccheck, memcheck.
#   run.sh both   ws with racecheck and synccheck only, then issue 12's
#                 open checks: the op-suite kernels no GPU ran (.carry/ops-new,
#                 .carry/ops-add, session 18's) under the sanitizers, and
#                 Triton's PTX of the dot_scaled kernels.
#   Other phases: bench/results/2026-12-07-session18/run.sh (three, bench,
#   tut, tt), with session 18's carry.
# Carried: .carry as session 18 prepared it, plus .carry/lib/libtilec-ws.so.xz
# (libtilec.so with warp specialization, commit in .carry/commit-ws).
set -u
cd "$(dirname "$0")/../../.."
R=$OUT
END=${RUN_SECONDS:-540}
PHASE=${1:-ws}
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
echo "commit $(cat .carry/commit-ws) phase $PHASE" | tee -a "$R/summary.txt"
if [ "$PHASE" = ws ] || [ "$PHASE" = both ]; then
  xz -dc .carry/lib/libtilec-ws.so.xz > /tmp/libtilec-ws.so && chmod +x /tmp/libtilec-ws.so
  export TILEC_LIBRARY=/tmp/libtilec-ws.so TILEC_CACHE_DIR=/tmp/tilec-cache-ws PYTHONUNBUFFERED=1
  s ws_matmul 150 python3 bench/ws_matmul.py "$R/ws"
  cat "$R/ws/ws_matmul.md" 2>/dev/null
  grep "^FAIL" "$R/ws_matmul.log" | head -20
  s ws_attention 200 python3 bench/ws_attention.py .carry/ttests/tutorials/06-fused-attention.py "$R/wsa"
  cat "$R/wsa/ws_attention.md" 2>/dev/null
  grep "^FAIL" "$R/ws_attention.log" | head -20
  CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  TOOLS="racecheck synccheck memcheck"; [ "$PHASE" = both ] && TOOLS="racecheck synccheck"
  for tool in $TOOLS; do
    s "ws_$tool" 55 "$CS" --tool "$tool" --error-exitcode 3 --target-processes all \
      python3 bench/ws_matmul.py "$R/ws-$tool" --check
    grep -E "ERROR SUMMARY|RACECHECK SUMMARY|Error|hazard" "$R/ws_$tool.log" | head -5
  done
fi
if [ "$PHASE" = both ]; then
  # Issue 12's open checks (session 18's `three` minus attention, samples
  # and Triton's tests): the op-suite kernels no GPU has run, under the
  # sanitizers, and which MMA Triton picks for dot_scaled.
  OPSUITE_CARRY=.carry/ops-new s opsnew_san 90 bash bench/opsuite/gpu.sh "$R/ops-san" --sanitize
  sed -n '/| status | kernels |/,/^$/p' "$R/ops-san/results.md" 2>/dev/null
  OPSUITE_CARRY=.carry/ops-add s opsadd_san 40 bash bench/opsuite/gpu.sh "$R/ops-add-san" --sanitize
  sed -n '/| status | kernels |/,/^$/p' "$R/ops-add-san/results.md" 2>/dev/null
  tail -4 "$R"/ops-san/sanitize-*.log "$R"/ops-add-san/sanitize-*.log 2>/dev/null | tee -a "$R/summary.txt"
  s ptxdiff 40 python3 bench/opsuite/ptxdiff.py --carry .carry/ops-new --out "$R/ptxdiff" --only dot_scaled
  grep -h -o -E "(wgmma[.a-z0-9_]*|mma[.]sync[.a-z0-9_]*)" "$R"/ptxdiff/triton/*.ptx 2>/dev/null | sort | uniq -c | tee -a "$R/summary.txt"
fi
