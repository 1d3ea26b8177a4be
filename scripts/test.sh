#!/usr/bin/env bash
#===- scripts/test.sh - set up, build and run the whole test suite --------===#
#
# The README's test command and what CI runs: installs what is missing,
# builds, then runs every test through ctest (GoogleTest unit tests and the
# lit suite; GPU tests skip where no GPU answers). Then the same suite again
# in a second build under AddressSanitizer and UndefinedBehaviorSanitizer,
# and each fuzzer for TILEC_FUZZ_SECONDS seconds (default 60; 0 skips them):
# scripts/test_sanitize.sh. TILEC_TEST_SANITIZE=0 skips that second half.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"

bash "$ROOT/scripts/build.sh"
(cd "$BUILD" && ctest --output-on-failure -j "${TILEC_JOBS:-$(nproc)}")

if [[ "${TILEC_TEST_SANITIZE:-1}" != 0 ]]; then
  bash "$ROOT/scripts/test_sanitize.sh"
fi
