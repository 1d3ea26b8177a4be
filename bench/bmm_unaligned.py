#!/usr/bin/env python3
"""The held-out check of issue 15, item 4: examples/bmm.py's bmm_kernel on
sizes that are multiples of 16 and on sizes that are not, under tilec
(tilec.jit) and Triton 3.6 on the same source, launch options and
arguments, in one run. Runs on the GPU machine.

    TILEC_LIBRARY=... python3 bench/bmm_unaligned.py [OUTDIR]

With unaligned M, N and K the strides lose their divisibility by 16, so
both compilers specialize without `:16` and load 2-byte elements; the bar
is that tilec's speed ratio to Triton holds there as it does on the aligned
shapes (and is at least 1.0), with no spills in the default configs.

Per shape and config: each result against a float64 torch product (NaN-
poisoned output first; relative Frobenius error under 1e-2), then
triton.testing.do_bench (median) of both, TFLOP/s counting 2*B*M*N*K, the
ratio tilec/Triton, and each compiler's registers and spill bytes. Writes
OUTDIR/bmm_unaligned.json and .md. Exit 1 if a check failed; 77 without a
GPU.
"""
import json
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
sys.path.insert(0, str(ROOT / "examples"))

try:
    import torch
except ImportError:
    print("SKIP: no torch")
    sys.exit(77)
if not torch.cuda.is_available():
    print("SKIP: no GPU")
    sys.exit(77)

import triton  # noqa: E402
import tilec  # noqa: E402
from bmm import bmm, bmm_kernel  # noqa: E402

# (batch, M, N, K): aligned, then the same sizes off the multiples of 16.
SHAPES = [(8, 2048, 2048, 2048), (8, 2047, 2049, 2051),
          (4, 4096, 4096, 4096), (4, 4095, 4097, 4099)]
# (BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, num_warps, num_stages); the first is
# bmm()'s default.
CONFIGS = [(128, 128, 64, 8, 8, 3), (128, 256, 64, 8, 8, 3),
           (128, 128, 64, 8, 4, 3)]


def main():
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                       os.environ.get("OUT", "bench/results/bmm-unaligned"))
    out.mkdir(parents=True, exist_ok=True)
    tl_kernel = tilec.jit(bmm_kernel)
    rows, failures = [], 0
    for shape in SHAPES:
        batch, M, N, K = shape
        torch.manual_seed(0)
        a = torch.randn(batch, M, K, device="cuda", dtype=torch.float16)
        b = torch.randn(batch, K, N, device="cuda", dtype=torch.float16)
        ref = (a.double() @ b.double())
        for cfg in CONFIGS:
            bm, bn, bk, gm, w, s = cfg
            kw = dict(block_m=bm, block_n=bn, block_k=bk, group_m=gm,
                      num_warps=w, num_stages=s)
            row = dict(shape=shape, config=cfg)
            for name, kern in (("tilec", tl_kernel), ("triton", bmm_kernel)):
                try:
                    c = bmm(kern, a, b, **kw)
                    torch.cuda.synchronize()
                    err = ((c.double() - ref).norm() / ref.norm()).item()
                except Exception as e:  # a refusal or a launch failure
                    row[name] = dict(error=str(e).splitlines()[0][:300])
                    failures += 1
                    continue
                ok = err < 1e-2
                failures += not ok
                ms = triton.testing.do_bench(lambda: bmm(kern, a, b, **kw))
                info = dict(rel_err=err, ok=ok, ms=ms,
                            tflops=2 * batch * M * N * K / ms / 1e9)
                grid = (triton.cdiv(M, bm) * triton.cdiv(N, bn), batch)
                args = (a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride())
                meta = dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=gm,
                            num_warps=w, num_stages=s)
                try:
                    ck = kern.warmup(*args, grid=grid, **meta)
                    info.update(regs=ck.n_regs, spills=ck.n_spills)
                except Exception as e:
                    info.update(regs_error=str(e)[:200])
                row[name] = info
            if "ms" in row.get("tilec", {}) and "ms" in row.get("triton", {}):
                row["ratio"] = row["triton"]["ms"] / row["tilec"]["ms"]
            rows.append(row)
            print(json.dumps(row), flush=True)
    (out / "bmm_unaligned.json").write_text(json.dumps(
        dict(device=torch.cuda.get_device_name(), triton=triton.__version__,
             rows=rows), indent=1))
    md = ["| B x M x N x K | config | tilec TFLOP/s | Triton TFLOP/s | "
          "tilec/Triton | regs (spill B) tilec | regs (spill B) Triton | check |",
          "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        t, x = r.get("tilec", {}), r.get("triton", {})

        def cell(d, key, fmt):
            return fmt.format(d[key]) if key in d else d.get("error", "-")
        md.append(
            f"| {'x'.join(map(str, r['shape']))} | "
            f"{r['config'][0]}x{r['config'][1]}x{r['config'][2]} w{r['config'][4]} "
            f"s{r['config'][5]} | {cell(t, 'tflops', '{:.0f}')} | "
            f"{cell(x, 'tflops', '{:.0f}')} | {r.get('ratio', 0):.2f} | "
            f"{t.get('regs', '-')} ({t.get('spills', '-')}) | "
            f"{x.get('regs', '-')} ({x.get('spills', '-')}) | "
            f"{'ok' if t.get('ok') and x.get('ok') else 'FAIL'} |")
    (out / "bmm_unaligned.md").write_text("\n".join(md) + "\n")
    print("\n".join(md))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
