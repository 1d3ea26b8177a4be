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
# 07-extern-functions names libdevice by its place in Triton's source tree
# (<tutorials>/../../third_party/nvidia/backend/lib/libdevice.10.bc): the
# carried tutorials get that path, linked to the copy the installed Triton
# ships (the same file), as plain Triton needs it too.
lib=.carry/third_party/nvidia/backend/lib
if [ ! -e "$lib/libdevice.10.bc" ]; then
  src=$(python3 -c 'import os, triton; print(os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "lib", "libdevice.10.bc"))')
  mkdir -p "$lib" && ln -sf "$src" "$lib/libdevice.10.bc"
fi
export TILEC_LIBRARY=/tmp/libtilec.so.0.1.0 TILEC_CACHE_DIR=/tmp/tilec-cache-tut
export PYTHONPATH=$PWD/python PYTHONUNBUFFERED=1 MPLBACKEND=Agg
for t in .carry/ttests/tutorials/*.py; do
  n=$(basename "$t" .py)
  ( cd "$out" && timeout "$secs" python3 -m tilec "$OLDPWD/$t" > "$n.log" 2>&1; echo "rc=$?" >> "$n.log" ) &
done
wait
for t in .carry/ttests/tutorials/*.py; do n=$(basename "$t" .py); echo "$n: $(tail -1 "$out/$n.log")"; done
