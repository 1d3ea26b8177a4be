#!/usr/bin/env bash
#===- scripts/test_sanitize.sh - the suite under ASan and UBSan, and fuzzers ===#
#
# The second half of scripts/test.sh (docs/build.md, "Sanitizers and
# fuzzers"): configures build-san/ with clang-22, -DTILEC_SANITIZE=address,
# undefined and -DTILEC_FUZZ=ON, builds, runs the suite there (a sanitizer
# report fails the test that made it), then each fuzzer for a bounded number
# of runs (fuzz/run.sh; TILEC_FUZZ_SECONDS=0 skips them).
#
# By default (what scripts/test.sh, so CI, runs) it builds only what tilec's
# own tests need, tilec, tilec-opt, the unit tests and the fuzzers, and runs
# lit and every unit test: the GPU programs (ctest's gpu-*) skip without a
# GPU, and the fake-driver runs of the samples' host programs, which test
# those programs rather than tilec, run in build/. With --all it builds
# everything and runs the whole suite, those included. TILEC_SAN_BUILD_DIR
# picks another folder.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SAN="${TILEC_SAN_BUILD_DIR:-$ROOT/build-san}"
JOBS="${TILEC_JOBS:-$(nproc)}"
ALL=0
for arg in "$@"; do
  case "$arg" in
    --all) ALL=1 ;;
    *)
      echo "usage: scripts/test_sanitize.sh [--all]" >&2
      exit 2
      ;;
  esac
done

bash "$ROOT/scripts/setup.sh"

t0=$(date +%s)
if [[ ! -f "$SAN/build.ninja" ]]; then
  cmake -G Ninja -S "$ROOT" -B "$SAN" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DTILEC_SANITIZE=address,undefined -DTILEC_FUZZ=ON \
    -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG"
fi
if [[ $ALL == 1 ]]; then
  cmake --build "$SAN" -j "$JOBS"
  # (libtilec.so and its tests, capi-exports and python-tilec, are not
  # part of a sanitizer build: lib/CAPI/CMakeLists.txt.)
  select=()
else
  cmake --build "$SAN" -j "$JOBS" --target tilec tilec-opt tilec-unittests \
    tilec-fuzzers
  select=(-E '^gpu-')
fi
t1=$(date +%s)
(cd "$SAN" && ctest --output-on-failure -j "$JOBS" "${select[@]}")
t2=$(date +%s)
bash "$ROOT/fuzz/run.sh" "$SAN"
t3=$(date +%s)
echo "test_sanitize: build $((t1 - t0))s, suite $((t2 - t1))s," \
  "fuzzers $((t3 - t2))s"
