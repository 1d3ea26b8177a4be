#!/usr/bin/env bash
# Device run 2: the matmul benchmark (pointer and TMA kernels, tilec and Triton, cuBLAS).
set -u
OUT=${OUT:?}
exec > >(tee $OUT/run2.log) 2>&1
date -u; cat .carry/commit
time timeout 560 python3 bench/run_bench.py --carry .carry --out $OUT --filter matmul_ --no-triton-sweep > $OUT/bench.log 2>&1; echo "bench rc=$?"
tail -60 $OUT/results.md 2>/dev/null || tail -40 $OUT/bench.log
date -u
