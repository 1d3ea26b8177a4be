#!/bin/bash
#===- bench/triton_tests/tutorials_beside.sh - tutorials, tilec and Triton -===#
#
# Triton's tutorials (carried in .carry/ttests/tutorials) run unchanged twice,
# one after the other and alone on the GPU: through tilec (`python3 -m
# tilec`, every @triton.jit kernel launched by tilec) into OUTDIR/tilec/, then
# under Triton (`python3`) into OUTDIR/triton/; then tutorials_compare.py
# puts the tables they print side by side (OUTDIR/tutorials.md).
#   tutorials_beside.sh OUTDIR SECONDS NAME...
# NAME is a tutorial's file name without .py (01-vector-add, ...); SECONDS
# bounds each of the two runs of each tutorial.
#
#===----------------------------------------------------------------------===#
set -u
cd "$(dirname "$0")/../.."
out=$1; secs=$2; shift 2
mkdir -p "$out/tilec" "$out/triton"
if [ ! -f /tmp/libtilec.so.0.1.0 ]; then
  xz -dc .carry/lib/libtilec.so.xz > /tmp/libtilec.so.0.1.0 && chmod +x /tmp/libtilec.so.0.1.0
fi
export TILEC_LIBRARY=/tmp/libtilec.so.0.1.0 TILEC_CACHE_DIR=/tmp/tilec-cache-tut
export PYTHONUNBUFFERED=1 MPLBACKEND=Agg
for n in "$@"; do
  t=$PWD/.carry/ttests/tutorials/$n.py
  ( cd "$out/tilec" && PYTHONPATH=$OLDPWD/python timeout "$secs" python3 -m tilec "$t" > "$n.log" 2>&1; echo "rc=$?" >> "$n.log" )
  ( cd "$out/triton" && timeout "$secs" python3 "$t" > "$n.log" 2>&1; echo "rc=$?" >> "$n.log" )
  echo "$n: tilec $(tail -1 "$out/tilec/$n.log"), Triton $(tail -1 "$out/triton/$n.log")"
done
python3 bench/triton_tests/tutorials_compare.py "$out"
