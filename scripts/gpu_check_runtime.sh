#!/usr/bin/env bash
#===- scripts/gpu_check_runtime.sh - the JIT and AOT launcher on a GPU ----===#
#
# `scripts/gpu_check_runtime.sh prepare` (here, where tilec builds): builds
# tilec-jit-carry (the JIT programs with LLVM, MLIR, fmt and libstdc++
# linked statically, xz-compressed) and tilec-aot-softmax-carry into
# .carry/runtime/, with the kernel sources they compile.
# `scripts/gpu_check_runtime.sh run OUTDIR` (on the GPU machine, which has no
# LLVM and perhaps no ptxas): runs the JIT and autotuner GPU tests, the JIT
# and AOT softmax examples, the JIT attention forward and backward, and the
# benchmark (cold compile and warm cache hit as fresh processes, launch
# overhead), writing logs and JSON lines to OUTDIR.
#
#===----------------------------------------------------------------------===#
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
# TILEC_CARRY_DIR: where the carried files are, when the script itself is
# run from elsewhere.
CARRY="${TILEC_CARRY_DIR:-$ROOT/.carry/runtime}"
RUNS="${TILEC_BENCH_RUNS:-10}"

median() { # median of the numbers on stdin
  sort -g | awk '{v[NR] = $1} END {if (NR == 0) print "null";
    else if (NR % 2) print v[(NR + 1) / 2];
    else print (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
field() { # field NAME < jsonl: the numeric values of "NAME": in each line
  sed -n "s/.*\"$1\": \([0-9.eE+-]*\).*/\1/p"
}

case "${1:-}" in
prepare)
  bash "$ROOT/scripts/build.sh" tilec-jit-carry tilec-aot-softmax-carry
  rm -rf "$CARRY" && mkdir -p "$CARRY"
  # 45 MB stripped; xz brings it to about 11 MB under the upload limit.
  xz -T0 -6 -c "$BUILD/bin/tilec-jit-carry" > "$CARRY/tilec-jit-carry.xz"
  cp "$BUILD/bin/tilec-aot-softmax-carry" "$CARRY/"
  cp "$ROOT/examples/softmax.py" "$ROOT/examples/vector_add.py" \
    "$ROOT/examples/matmul_autotune.py" "$ROOT/examples/matmul_tma.py" \
    "$ROOT/examples/attention.py" "$CARRY/"
  git -C "$ROOT" rev-parse HEAD > "$CARRY/commit"
  ls -la "$CARRY"
  du -sh "$CARRY"
  ;;
run)
  OUTDIR="${2:?usage: gpu_check_runtime.sh run OUTDIR}"
  mkdir -p "$OUTDIR"
  OUTDIR="$(cd "$OUTDIR" && pwd)"
  BIN="$(mktemp -d)"
  if command -v xz >/dev/null; then
    xz -dc "$CARRY/tilec-jit-carry.xz" > "$BIN/tilec-jit-carry"
  else
    python3 -c 'import lzma, sys; sys.stdout.buffer.write(lzma.open(sys.argv[1]).read())' \
      "$CARRY/tilec-jit-carry.xz" > "$BIN/tilec-jit-carry"
  fi
  chmod +x "$BIN/tilec-jit-carry"
  JIT="$BIN/tilec-jit-carry"
  status=0
  nvidia-smi -L | tee "$OUTDIR/device.txt" || true
  # The JIT finds ptxas itself ($TILEC_PTXAS, /usr/local/cuda/bin/ptxas,
  # $PATH); without one it loads PTX through the driver and says so.
  {
    echo "commit: $(cat "$CARRY/commit")"
    for p in "${TILEC_PTXAS:-}" /usr/local/cuda/bin/ptxas "$(command -v ptxas || true)"; do
      [[ -n "$p" && -x "$p" ]] && { echo "ptxas: $p"; "$p" --version | tail -1; break; }
    done
  } | tee "$OUTDIR/toolchain.txt"

  # A cache of this run's own, so the first compile is a real miss.
  export TILEC_CACHE_DIR="$BIN/cache"
  "$JIT" jit-launch "$CARRY/vector_add.py" 2>&1 | tee "$OUTDIR/jit_launch.log" || status=1
  "$JIT" autotune "$CARRY/matmul_autotune.py" 2>&1 | tee "$OUTDIR/autotune.log" || status=1
  "$JIT" jit-tma "$CARRY/matmul_tma.py" 2>&1 | tee "$OUTDIR/jit_tma.log" || status=1
  "$JIT" jit-softmax "$CARRY/softmax.py" 2>&1 | tee "$OUTDIR/jit_softmax.log" || status=1
  "$JIT" jit-attention "$CARRY" 2>&1 | tee "$OUTDIR/jit_attention.log" || status=1
  "$CARRY/tilec-aot-softmax-carry" 2>&1 | tee "$OUTDIR/aot_softmax.log" || status=1

  # Fresh processes: cold compile (no cache) and warm disk hits; the process
  # wall time (exec to exit, static initializers included) beside the
  # in-process figure.
  : > "$OUTDIR/bench_cold.jsonl"
  : > "$OUTDIR/bench_warm.jsonl"
  WARM="$BIN/warm-cache"
  "$JIT" jit-bench warm "$CARRY/softmax.py" --cache-dir "$WARM" > /dev/null || status=1
  for i in $(seq "$RUNS"); do
    for mode in cold warm; do
      t0=$(date +%s%N)
      # CUDA_CACHE_DISABLE: a cold run must not hit the driver's own cache
      # of JIT-compiled PTX (~/.nv/ComputeCache) either.
      line=$(CUDA_CACHE_DISABLE=$([[ $mode == cold ]] && echo 1 || echo 0) \
        "$JIT" jit-bench "$mode" "$CARRY/softmax.py" --breakdown --cache-dir "$WARM") || status=1
      t1=$(date +%s%N)
      ms=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.3f", (b - a) / 1e6}')
      echo "${line%\}}, \"process_ms\": $ms}" >> "$OUTDIR/bench_$mode.jsonl"
    done
  done
  # Cold with the driver's PTX JIT instead of ptxas, for comparison.
  : > "$OUTDIR/bench_cold_no_ptxas.jsonl"
  for i in $(seq "$RUNS"); do
    CUDA_CACHE_DISABLE=1 "$JIT" jit-bench cold "$CARRY/softmax.py" --breakdown --no-ptxas \
      >> "$OUTDIR/bench_cold_no_ptxas.jsonl" || status=1
  done
  : > "$OUTDIR/bench_launch.jsonl"
  for i in 1 2 3; do
    "$JIT" jit-bench launch "$CARRY/vector_add.py" >> "$OUTDIR/bench_launch.jsonl" || status=1
  done
  {
    echo "{"
    echo "  \"cold_total_ms_median\": $(field total_ms < "$OUTDIR/bench_cold.jsonl" | median),"
    echo "  \"cold_process_ms_median\": $(field process_ms < "$OUTDIR/bench_cold.jsonl" | median),"
    echo "  \"cold_no_ptxas_total_ms_median\": $(field total_ms < "$OUTDIR/bench_cold_no_ptxas.jsonl" | median),"
    echo "  \"warm_total_ms_median\": $(field total_ms < "$OUTDIR/bench_warm.jsonl" | median),"
    echo "  \"warm_process_ms_median\": $(field process_ms < "$OUTDIR/bench_warm.jsonl" | median),"
    echo "  \"jit_launch_us_median\": $(field jit_launch_us_median < "$OUTDIR/bench_launch.jsonl" | median),"
    echo "  \"runtime_launch_us_median\": $(field runtime_launch_us_median < "$OUTDIR/bench_launch.jsonl" | median),"
    echo "  \"bare_cuLaunchKernel_us_median\": $(field bare_cuLaunchKernel_us_median < "$OUTDIR/bench_launch.jsonl" | median),"
    echo "  \"runs\": $RUNS"
    echo "}"
  } | tee "$OUTDIR/bench_summary.json"
  rm -rf "$BIN"
  exit $status
  ;;
*)
  echo "usage: gpu_check_runtime.sh prepare | run OUTDIR" >&2
  exit 2
  ;;
esac
