#!/usr/bin/env bash
# Device run 1: correctness (samples, memcheck), SASS of the TMA kernel, runtime/JIT tests.
set -u
OUT=${OUT:?}
C=.carry
exec > >(tee $OUT/run1.log) 2>&1
date -u; cat $C/commit; nvidia-smi -L
echo "== smoke"; $C/tilec-gpu-smoke-carry | tail -3
echo "== samples"; time $C/tilec-gpu-samples-carry $C/samples > $OUT/samples.log 2>&1; echo "samples rc=$?"
grep -E "FAIL|matmul_tma|encodeTensorMap" $OUT/samples.log | head -40; tail -3 $OUT/samples.log
echo "== sass"
CUBIN=$(ls $C/samples/matmul_tma_kernel.fp16.*256*.cubin 2>/dev/null | head -1); echo "cubin: $CUBIN"
if command -v cuobjdump >/dev/null || [ -x /usr/local/cuda/bin/cuobjdump ]; then
  OBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
  $OBJ --dump-sass $CUBIN > $OUT/tma_sass.txt 2>&1
  for op in HGMMA UTMALDG UTMASTG SYNCS BAR WARPGROUP LDS STS; do echo "$op $(grep -c "$op" $OUT/tma_sass.txt)"; done
else echo "no cuobjdump"; fi
echo "== memcheck quick"
time timeout 240 compute-sanitizer --tool memcheck --error-exitcode 3 $C/tilec-gpu-samples-carry --quick $C/samples > $OUT/memcheck.log 2>&1; echo "memcheck rc=$?"; tail -3 $OUT/memcheck.log
echo "== runtime"
time TILEC_CARRY_DIR=$C/runtime timeout 200 bash scripts/gpu_check_runtime.sh run $OUT/runtime > $OUT/runtime.log 2>&1; echo "runtime rc=$?"
cat $OUT/runtime/jit_tma.log; grep -E "PASS|FAIL" $OUT/runtime/*.log | grep -c PASS; grep -h FAIL $OUT/runtime/*.log | head
cd $OUT && tar czf runtime.tgz runtime && rm -rf runtime
date -u
