#!/usr/bin/env python3
"""Compiles examples/matmul.py's matmul_kernel and examples/matmul_tma.py's
matmul_tma_kernel (A, B and C as tensor descriptors, TMA) with tilec for
the matmul benchmark (issue #5), one cubin per (kernel, block config,
dtype), and writes what each compile gave to DIR/manifest.json. Runs where
tilec builds (`scripts/gpu_check.sh prepare` calls it); tilec-bench-host
--matmul DIR reads the manifest on the GPU machine.

    python3 bench/prepare_matmul.py --tilec build/bin/tilec --out .carry/matmul
        [--config 128x128x64:g8:w8:s3 ...] [--tma-config 128x256x64:g8:w8:s3 ...]
        [--no-tma] [--dtypes fp16,bf16]

A config that does not compile is recorded (its "error", the end of tilec's
output) and the others go on: the benchmark reports it as not compiled, and
this script still exits 0. It exits 1 only if tilec cannot be run at all.

The signature is what Triton's launcher specializes for the benchmark's
shapes (M, N, K and the leading strides multiples of 16, row-major, the
unit strides equal to 1; for the TMA kernel, descriptors of the blocks and
M, N, K multiples of 16), so both compilers see the same facts; the host
refuses shapes for which it would not hold.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
KERNEL = "matmul_kernel"
TMA_KERNEL = "matmul_tma_kernel"
SOURCES = {KERNEL: "examples/matmul.py", TMA_KERNEL: "examples/matmul_tma.py"}

# (BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, num_warps, num_stages). The first is
# what tilec compiles well today (mma.sync, the samples' config); the others
# are Triton's usual Hopper tiles, for when wgmma and pipelining land.
CONFIGS = [
    (64, 64, 32, 8, 4, 1),
    (128, 128, 64, 8, 8, 3),
    (128, 256, 64, 8, 8, 3),
    (128, 128, 64, 8, 4, 4),
]
# matmul_tma_kernel's: Triton's usual Hopper tile ($TILEC_MATMUL_TMA_CONFIGS
# in scripts/gpu_check.sh replaces the list).
TMA_CONFIGS = [
    (128, 256, 64, 8, 8, 3),
]
DTYPES = ("fp16", "bf16")

RESOURCES = re.compile(
    r"(?P<name>\w+): (?P<registers>\d+) registers, (?P<spill_stores>\d+) bytes spill stores, "
    r"(?P<spill_loads>\d+) bytes spill loads, (?P<stack>\d+) bytes stack, "
    r"(?P<shared>\d+) bytes shared memory"
    r"(?:, (?P<dynamic_shared>\d+) bytes dynamic shared memory)?, (?P<threads>\d+) threads"
    r"(?:, tuned for (?P<tuned_ctas>\d+) CTAs per SM)?")
# The module attribute tilegpu-allocate-shared-memory sets: the bytes the
# kernel needs whether they end up static or dynamic (ptxas counts only
# static shared memory).
SHARED_ATTR = re.compile(r"tilegpu\.shared_memory = (\d+)")


def parse_config(text):
    """'128x128x64:g8:w8:s3' -> (128, 128, 64, 8, 8, 3)."""
    m = re.fullmatch(r"(\d+)x(\d+)x(\d+):g(\d+):w(\d+):s(\d+)", text)
    if not m:
        raise argparse.ArgumentTypeError(f"config '{text}' is not BMxBNxBK:gG:wW:sS")
    return tuple(int(v) for v in m.groups())


def config_name(cfg):
    bm, bn, bk, gm, w, s = cfg
    return f"b{bm}x{bn}x{bk}.g{gm}.w{w}.s{s}"


def signature(kernel, dtype, cfg):
    bm, bn, bk, gm = cfg[:4]
    if kernel == TMA_KERNEL:
        return (f"tensordesc<{dtype}[{bm}, {bk}]>, tensordesc<{dtype}[{bk}, {bn}]>, "
                f"tensordesc<{dtype}[{bm}, {bn}]>, i32:16, i32:16, i32:16, "
                f"{bm}, {bn}, {bk}, {gm}")
    p = f"*{dtype}:16"
    return (f"{p}, {p}, {p}, i32:16, i32:16, i32:16, "
            f"i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, {bm}, {bn}, {bk}, {gm}")


def has_num_stages(tilec):
    """Whether this tilec takes --num-stages (it did not always)."""
    out = subprocess.run([tilec, "--help"], capture_output=True, text=True)
    return "--num-stages" in out.stdout + out.stderr


def compile_one(tilec, out_dir, kernel, dtype, cfg, stages_flag):
    bm, bn, bk, gm, warps, stages = cfg
    # cubin names: the fake driver (test/GPU/FakeCuda.cpp) reads the kernel,
    # dtype, `.bMxNxK` and `.wN` from them, as for the samples' cubins.
    cubin = f"{kernel}.{dtype}.{config_name(cfg)}.cubin"
    entry = dict(kernel=kernel, source=SOURCES[kernel], dtype=dtype, block_m=bm, block_n=bn,
                 block_k=bk, group_m=gm, warps=warps, stages=stages, cubin=cubin,
                 signature=signature(kernel, dtype, cfg))
    args = [tilec, str(ROOT / SOURCES[kernel]), "-k", kernel, "-s", entry["signature"],
            f"--num-warps={warps}", "--no-cache"]
    # tilec's default is 3 stages, so the flag goes on every compile when it
    # exists; without it only a config that asks for pipelining needs it,
    # and that compile fails (recorded) until tilec has the flag.
    if stages_flag or stages != 1:
        args.append(f"--num-stages={stages}")
    entry["command"] = " ".join(f"'{a}'" if " " in a else a for a in args)
    try:
        proc = subprocess.run(args + ["--emit=cubin", "--print-resources", "-o",
                                      str(out_dir / cubin)],
                              capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        entry.update(compiled=False, error="tilec timed out after 600 s")
        return entry
    if proc.returncode != 0 or not (out_dir / cubin).exists():
        entry.update(compiled=False, error=(proc.stderr or proc.stdout)[-2000:].strip())
        (out_dir / cubin).unlink(missing_ok=True)
        return entry
    entry["compiled"] = True
    m = RESOURCES.search(proc.stderr)
    if m:
        entry["resources"] = {k: int(v) for k, v in m.groupdict().items()
                              if k != "name" and v is not None}
    mlir = subprocess.run(args + ["--emit=llvm-mlir"], capture_output=True, text=True,
                          timeout=600)
    a = SHARED_ATTR.search(mlir.stdout)
    ptxas_shared = entry.get("resources", {}).get("shared", 0)
    entry["shared_alloc"] = int(a.group(1)) if a else None
    # What a launch needs in all; the host takes as dynamic whatever of it
    # the cubin does not declare statically.
    entry["shared_bytes"] = max(ptxas_shared, entry["shared_alloc"] or 0)
    return entry


def report(e):
    """One line per compile: the resources, or why it did not compile."""
    r = e.get("resources", {})
    cfg = tuple(e[k] for k in ("block_m", "block_n", "block_k", "group_m", "warps", "stages"))
    print(f"{e['kernel']} {e['dtype']} {config_name(cfg)}: "
          + (f"{r.get('registers')} registers, {r.get('spill_stores')} B spill stores, "
             f"{e['shared_bytes']} B shared" if e["compiled"]
             else "NOT COMPILED: " + e["error"].splitlines()[0][:200]), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tilec", default=str(ROOT / "build" / "bin" / "tilec"))
    ap.add_argument("--out", required=True, help="folder for the cubins and manifest.json")
    ap.add_argument("--config", action="append", type=parse_config,
                    help="BMxBNxBK:gG:wW:sS, repeatable (default: the list in this file)")
    ap.add_argument("--tma-config", action="append", type=parse_config,
                    help="a config of matmul_tma_kernel, as --config (default: TMA_CONFIGS)")
    ap.add_argument("--no-tma", action="store_true", help="no matmul_tma_kernel cubins")
    ap.add_argument("--dtypes", default=",".join(DTYPES))
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    try:
        stages_flag = has_num_stages(args.tilec)
    except OSError as e:
        print(f"prepare_matmul: cannot run {args.tilec}: {e}", file=sys.stderr)
        return 1
    kernels = [(KERNEL, args.config or CONFIGS)]
    if not args.no_tma:
        kernels.append((TMA_KERNEL, args.tma_config or TMA_CONFIGS))
    entries = []
    for dtype in args.dtypes.split(","):
        for kernel, configs in kernels:
            for cfg in configs:
                entries.append(compile_one(args.tilec, out, kernel, dtype, cfg, stages_flag))
                report(entries[-1])
    manifest = dict(kernels={k: SOURCES[k] for k, _ in kernels}, num_stages_flag=stages_flag,
                    entries=entries)
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
