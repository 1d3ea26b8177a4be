#!/usr/bin/env bash
#===- scripts/main.sh - set up, build, compile (and run) every sample -----===#
#
# The README's main job: installs what is missing, builds tilec, then
# compiles every kernel of every sample in examples/ with the signature the
# sample declares (its TILEC_SIGNATURES dict) and prints what it produced.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"

bash "$ROOT/scripts/build.sh" tilec
python3 "$ROOT/scripts/compile_examples.py" --tilec "$BUILD/bin/tilec" \
  --examples "$ROOT/examples" --out "$BUILD/examples-out" --print
