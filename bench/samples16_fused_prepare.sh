#!/bin/bash
# Prepares .carry/ for bench/samples16_fused.sh (issue 16 items 3-5), on the
# build machine, from this tree:
#   .carry/lib/libtilec.so.xz           tilec.jit's library (target tilec-capi)
#   .carry/fused/tilec-gpu-samples-fused-carry and .carry/fused/samples/
#                                       the C++ checks and their cubins
#   .carry/jit-carry.xz                 tilec-jit-carry (the JIT hosts, with
#                                       jit-fused), only with --jit (a long link)
# Then on the H200 (device tool, carry [".carry"]):
#   bash bench/samples16_fused.sh            # cpp, dropout, adamw, w4a16
# or one part per call (each under 10 minutes): ... samples16_fused.sh w4a16
set -eu
cd "$(dirname "$0")/.."
targets=(tilec-capi tilec-gpu-samples-fused-carry)
[ "${1:-}" = "--jit" ] && targets+=(tilec-jit-carry)
TILEC_JOBS=${TILEC_JOBS:-2} bash scripts/build.sh "${targets[@]}"
mkdir -p .carry/lib .carry/fused/samples
xz -T2 -c build/lib/libtilec.so > .carry/lib/libtilec.so.xz
cp build/bin/tilec-gpu-samples-fused-carry .carry/fused/
cp build/test/GPU/samples/dropout_* build/test/GPU/samples/adamw_* \
   build/test/GPU/samples/w4a16_* .carry/fused/samples/
if [ "${1:-}" = "--jit" ]; then
  xz -T2 -c build/bin/tilec-jit-carry > .carry/jit-carry.xz
fi
du -sh .carry/lib .carry/fused ${1:+.carry/jit-carry.xz}
