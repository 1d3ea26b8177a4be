#!/usr/bin/env bash
# Device run 3: racecheck on the quick samples; the TMA matmul rows again (run-to-run spread).
set -u
OUT=${OUT:?}
exec > >(tee $OUT/run3.log) 2>&1
date -u; cat .carry/commit
time timeout 300 compute-sanitizer --tool racecheck --error-exitcode 3 .carry/tilec-gpu-samples-carry --quick .carry/samples > $OUT/racecheck.log 2>&1; echo "racecheck rc=$?"
grep -E "matmul_tma|passed" $OUT/racecheck.log | tail -12; grep -E "RACECHECK SUMMARY|hazard" $OUT/racecheck.log | tail -5
for i in 1 2; do
mkdir -p $OUT/again$i
timeout 200 python3 bench/run_bench.py --carry .carry --out $OUT/again$i --filter matmul_tma_kernel --no-triton-sweep > $OUT/again$i/bench.log 2>&1; echo "bench $i rc=$?"
grep -E "^\| (fp16|bf16) \| (4096|8192)x" $OUT/again$i/results.md | head -8
done
date -u
