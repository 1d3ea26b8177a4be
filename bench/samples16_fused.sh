#!/bin/bash
# Issue 16 items 3-5 on the GPU machine: the fused samples (AdamW, W4A16,
# dropout) through tilec's Python JIT beside Triton and torch, correctness
# and speed, then the C++ programs (cubins compiled here at build time,
# float64 references; the JIT host). Results under $OUT.
#
# Carry (bench/samples16_fused_prepare.sh [--jit] makes it):
#   .carry/lib/libtilec.so.xz    xz of build/lib/libtilec.so (target tilec-capi)
#   .carry/fused/                tilec-gpu-samples-fused-carry and the
#                                samples_fused/ cubins from build/test/GPU
#   .carry/jit-carry.xz          optional: tilec-jit-carry (jit-fused)
# Usage: bash bench/samples16_fused.sh [part...]   (parts: cpp dropout
#   adamw w4a16 (checks and the two smaller shapes) w4a16b (the two larger
#   shapes); default all; each part is meant to stay under 10 minutes)
set -u
cd "$(dirname "$0")/.."
: "${OUT:=bench/results/samples-fused}"
mkdir -p "$OUT"
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(cpp dropout adamw w4a16 w4a16b)
if [ -f .carry/lib/libtilec.so.xz ]; then
  xz -dc .carry/lib/libtilec.so.xz > /tmp/libtilec.so.0.1.0
  chmod +x /tmp/libtilec.so.0.1.0
  export TILEC_LIBRARY=/tmp/libtilec.so.0.1.0
fi
export TILEC_CACHE_DIR=/tmp/tilec-cache
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem \
  --format=csv > "$OUT/gpu.txt" 2>&1
status=0
for part in "${parts[@]}"; do
  case $part in
    cpp)
      if [ -x .carry/fused/tilec-gpu-samples-fused-carry ]; then
        .carry/fused/tilec-gpu-samples-fused-carry .carry/fused/samples \
          > "$OUT/cpp_samples_fused.log" 2>&1
        echo "cpp samples rc=$?" | tee -a "$OUT/cpp_samples_fused.log"
        tail -2 "$OUT/cpp_samples_fused.log"
      fi
      if [ -f .carry/jit-carry.xz ]; then
        xz -dc .carry/jit-carry.xz > /tmp/tilec-jit-carry
        chmod +x /tmp/tilec-jit-carry
        /tmp/tilec-jit-carry jit-fused examples > "$OUT/jit_fused.log" 2>&1
        echo "jit-fused rc=$?" | tee -a "$OUT/jit_fused.log"
      fi
      ;;
    dropout|adamw|w4a16|w4a16b)
      mkdir -p "$OUT/$part"
      case $part in
        w4a16) extra=(--only w4a16 --shapes 0,1) ;;
        w4a16b) extra=(--only w4a16 --shapes 2,3 --no-checks) ;;
        *) extra=(--only "$part") ;;
      esac
      timeout 590 python3 bench/samples_fused.py "$OUT/$part" "${extra[@]}" \
        > "$OUT/$part/stdout.log" 2>&1
      rc=$?
      echo "$part rc=$rc"
      [ $rc -ne 0 ] && status=1
      grep -E "^(FAIL|ERROR)" "$OUT/$part/stdout.log" | head -20
      cat "$OUT/$part/samples_fused.md" 2>/dev/null
      ;;
    *) echo "unknown part $part"; status=2 ;;
  esac
done
exit $status
