#!/bin/bash
# Runs Triton 3.6's tutorials and language tests through tilec on the H200
# (TILEC_AS_TRITON), beside plain Triton where asked. Third-party sources are
# carried, never committed: .carry/ttests holds python/test/conftest.py,
# python/test/unit/language/*.py and python/tutorials/*.py of Triton upstream
# commit 212600a2b (from triton-lang/Triton-to-tile-IR's history), made by
# bench/triton_tests/prepare.sh.
#   run.sh OUTDIR [tilec|triton] [PYTEST_SECONDS] [pytest selection args...]
set -u
cd "$(dirname "$0")/../.."
out=$1; mode=${2:-tilec}; secs=${3:-360}; shift 3 2>/dev/null || shift $#
mkdir -p "$out"
if [ ! -f /tmp/libtilec.so.0.1.0 ]; then
  xz -dc .carry/lib/libtilec.so.xz > /tmp/libtilec.so.0.1.0 && chmod +x /tmp/libtilec.so.0.1.0
fi
export TILEC_LIBRARY=/tmp/libtilec.so.0.1.0 TILEC_CACHE_DIR=/tmp/tilec-cache-tt
export PYTHONPATH=$PWD/python:$PWD/bench/triton_tests PYTHONUNBUFFERED=1
plugin=(-p triton36_compat); [ "$mode" = tilec ] && plugin+=(-p tilec_plugin)
sel=("$@"); [ ${#sel[@]} -eq 0 ] && sel=(unit/language)
( cd .carry/ttests && timeout -s INT "$secs" python3 -m pytest "${plugin[@]}" -n 14 \
    --timeout 120 -v --tb=line -p no:cacheprovider --junitxml="$out/junit-$mode.xml" \
    "${sel[@]}" > "$out/pytest-$mode.log" 2>&1; echo "pytest rc=$?" >> "$out/pytest-$mode.log" )
tail -5 "$out/pytest-$mode.log"
