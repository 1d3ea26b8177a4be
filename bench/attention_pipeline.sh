#!/usr/bin/env bash
#===- bench/attention_pipeline.sh - attention under tilec beside Triton ---===#
#
# `bash bench/attention_pipeline.sh prepare` (here, where tilec builds):
# builds tilec and compiles examples/attention.py's attn_fwd_kernel to
# cubins in .carry/attention/: fp16 and bf16, head dim 64 and 128, causal
# and not, BLOCK_M 128, BLOCK_N 64, 8 warps, num_stages 2 and 3 (the
# signature of the sample's TILEC_SIGNATURES entry otherwise), each with its
# ptxas resources in manifest.json, and the commit in .carry/attention/commit.
#
# `bash bench/attention_pipeline.sh run OUTDIR [ARGS]` (on the GPU machine,
# .carry carried; needs torch and, for the Triton column, Triton 3.6):
# bench/attention_pipeline.py checks every cubin against float64 on ragged
# shapes, then times it beside Triton on the same source and config and
# torch SDPA (ARGS go to it, e.g. --n-ctx 1024 4096 16384). Then
# compute-sanitizer racecheck and synccheck on one fp16 D=64 causal cubin,
# on small ragged shapes, and, when `scripts/gpu_check.sh prepare` has put
# tilec-gpu-samples-carry in .carry (its samples include attention, fp16 and
# bf16, D 64 and 128, causal and not), synccheck on its --quick cases
# (gpu_check.sh runs memcheck and racecheck on them). Writes
# OUTDIR/attention.{md,json} and OUTDIR/attention_pipeline.log.
#
#===----------------------------------------------------------------------===#
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${TILEC_BUILD_DIR:-$ROOT/build}"
CARRY="$ROOT/.carry/attention"

case "${1:-}" in
prepare)
  set -e
  bash "$ROOT/scripts/build.sh" tilec
  rm -rf "$CARRY" && mkdir -p "$CARRY"
  entries=()
  for dt in fp16 bf16; do
    for d in 64 128; do
      for causal in 0 1; do
        for stages in 2 3; do
          p="*$dt:16"
          s="i32:16, i32:16, i32:16, i32:1"
          sig="$p, $p, $p, $p, *fp32:16, fp32, $s, $s, $s, $s, i32, i32, $d, 128, 64, $causal"
          name="attn_fwd_kernel.$dt.d$d.c$causal.s$stages"
          res="$("$BUILD/bin/tilec" "$ROOT/examples/attention.py" \
            -k attn_fwd_kernel -s "$sig" --num-warps 8 --num-stages "$stages" \
            --arch=sm_90a --emit=cubin --no-cache --print-resources \
            -o "$CARRY/$name.cubin" 2>&1)"
          echo "$name: $res"
          regs="$(sed -n 's/.*: \([0-9]*\) registers.*/\1/p' <<<"$res")"
          dyn="$(sed -n 's/.* \([0-9]*\) bytes dynamic shared memory.*/\1/p' <<<"$res")"
          entries+=("{\"name\": \"$name\", \"cubin\": \"$name.cubin\", \"dtype\": \"$dt\", \"head_dim\": $d, \"causal\": $causal, \"num_stages\": $stages, \"block_m\": 128, \"block_n\": 64, \"num_warps\": 8, \"registers\": ${regs:-null}, \"dynamic_shared\": ${dyn:-0}, \"signature\": \"$sig\"}")
        done
      done
    done
  done
  (IFS=,; echo "[${entries[*]}]") | python3 -m json.tool > "$CARRY/manifest.json"
  commit="$(git -C "$ROOT" rev-parse HEAD)"
  git -C "$ROOT" diff --quiet HEAD -- || commit="$commit (uncommitted changes)"
  echo "$commit" > "$CARRY/commit"
  ls -la "$CARRY"
  ;;
run)
  OUTDIR="${2:?usage: attention_pipeline.sh run OUTDIR [ARGS]}"
  mkdir -p "$OUTDIR"
  LOG="$OUTDIR/attention_pipeline.log"
  export PYTHONUNBUFFERED=1
  status=0
  echo "== commit $(cat "$CARRY/commit" 2>/dev/null)" | tee "$LOG"
  nvidia-smi -L 2>&1 | tee -a "$LOG"
  python3 "$ROOT/bench/attention_pipeline.py" --carry "$CARRY" \
    --out "$OUTDIR" "${@:3}" 2>&1 | tee -a "$LOG" || status=1
  if command -v compute-sanitizer >/dev/null; then
    for tool in racecheck synccheck; do
      echo "== compute-sanitizer --tool $tool" | tee -a "$LOG"
      timeout 300 compute-sanitizer --tool "$tool" --error-exitcode 3 \
        python3 "$ROOT/bench/attention_pipeline.py" --carry "$CARRY" \
        --out "$OUTDIR/$tool" --only attn_fwd_kernel.fp16.d64.c1.s3 \
        --check-only >> "$LOG" 2>&1 || status=1
      tail -3 "$LOG"
    done
    samples="$ROOT/.carry/tilec-gpu-samples-carry"
    if [[ -x $samples ]]; then
      echo "== compute-sanitizer --tool synccheck (samples --quick)" |
        tee -a "$LOG"
      timeout 300 compute-sanitizer --tool synccheck --error-exitcode 3 \
        "$samples" --quick "$ROOT/.carry/samples" >> "$LOG" 2>&1 || status=1
      tail -3 "$LOG"
    fi
  else
    echo "== compute-sanitizer not found: racecheck and synccheck not run" |
      tee -a "$LOG"
  fi
  echo "== done, status $status" | tee -a "$LOG"
  exit $status
  ;;
*)
  echo "usage: attention_pipeline.sh prepare | run OUTDIR [ARGS]" >&2
  exit 2
  ;;
esac
