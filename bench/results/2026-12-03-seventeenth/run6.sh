#!/usr/bin/env bash
# Device run 6 (seventeenth): samples with the sm_90 TMA variant; memcheck and racecheck on --quick.
set -u
OUT=${OUT:?}
C=$(pwd)/.carry
exec > >(tee $OUT/run6.log) 2>&1
date -u; cat $C/commit
$C/tilec-gpu-samples-carry $C/samples > $OUT/samples.log 2>&1; echo "samples rc=$?"
grep -E "FAIL|sm90" $OUT/samples.log | head -20; tail -1 $OUT/samples.log
for tool in memcheck racecheck; do
timeout 240 compute-sanitizer --tool $tool --error-exitcode 3 $C/tilec-gpu-samples-carry --quick $C/samples > $OUT/$tool.log 2>&1; echo "$tool rc=$?"; grep -c sm90 $OUT/$tool.log; tail -2 $OUT/$tool.log
done
date -u
