#!/usr/bin/env bash
# Device run 5 (sixteenth): the final code: samples, SASS, memcheck, runtime/JIT (jit-tma with the register-path kernel), matmul benchmark.
set -u
OUT=${OUT:?}
R=$(pwd); C=$R/.carry
exec > >(tee $OUT/run5.log) 2>&1
date -u; cat $C/commit; nvidia-smi -L
echo "== samples"; $C/tilec-gpu-samples-carry $C/samples > $OUT/samples.log 2>&1; echo "samples rc=$?"
grep -E "FAIL" $OUT/samples.log | head; tail -1 $OUT/samples.log
echo "== sass"
OBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
$OBJ --dump-sass $C/samples/matmul_tma_kernel.fp16.b128x256x64.w8.cubin > $OUT/tma_sass.txt 2>&1
for op in HGMMA UTMALDG UTMASTG SYNCS BAR; do echo "$op $(grep -c "$op" $OUT/tma_sass.txt)"; done
echo "== memcheck quick"
timeout 240 compute-sanitizer --tool memcheck --error-exitcode 3 $C/tilec-gpu-samples-carry --quick $C/samples > $OUT/memcheck.log 2>&1; echo "memcheck rc=$?"; tail -2 $OUT/memcheck.log
echo "== runtime"
TILEC_CARRY_DIR=$C/runtime timeout 200 bash $R/scripts/gpu_check_runtime.sh run $OUT/runtime > $OUT/runtime.log 2>&1; echo "runtime rc=$?"
cat $OUT/runtime/jit_tma.log; grep -h -E "^(PASS|FAIL)" $OUT/runtime/*.log | cut -c1-4 | sort | uniq -c
echo "== bench"
timeout 200 python3 $R/bench/run_bench.py --carry $C --out $OUT/bench --filter matmul_ --no-triton-sweep > $OUT/bench.log 2>&1; echo "bench rc=$?"
grep -E "^\| (fp16|bf16) \| [0-9]+x" $OUT/bench/results.md | tail -10
cd $OUT && tar czf runtime.tgz runtime && rm -rf runtime && tar czf bench.tgz bench && rm -rf bench
date -u
