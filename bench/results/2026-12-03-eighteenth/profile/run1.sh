#!/usr/bin/env bash
# Device run 1 (eighteenth): ncu on tilec's matmul_kernel (a77939a), Triton 3.6's on the same
# source and config, and tilec's TMA kernel, fp16 4096^3, 128x256x64 w8 s3.
# prof_triton.py sat in .carry/ beside this script.
set -u
OUT=${OUT:?}; R=$(pwd); C=$R/.carry
exec > >(tee $OUT/run1.log) 2>&1
date -u; cat $C/commit; nvidia-smi -L
NCU=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1 || echo /usr/local/cuda/bin/ncu)
echo "ncu=$NCU"
SECS="--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section SourceCounters --section LaunchStats --section ComputeWorkloadAnalysis"
H="$C/tilec-bench-host-carry --runs 3 --warmup 1 --matmul $C/matmul --matmul-shapes 4096x4096x4096"
timeout 200 $NCU --clock-control none -k regex:matmul_kernel --launch-skip 2 --launch-count 1 $SECS --import-source no -o $OUT/tilec $H --filter matmul_kernel.fp16 $C/samples > $OUT/tilec_run.log 2>&1; echo "tilec ncu rc=$?"; tail -3 $OUT/tilec_run.log
timeout 200 $NCU --clock-control none -k regex:matmul_tma_kernel --launch-skip 2 --launch-count 1 $SECS -o $OUT/tma $H --filter matmul_tma_kernel.fp16 $C/samples > $OUT/tma_run.log 2>&1; echo "tma ncu rc=$?"
timeout 200 $NCU --clock-control none -k regex:matmul_kernel --launch-skip 2 --launch-count 1 $SECS -o $OUT/triton python3 $C/prof_triton.py > $OUT/triton_run.log 2>&1; echo "triton ncu rc=$?"; tail -3 $OUT/triton_run.log
for r in tilec tma triton; do
  $NCU --import $OUT/$r.ncu-rep --print-details all > $OUT/$r.txt 2>&1
  $NCU --import $OUT/$r.ncu-rep --page source --csv --print-source sass > $OUT/${r}_src.csv 2>&1
done
cd $OUT && tar czf prof.tgz *.txt *_src.csv *_run.log *.ncu-rep && rm -f *_src.csv *.ncu-rep *_run.log
ls -la $OUT
date -u
