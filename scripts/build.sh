#!/usr/bin/env bash
#===- scripts/build.sh - set up and build tilec ---------------------------===#
#
# Installs missing packages (scripts/setup.sh), configures with CMake+Ninja in
# build/ and builds everything. Extra arguments go to the build tool, e.g.
# `scripts/build.sh tilec`.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"

bash "$ROOT/scripts/setup.sh"

if [[ ! -f "$BUILD/build.ninja" ]]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release
fi
JOBS="${TILEC_JOBS:-$(nproc)}"
cmake --build "$BUILD" -j "$JOBS" -- "$@"
