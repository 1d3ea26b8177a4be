#!/usr/bin/env bash
#===- scripts/test.sh - set up, build and run the whole test suite --------===#
#
# The README's test command and what CI runs: installs what is missing,
# builds, then runs every test through ctest (GoogleTest unit tests and the
# lit suite; GPU tests skip where no GPU answers).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"

bash "$ROOT/scripts/build.sh"
cd "$BUILD"
ctest --output-on-failure -j "${TILEC_JOBS:-$(nproc)}"
