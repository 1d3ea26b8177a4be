#!/usr/bin/env bash
#===- scripts/test_sanitize.sh - the suite under ASan and UBSan, and fuzzers ===#
#
# The second half of scripts/test.sh (docs/build.md, "Sanitizers and
# fuzzers"): configures build-san/ with clang-22, -DTILEC_SANITIZE=address,
# undefined and -DTILEC_FUZZ=ON, builds everything, runs the whole suite
# there (unit tests and lit; a sanitizer report fails the test that made
# it), then each fuzzer for TILEC_FUZZ_SECONDS seconds (default 60, 0 skips;
# fuzz/run.sh). TILEC_SAN_BUILD_DIR picks another folder.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SAN="${TILEC_SAN_BUILD_DIR:-$ROOT/build-san}"
JOBS="${TILEC_JOBS:-$(nproc)}"

bash "$ROOT/scripts/setup.sh"

t0=$(date +%s)
if [[ ! -f "$SAN/build.ninja" ]]; then
  cmake -G Ninja -S "$ROOT" -B "$SAN" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DTILEC_SANITIZE=address,undefined -DTILEC_FUZZ=ON \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG"
fi
cmake --build "$SAN" -j "$JOBS"
t1=$(date +%s)
# gpu-samples-host* run the samples' CPU references on a fake libcuda
# (test/GPU/FakeCuda.cpp): 4-7 minutes each under ASan, and the fake leaks
# its handles. They test the host programs, not tilec; build/ runs them.
(cd "$SAN" && ctest --output-on-failure -j "$JOBS" -E '^gpu-samples-host')
t2=$(date +%s)
bash "$ROOT/fuzz/run.sh" "$SAN"
t3=$(date +%s)
echo "test_sanitize: build $((t1 - t0))s, suite $((t2 - t1))s," \
  "fuzzers $((t3 - t2))s"
