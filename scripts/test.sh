#!/usr/bin/env bash
#===- scripts/test.sh - set up, build and run the whole test suite --------===#
#
# The README's test command and what CI runs: installs what is missing,
# builds, then runs every test through ctest (GoogleTest unit tests and the
# lit suite; GPU tests skip where no GPU answers). Then the same tests again
# in a second build under AddressSanitizer and UndefinedBehaviorSanitizer,
# and each fuzzer for a fixed number of inputs with a fixed seed
# (scripts/test_sanitize.sh; docs/build.md). TILEC_TEST_SANITIZE=0 skips that
# second half.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"

t0=$(date +%s)
bash "$ROOT/scripts/build.sh"
(cd "$BUILD" && ctest --output-on-failure -j "${TILEC_JOBS:-$(nproc)}")
t1=$(date +%s)
echo "test: build/ built and tested in $((t1 - t0))s"

if [[ "${TILEC_TEST_SANITIZE:-1}" != 0 ]]; then
  bash "$ROOT/scripts/test_sanitize.sh"
  echo "test: build-san/ built and tested, fuzzers run, in" \
    "$(($(date +%s) - t1))s"
fi
