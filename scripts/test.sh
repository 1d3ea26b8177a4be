#!/usr/bin/env bash
#===- scripts/test.sh - set up, build and run the whole test suite --------===#
#
# The README's test command and what CI runs: installs what is missing,
# builds, then runs every test through ctest (GoogleTest unit tests and the
# lit suite; GPU tests skip where no GPU answers). With TILEC_TEST_SANITIZE=1,
# then the same suite again in a second build under AddressSanitizer and
# UndefinedBehaviorSanitizer, and each fuzzer for TILEC_FUZZ_SECONDS seconds
# (default 60): scripts/test_sanitize.sh. It is off by default until that
# suite has passed whole on this tree (docs/build.md).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"

bash "$ROOT/scripts/build.sh"
(cd "$BUILD" && ctest --output-on-failure -j "${TILEC_JOBS:-$(nproc)}")

if [[ "${TILEC_TEST_SANITIZE:-0}" != 0 ]]; then
  bash "$ROOT/scripts/test_sanitize.sh"
fi
