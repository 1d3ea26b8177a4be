#!/usr/bin/env python3
"""Memory-bound samples: tilec vs Triton on the same source, beside the copy
ceiling. Runs on the GPU machine.

tilec's kernels are the cubins `scripts/gpu_check.sh prepare` put in
.carry/samples (compiled here, where tilec builds); they are loaded with
CuPy's RawModule. Triton runs the same `examples/*.py` kernels with the same
constexprs and num_warps. Times are CUDA-event medians of many runs after
warm-up (triton.testing.do_bench for both), on inputs several times the L2.
Bandwidth counts one read of each input and one write of each output.

    python3 bench/bench_memory.py --samples .carry/samples --out OUTDIR
"""
import argparse
import importlib.util
import json
import pathlib
import sys

import cupy as cp
import torch
import triton
from triton.testing import do_bench

ROOT = pathlib.Path(__file__).resolve().parents[1]


def load_example(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def ms(fn):
    return do_bench(fn, warmup=25, rep=200, return_mode="median")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    samples = pathlib.Path(args.samples)
    dev = torch.device("cuda")
    rows = []

    def tilec_fn(cubin, kernel):
        return cp.RawModule(path=str(samples / cubin)).get_function(kernel)

    # Ceiling: device-to-device copy of 2 GiB.
    src = torch.empty(2 ** 29, dtype=torch.float32, device=dev).uniform_()
    dst = torch.empty_like(src)
    t = ms(lambda: dst.copy_(src))
    copy_gbs = 2 * src.numel() * 4 / t / 1e6
    rows.append(dict(kernel="copy (torch)", shape=str(src.numel()), tilec_ms=None,
                     triton_ms=t, gbs_tilec=None, gbs_triton=copy_gbs))
    del src, dst

    # Vector add, 2^28 fp32, BLOCK 1024, 4 warps.
    va = load_example("vector_add")
    n = 2 ** 28
    x = torch.rand(n, device=dev)
    y = torch.rand(n, device=dev)
    o = torch.empty_like(x)
    f = tilec_fn("add_kernel.fp32.cubin", "add_kernel")
    grid = ((n + 1023) // 1024,)
    tl_ms = ms(lambda: f(grid, (128,), (x.data_ptr(), y.data_ptr(), o.data_ptr(), cp.int32(n))))
    torch.cuda.synchronize()
    ok = torch.allclose(o, x + y)
    tr_ms = ms(lambda: va.add_kernel[grid](x, y, o, n, BLOCK_SIZE=1024, num_warps=4))
    nbytes = 3 * n * 4
    rows.append(dict(kernel="vector_add fp32", shape=f"{n}", tilec_ms=tl_ms, triton_ms=tr_ms,
                     gbs_tilec=nbytes / tl_ms / 1e6, gbs_triton=nbytes / tr_ms / 1e6, tilec_correct=ok))
    del x, y, o

    # Softmax fp32, one program per row.
    sm = load_example("softmax")
    for (r, c, block, warps, cubin, kname) in [
            (32768, 1024, 1024, 4, "softmax_kernel.b1024.cubin", "softmax_kernel"),
            (8192, 8192, 8192, 8, "softmax_kernel.b8192.cubin", "softmax_kernel"),
            (4096, 32768, 512, 4, "softmax_online_kernel.b512.cubin", "softmax_online_kernel")]:
        xin = torch.randn(r, c, device=dev)
        yout = torch.empty_like(xin)
        f = tilec_fn(cubin, kname)
        tl_ms = ms(lambda: f((r,), (warps * 32,), (yout.data_ptr(), xin.data_ptr(),
                                                    cp.int32(c), cp.int32(c), cp.int32(c))))
        torch.cuda.synchronize()
        ok = torch.allclose(yout, torch.softmax(xin, dim=1), atol=1e-6, rtol=1e-4)
        kern = getattr(sm, kname)
        tr_ms = ms(lambda: kern[(r,)](yout, xin, c, c, c, BLOCK_SIZE=block, num_warps=warps))
        nbytes = 2 * r * c * 4
        rows.append(dict(kernel=f"{kname} fp32 BLOCK {block}", shape=f"{r}x{c}", tilec_ms=tl_ms,
                         triton_ms=tr_ms, gbs_tilec=nbytes / tl_ms / 1e6,
                         gbs_triton=nbytes / tr_ms / 1e6, tilec_correct=ok))
        del xin, yout

    # Layer norm forward fp16, 16384x4096, BLOCK 512, 4 warps.
    ln = load_example("layernorm")
    r, c = 16384, 4096
    xin = torch.randn(r, c, device=dev, dtype=torch.float16)
    w = torch.rand(c, device=dev, dtype=torch.float16) + 0.5
    bb = torch.randn(c, device=dev, dtype=torch.float16)
    yout = torch.empty_like(xin)
    mean = torch.empty(r, device=dev)
    rstd = torch.empty(r, device=dev)
    f = tilec_fn("layernorm_fwd_kernel.fp16.cubin", "layernorm_fwd_kernel")
    tl_ms = ms(lambda: f((r,), (128,), (xin.data_ptr(), yout.data_ptr(), w.data_ptr(), bb.data_ptr(),
                                        mean.data_ptr(), rstd.data_ptr(), cp.int32(c), cp.int32(c),
                                        cp.float32(1e-5))))
    torch.cuda.synchronize()
    ref = torch.nn.functional.layer_norm(xin.float(), (c,), w.float(), bb.float(), 1e-5)
    ok = torch.allclose(yout.float(), ref, atol=2e-2, rtol=1e-2)
    tr_ms = ms(lambda: ln.layernorm_fwd_kernel[(r,)](xin, yout, w, bb, mean, rstd, c, c, 1e-5,
                                                     BLOCK_SIZE=512, num_warps=4))
    nbytes = 2 * r * c * 2
    rows.append(dict(kernel="layernorm_fwd fp16 BLOCK 512", shape=f"{r}x{c}", tilec_ms=tl_ms,
                     triton_ms=tr_ms, gbs_tilec=nbytes / tl_ms / 1e6, gbs_triton=nbytes / tr_ms / 1e6,
                     tilec_correct=ok))

    meta = dict(device=torch.cuda.get_device_name(), triton=triton.__version__,
                torch=torch.__version__, copy_gbs=copy_gbs)
    (out / "bench_memory.json").write_text(json.dumps(dict(meta=meta, rows=rows), indent=2))
    lines = [f"device {meta['device']}, Triton {meta['triton']}, copy ceiling {copy_gbs:.0f} GB/s", "",
             "| kernel | shape | tilec ms | Triton ms | tilec GB/s | Triton GB/s | tilec/Triton speed | tilec % of copy | tilec correct |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for row in rows[1:]:
        lines.append(f"| {row['kernel']} | {row['shape']} | {row['tilec_ms']:.3f} | {row['triton_ms']:.3f} | "
                     f"{row['gbs_tilec']:.0f} | {row['gbs_triton']:.0f} | "
                     f"{row['triton_ms'] / row['tilec_ms']:.2f} | {100 * row['gbs_tilec'] / copy_gbs:.0f}% | "
                     f"{row['tilec_correct']} |")
    table = "\n".join(lines)
    (out / "bench_memory.md").write_text(table + "\n")
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
