#!/bin/bash
# Runs Triton's tutorials (carried in .carry/ttests/tutorials) unchanged
# through tilec (python3 -m tilec), each under a time limit, logs in OUTDIR.
#   tutorials.sh OUTDIR [SECONDS]
set -u
cd "$(dirname "$0")/../.."
out=$1; secs=${2:-150}
mkdir -p "$out"
if [ ! -f /tmp/libtilec.so.0.1.0 ]; then
  xz -dc .carry/lib/libtilec.so.xz > /tmp/libtilec.so.0.1.0 && chmod +x /tmp/libtilec.so.0.1.0
fi
export TILEC_LIBRARY=/tmp/libtilec.so.0.1.0 TILEC_CACHE_DIR=/tmp/tilec-cache-tut
export PYTHONPATH=$PWD/python PYTHONUNBUFFERED=1 MPLBACKEND=Agg
for t in .carry/ttests/tutorials/*.py; do
  n=$(basename "$t" .py)
  ( cd "$out" && timeout "$secs" python3 -m tilec "$OLDPWD/$t" > "$n.log" 2>&1; echo "rc=$?" >> "$n.log" ) &
done
wait
for t in .carry/ttests/tutorials/*.py; do n=$(basename "$t" .py); echo "$n: $(tail -1 "$out/$n.log")"; done
