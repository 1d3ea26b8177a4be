#!/bin/bash
# Session-15 GPU run (one call), for the next session that gets a device:
# everything merged in sessions 13 to 15 checked on the H200 at once.
# First the JIT programs (scripts/gpu_check_runtime.sh: the JIT and
# autotuner GPU tests, the softmax examples, the attention forward and
# backward host, the launch benchmark), then session 14's run.sh with the
# time that is left (its op suite carry, .carry/ops-new, includes the
# map_elementwise kernels when prepared with a regex that names them; the
# samples carry includes the attention backward).
# Carried: as session 14's run.sh, plus scripts/gpu_check_runtime.sh
# prepare. Results: $OUT/a.tgz (runtime/ and runtime.log inside) and
# summary.txt.
set -u
cd "$(dirname "$0")/../../.."
END=${RUN_SECONDS:-540}
t0=$SECONDS
timeout 75 bash scripts/gpu_check_runtime.sh run "$OUT/runtime" \
  > "$OUT/runtime.log" 2>&1
echo "runtime rc=$? ($((SECONDS - t0)) s of 75)" | tee -a "$OUT/runtime.log"
tail -5 "$OUT/runtime.log" | cut -c1-300
RUN_SECONDS=$((END - SECONDS)) exec bash bench/results/2026-12-07-session14/run.sh
