#!/usr/bin/env bash
# Device run 5 (eighteenth): a third benchmark pass of the pointer kernel (the carry's commit, a970c05;
# later commits only reformat and document), then racecheck on the quick samples.
set -u
OUT=${OUT:?}; R=$(pwd); C=$R/.carry
exec > >(tee $OUT/run5.log) 2>&1
date -u; cat $C/commit; nvidia-smi -L
timeout 120 python3 $R/bench/run_bench.py --carry $C --out $OUT/bench3 --filter matmul_kernel. --no-triton-sweep > $OUT/bench3.log 2>&1; echo "bench rc=$?"
grep -E "^\| (fp16|bf16) \| [0-9]+x[0-9]+x[0-9]+ \| 128x256" $OUT/bench3/results.md
timeout 200 compute-sanitizer --tool racecheck --error-exitcode 3 $C/tilec-gpu-samples-carry --quick $C/samples > $OUT/racecheck.log 2>&1; echo "racecheck rc=$?"; tail -3 $OUT/racecheck.log
cd $OUT && tar czf bench3.tgz bench3 && rm -rf bench3
date -u
