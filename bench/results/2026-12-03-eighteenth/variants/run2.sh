#!/usr/bin/env bash
# Device run 2 (eighteenth). Variants of examples/matmul.py's matmul_kernel at 128x256x64 w8 s3:
#   mm_v0      a77939a (before this session)
#   mm_lsr     + cp.async ignore-src predicate, one-base shared offsets (commit 1134c59 minus (c))
#   mm_v3      + wgmma descriptors on the uniform datapath (1134c59)
#   mm_v3nolsr mm_v3 compiled with llc -disable-lsr
#   matmul     + stmatrix epilogue (HEAD, the carry's commit)
set -u
OUT=${OUT:?}; R=$(pwd); C=$R/.carry
exec > >(tee $OUT/run2.log) 2>&1
date -u; cat $C/commit; nvidia-smi -L
echo "== samples"; $C/tilec-gpu-samples-carry $C/samples > $OUT/samples.log 2>&1; echo "samples rc=$?"
grep -E "FAIL" $OUT/samples.log | head; tail -1 $OUT/samples.log
mkdir -p $OUT/sass
for v in mm_v0 mm_lsr mm_v3 mm_v3nolsr matmul; do
  cuobjdump --dump-sass $C/$v/matmul_kernel.fp16.b128x256x64.g8.w8.s3.cubin > $OUT/sass/$v.sass
  python3 - $OUT/sass/$v.sass <<'PY'
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
        print(sys.argv[1].split('/')[-1], "loop", len(body), "LDGSTS", c(body,'LDGSTS'), "SEL", c(body,' SEL '), "ISETP", c(body,'ISETP'), "PLOP3", c(body,'PLOP3'), "R2UR", c(body,'R2UR'), "| after loop", len(after), "STSM", c(after,'STSM'), "STS", c(after,'STS '), "LDS", c(after,'LDS'))
PY
done
for pass in 1 2; do
for v in mm_v0 mm_lsr mm_v3 mm_v3nolsr matmul; do
  timeout 120 $C/tilec-bench-host-carry --filter matmul_kernel --matmul $C/$v --matmul-shapes 4096x4096x4096,8192x8192x8192 $C/samples 2>&1 | python3 -c "
import sys,json
for l in sys.stdin:
    if l.startswith('{') and 'tflops' in l:
        d=json.loads(l); print('pass $pass', '$v', d.get('id'), round(d.get('tflops',0),1), d.get('correct'))
    elif not l.startswith('{') and l.strip(): print(l.rstrip())"
done
done
echo "== bench"
timeout 200 python3 $R/bench/run_bench.py --carry $C --out $OUT/bench --filter matmul_ --no-triton-sweep > $OUT/bench.log 2>&1; echo "bench rc=$?"
grep -E "^\| (fp16|bf16) \| [0-9]+x" $OUT/bench/results.md | tail -12
echo "== memcheck quick"
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 3 $C/tilec-gpu-samples-carry --quick $C/samples > $OUT/memcheck.log 2>&1; echo "memcheck rc=$?"; tail -2 $OUT/memcheck.log
cd $OUT && tar czf bench.tgz bench sass && rm -rf bench sass
date -u
