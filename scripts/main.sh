#!/usr/bin/env bash
#===- scripts/main.sh - set up, build, compile (and run) every sample -----===#
#
# The README's main job: installs what is missing, builds tilec and the
# sample programs, compiles every kernel of every sample in examples/ with
# the signature the sample declares (its TILEC_SIGNATURES dict): prints the
# tile IR, then compiles each to a cubin and prints its resources. Where a
# GPU answers, it then runs the samples on it (tilec-gpu-samples: every
# sample against float64 references) and the JIT and AOT host examples.
# It also installs the Python package tilec into python3 (a tilec.pth:
# scripts/install_python.py; TILEC_INSTALL_PYTHON=0 skips it).
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"

bash "$ROOT/scripts/build.sh"
if [[ "${TILEC_INSTALL_PYTHON:-1}" != 0 ]]; then
  python3 "$ROOT/scripts/install_python.py"
fi
python3 "$ROOT/scripts/compile_examples.py" --tilec "$BUILD/bin/tilec" \
  --examples "$ROOT/examples" --out "$BUILD/examples-out" --print
python3 "$ROOT/scripts/compile_examples.py" --tilec "$BUILD/bin/tilec" \
  --examples "$ROOT/examples" --out "$BUILD/examples-out" --emit cubin

if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
  echo "=== a GPU answers: running the samples on it"
  "$BUILD/bin/tilec-gpu-samples" "$BUILD/test/GPU/samples"
  "$BUILD/bin/tilec-jit-softmax" "$ROOT/examples/softmax.py"
  "$BUILD/bin/tilec-jit-attention" "$ROOT/examples"
  "$BUILD/bin/tilec-gpu-jit-tma" "$ROOT/examples/matmul_tma.py"
  "$BUILD/bin/tilec-aot-softmax"
else
  echo "=== no GPU here: the samples were compiled, not run" \
    "(scripts/gpu_check.sh runs them on a GPU machine)"
fi
