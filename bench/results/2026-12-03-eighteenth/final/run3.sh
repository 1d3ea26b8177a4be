#!/usr/bin/env bash
# Device run 3 (eighteenth): the final code (the carry's commit): samples, SASS, two matmul
# benchmark passes (tilec pointer and TMA kernels against Triton 3.6 on the same sources, cuBLAS),
# memcheck on the quick samples, the runtime/JIT checks.
set -u
OUT=${OUT:?}; R=$(pwd); C=$R/.carry
exec > >(tee $OUT/run3.log) 2>&1
date -u; cat $C/commit; nvidia-smi -L
echo "== samples"; $C/tilec-gpu-samples-carry $C/samples > $OUT/samples.log 2>&1; echo "samples rc=$?"
grep -E "FAIL" $OUT/samples.log | head; tail -1 $OUT/samples.log
mkdir -p $OUT/sass
for k in matmul_kernel matmul_tma_kernel; do
  cuobjdump --dump-sass $C/matmul/$k.fp16.b128x256x64.g8.w8.s3.cubin > $OUT/sass/$k.sass
  python3 - $OUT/sass/$k.sass <<'PY'
import re,sys
lines=[l for l in open(sys.argv[1]) if re.match(r'\s+/\*[0-9a-f]{4}\*/',l)]
addr=lambda l:int(re.match(r'\s+/\*([0-9a-f]{4})\*/',l).group(1),16)
for l in lines:
    m=re.search(r'BRA (0x[0-9a-f]+)',l)
    if m and int(m.group(1),16)<addr(l):
        s,e=int(m.group(1),16),addr(l)
        body=[x for x in lines if s<=addr(x)<=e]
        after=[x for x in lines if addr(x)>e]
        c=lambda L,k:sum(k in x for x in L)
        print(sys.argv[1].split('/')[-1], "loop", len(body), "LDGSTS", c(body,'LDGSTS'), "HGMMA", c(body,'HGMMA'), "SEL", c(body,' SEL '), "R2UR", c(body,'R2UR'), "| after loop", len(after), "STSM", c(after,'STSM'), "STS", c(after,'STS '), "LDS", c(after,'LDS'))
PY
done
for pass in 1 2; do
  echo "== bench pass $pass"
  timeout 200 python3 $R/bench/run_bench.py --carry $C --out $OUT/bench$pass --filter matmul_ --no-triton-sweep > $OUT/bench$pass.log 2>&1; echo "bench rc=$?"
  grep -E "^\| (fp16|bf16) \| [0-9]+x" $OUT/bench$pass/results.md | grep -v TMA | head -10
done
echo "== memcheck quick"
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 $C/tilec-gpu-samples-carry --quick $C/samples > $OUT/memcheck.log 2>&1; echo "memcheck rc=$?"; tail -2 $OUT/memcheck.log
echo "== runtime"
TILEC_CARRY_DIR=$C/runtime timeout 150 bash $R/scripts/gpu_check_runtime.sh run $OUT/runtime > $OUT/runtime.log 2>&1; echo "runtime rc=$?"
grep -h -E "^(PASS|FAIL)" $OUT/runtime/*.log | cut -c1-4 | sort | uniq -c
cd $OUT && tar czf bench.tgz bench1 bench2 sass runtime && rm -rf bench1 bench2 sass runtime
date -u
