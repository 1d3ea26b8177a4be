#!/usr/bin/env bash
#===- bench/samples16_norms.sh - issue 16 items 1-2 on the GPU ------------===#
#
# RMS norm, layer norm backward and the fused cross-entropy
# (examples/rmsnorm.py, layernorm_bwd.py, cross_entropy.py).
#
# `bash bench/samples16_norms.sh prepare` (here, where tilec builds): builds
# the cubins (test/GPU/Norms.cmake), tilec-gpu-samples-norms-carry,
# libtilec.so (for tilec.jit) and tilec-jit-carry (the C++ JIT programs,
# jit-norms among them) and puts them in .carry/norms/ (the two big ones
# xz-compressed): carry `.carry/norms`.
#
# `bash bench/samples16_norms.sh run [check|bench|all]` (on the GPU machine,
# with Triton 3.6 and torch; $OUT the output folder):
#   check  1. tilec-gpu-samples-norms: the cubins against float64, fresh
#             random inputs, NaN-poisoned outputs, every driver call checked
#             (samples_norms.log); compute-sanitizer memcheck and racecheck
#             on its --quick run when the toolkit has it (sanitizer.log);
#          2. the C++ host program through the JIT (jit_norms.log);
#          3. the three examples' run_check() under Triton (triton.log);
#   bench  4. bench/bench_norms.py: tilec (tilec.jit), Triton on the same
#             source, torch eager and torch.compile, the copy bandwidth in
#             the same run (norms.md, norms.json, bench.log).
# `all` (the default) does both: about 8 minutes on an H200; run `check`
# and `bench` as two commands under a 10-minute limit. Every step runs;
# the exit status is non-zero if any failed.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
CARRY="$ROOT/.carry/norms"

case "${1:-}" in
prepare)
  set -e
  bash "$ROOT/scripts/build.sh" tilec-norms-cubins \
    tilec-gpu-samples-norms-carry tilec-capi tilec-jit-carry
  rm -rf "$CARRY" && mkdir -p "$CARRY/samples"
  for k in rmsnorm_fwd rmsnorm_bwd rmsnorm_bwd_dw layernorm_bwd \
           layernorm_bwd_lock layernorm_bwd_dwdb cross_entropy; do
    cp "$BUILD"/test/GPU/samples/${k}_kernel.* "$CARRY/samples/"
  done
  cp "$BUILD/bin/tilec-gpu-samples-norms-carry" "$CARRY/"
  xz -T2 -c "$BUILD/lib/libtilec.so.0.1.0" > "$CARRY/libtilec.so.xz"
  xz -T2 -c "$BUILD/bin/tilec-jit-carry" > "$CARRY/tilec-jit-carry.xz"
  git -C "$ROOT" rev-parse HEAD > "$CARRY/commit"
  du -sh "$CARRY"
  ;;
run)
  what="${2:-all}"
  : "${OUT:?set OUT to the output folder}"
  mkdir -p "$OUT"
  cd "$ROOT"
  status=0
  step() { # NAME LOG COMMAND...: runs, logs, records a failure
    local name=$1 log=$2
    shift 2
    "$@" > "$OUT/$log" 2>&1
    local rc=$?
    echo "$name rc=$rc" | tee -a "$OUT/$log"
    tail -3 "$OUT/$log"
    [[ $rc -eq 0 ]] || status=1
  }
  xz -dc "$CARRY/libtilec.so.xz" > /tmp/libtilec.so.0.1.0 &&
    chmod +x /tmp/libtilec.so.0.1.0
  export TILEC_LIBRARY=/tmp/libtilec.so.0.1.0
  export TILEC_CACHE_DIR=/tmp/tilec-cache-norms
  # ptxas for the JIT: the toolkit's, else the one Triton ships.
  if [[ ! -x /usr/local/cuda/bin/ptxas ]] && ! command -v ptxas > /dev/null; then
    TILEC_PTXAS="$(python3 -c 'import os, triton; print(os.path.join(os.path.dirname(triton.__file__), "backends/nvidia/bin/ptxas"))')"
    export TILEC_PTXAS
  fi
  if [[ $what == check || $what == all ]]; then
    step samples-norms samples_norms.log timeout 240 \
      "$CARRY/tilec-gpu-samples-norms-carry" "$CARRY/samples"
    san="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
    if [[ -x $san ]]; then
      : > "$OUT/sanitizer.log"
      for tool in memcheck racecheck; do
        echo "== $tool" >> "$OUT/sanitizer.log"
        timeout 150 "$san" --tool $tool --error-exitcode 9 \
          "$CARRY/tilec-gpu-samples-norms-carry" --quick "$CARRY/samples" \
          >> "$OUT/sanitizer.log" 2>&1
        rc=$?
        echo "$tool rc=$rc" | tee -a "$OUT/sanitizer.log"
        [[ $rc -eq 0 ]] || status=1
      done
    else
      echo "no compute-sanitizer: sanitizer runs skipped" | tee "$OUT/sanitizer.log"
    fi
    xz -dc "$CARRY/tilec-jit-carry.xz" > /tmp/tilec-jit-carry &&
      chmod +x /tmp/tilec-jit-carry
    step jit-norms jit_norms.log timeout 180 /tmp/tilec-jit-carry jit-norms \
      "$ROOT/examples"
    step triton-check triton.log timeout 180 python3 bench/check_triton.py \
      rmsnorm layernorm_bwd cross_entropy
  fi
  if [[ $what == bench || $what == all ]]; then
    step bench bench.log timeout 560 python3 bench/bench_norms.py "$OUT"
    cat "$OUT/norms.md" 2>/dev/null
  fi
  exit $status
  ;;
*)
  echo "usage: $0 prepare | run [check|bench|all]" >&2
  exit 2
  ;;
esac
