#!/usr/bin/env bash
# Device run 4 (eighteenth): ncu on the final pointer kernel (the carry's commit), fp16 4096^3, as run 1.
set -u
OUT=${OUT:?}; R=$(pwd); C=$R/.carry
exec > >(tee $OUT/run4.log) 2>&1
date -u; cat $C/commit; nvidia-smi -L
SECS="--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section SourceCounters"
H="$C/tilec-bench-host-carry --runs 3 --warmup 1 --matmul $C/matmul --matmul-shapes 4096x4096x4096"
timeout 200 ncu --clock-control none -k regex:matmul_kernel --launch-skip 2 --launch-count 1 $SECS --import-source no -o $OUT/final $H --filter matmul_kernel.fp16 $C/samples > $OUT/final_run.log 2>&1; echo "ncu rc=$?"; tail -2 $OUT/final_run.log
ncu --import $OUT/final.ncu-rep --print-details all > $OUT/final.txt 2>&1
ncu --import $OUT/final.ncu-rep --page source --csv --print-source sass > $OUT/final_src.csv 2>&1
cd $OUT && python3 $C/stalls.py final | head -30
grep -E "^\s+(Elapsed Cycles|Compute \(SM\) Throughput|Issue Slots Busy|No Eligible|Warp Cycles Per Issued)" final.txt
grep -E "^\s+Stall " final.txt | head -12
tar czf prof.tgz final.txt final_src.csv final_run.log final.ncu-rep && rm -f final_src.csv final.ncu-rep final_run.log
date -u
