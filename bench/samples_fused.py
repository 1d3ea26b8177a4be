#!/usr/bin/env python3
"""The fused samples of issue 16 (items 3-5) on a GPU: correctness and speed,
tilec beside Triton on the same source and beside torch.

Samples: examples/adamw.py (multi-tensor AdamW step), examples/w4a16.py
(int4-weight GEMV/GEMM), examples/dropout.py (seeded dropout, forward and
backward). Each kernel runs through tilec.jit and through Triton's own JIT
from the same @triton.jit function.

Correctness, on fresh random inputs (the seed is printed; TILEC_SEED
repeats a run) with NaN-poisoned outputs, against float64:
  - AdamW: master weights and both moments vs a float64 step (max error
    relative to the tensor's largest magnitude < 1e-5), the bf16 copy equal
    to the master weights rounded;
  - W4A16: x @ dequantized W in float64 (||y - ref|| / ||ref||: GEMV 1e-5,
    GEMM 2e-3, the weights rounded to fp16 before the tensor cores);
  - dropout: the keep mask bit-identical between tilec and Triton for the
    same seed and BLOCK (every element, forward and backward), the kept
    values x / (1 - p) to the output type's rounding, and, on a small size,
    the mask equal to a pure-Python Philox-4x32-10.
Every figure is also checked on Triton's outputs.

Speed: triton.testing.do_bench (median, L2 flushed before every run),
beside torch eager and torch.compile; for W4A16 also torch.matmul on the
dequantized fp16 weights (cuBLAS GEMV/GEMM). Bandwidth: bytes moved / time;
the device-to-device copy bandwidth of a 2 GiB copy measured in the same
run; HBM peak from $HBM_PEAK_GBS (default 4800, the H200's).

Usage: TILEC_LIBRARY=.../libtilec.so python3 bench/samples_fused.py OUTDIR
  [--quick] [--only adamw|w4a16|dropout]. Writes OUTDIR/samples_fused.json
  and OUTDIR/samples_fused.md. Exit 1 if a correctness check fails.
"""

import argparse
import json
import os
import random
import sys
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "examples"))

import torch  # noqa: E402
import triton  # noqa: E402
import triton.testing  # noqa: E402

import tilec  # noqa: E402
import adamw as adamw_mod  # noqa: E402
import dropout as dropout_mod  # noqa: E402
import w4a16 as w4a16_mod  # noqa: E402

LINES, RESULTS, ROWS = [], {"checks": [], "bench": []}, []
FAILURES = 0
_TILEC = {}


def tilec_of(kernel):
    """One tilec.jit wrapper per kernel, kept: its compiled kernels stay
    loaded, so that nothing loads a module while a CUDA graph captures."""
    if kernel not in _TILEC:
        _TILEC[kernel] = tilec.jit(kernel)
    return _TILEC[kernel]


def say(text):
    print(text, flush=True)
    LINES.append(text)


def check(name, ok, detail=""):
    global FAILURES
    FAILURES += not ok
    RESULTS["checks"].append({"name": name, "ok": bool(ok), "detail": detail})
    say(f"{'PASS' if ok else 'FAIL'} {name} {detail}")


def bench(fn, copies=None):
    """Median GPU milliseconds per call of fn.

    The calls are captured in a CUDA graph and the graph replayed, so host
    launch overhead (Python, tilec's or Triton's launcher) is not counted,
    only the kernels. `copies`, a list of callables doing the same work on
    different buffers, is cycled through so that the data a call reads is
    not left in L2 by the previous call (about 150 MB per cycle). Falls back
    to triton.testing.do_bench (L2 flushed before each call) where capture
    fails."""
    fns = copies or [fn]
    reps = max(len(fns), 10)
    try:
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for f in fns:
                f()
        torch.cuda.current_stream().wait_stream(side)
        torch.cuda.synchronize()
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            for i in range(reps):
                fns[i % len(fns)]()
        graph.replay()
        torch.cuda.synchronize()
        times = []
        for _ in range(15):
            start = torch.cuda.Event(enable_timing=True)
            end = torch.cuda.Event(enable_timing=True)
            start.record()
            graph.replay()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end) / reps)
        times.sort()
        return times[len(times) // 2]
    except Exception as e:
        say(f"  (CUDA graph capture failed, {type(e).__name__}: {e}; "
            "timing with do_bench)")
        torch.cuda.synchronize()
        return triton.testing.do_bench(fns[0], warmup=25, rep=200,
                                       return_mode="median")


def n_copies(nbytes, total=150e6):
    """How many copies of a working set of nbytes make `total` bytes."""
    return max(1, min(32, int(total // max(nbytes, 1)) + 1))


def row(sample, shape, variant, ms, nbytes, extra=None):
    gbs = nbytes / ms / 1e6
    entry = {"sample": sample, "shape": shape, "variant": variant, "ms": ms,
             "bytes": nbytes, "GBs": gbs}
    entry.update(extra or {})
    RESULTS["bench"].append(entry)
    say(f"  {sample:8s} {shape:28s} {variant:30s} {ms * 1000:9.2f} us "
        f"{gbs:8.0f} GB/s")
    return entry


def copy_bandwidth():
    n = 1 << 30  # 2 GiB of fp16 each way
    src = torch.randn(n // 2, device="cuda").to(torch.float16).repeat(2)
    dst = torch.empty_like(src)
    ms = bench(lambda: dst.copy_(src))
    gbs = 2 * src.numel() * 2 / ms / 1e6
    RESULTS["copy_GBs"] = gbs
    say(f"copy bandwidth (device to device, 2 GiB): {gbs:.0f} GB/s")
    del src, dst
    torch.cuda.empty_cache()
    return gbs


def compiled(fn):
    try:
        return torch.compile(fn)
    except Exception as e:  # torch.compile unavailable: no row
        say(f"  torch.compile unavailable: {e}")
        return None


#===------------------------------------------------------------------------===#
# Dropout
#===------------------------------------------------------------------------===#

def dropout_checks(quick):
    t_fwd = tilec_of(dropout_mod.dropout_fwd_kernel)
    t_bwd = tilec_of(dropout_mod.dropout_bwd_kernel)
    fwd, bwd = dropout_mod.dropout_fwd_kernel, dropout_mod.dropout_bwd_kernel
    sizes = [1000, 98433, 1 << 20] + ([] if quick else [(1 << 24) + 5])
    for dtype in (torch.float32, torch.float16, torch.bfloat16):
        for n in sizes:
            for block, p in ((1024, 0.1), (4096, 0.5)):
                seed = random.getrandbits(31)
                thr, scale = dropout_mod.dropout_params(p)
                x = torch.randn(n, device="cuda").to(dtype)
                dy = torch.randn(n, device="cuda").to(dtype)
                grid = (triton.cdiv(n, block),)
                outs = {}
                for who, kf, kb in (("tilec", t_fwd, t_bwd),
                                    ("triton", fwd, bwd)):
                    y = torch.full_like(x, float("nan"))
                    dx = torch.full_like(dy, float("nan"))
                    kf[grid](x, y, n, thr, scale, seed, BLOCK=block)
                    kb[grid](dy, dx, n, thr, scale, seed, BLOCK=block)
                    outs[who] = (y, dx)
                torch.cuda.synchronize()
                name = f"dropout {str(dtype)[6:]} n={n} BLOCK={block} p={p} seed={seed}"
                # The keep mask as each saw it: y != 0 where x != 0.
                nz = (x != 0) & (dy != 0)
                k_tilec = outs["tilec"][0] != 0
                k_triton = outs["triton"][0] != 0
                same_mask = torch.equal(k_tilec[nz], k_triton[nz])
                same_bwd = torch.equal((outs["tilec"][1] != 0)[nz],
                                       k_tilec[nz])
                bits_equal = torch.equal(outs["tilec"][0].view(torch.int16 if dtype != torch.float32 else torch.int32),
                                         outs["triton"][0].view(torch.int16 if dtype != torch.float32 else torch.int32))
                tol = 1e-6 if dtype == torch.float32 else 8e-3
                ok_vals = True
                for who in ("tilec", "triton"):
                    y, dx = outs[who]
                    keep = outs["triton"][0] != 0
                    for got, src in ((y, x), (dx, dy)):
                        ref = torch.where(keep, src.double() * scale, 0.0)
                        finite = bool(torch.isfinite(got).all())
                        err = ((got.double() - ref).abs() /
                               ref.abs().clamp_min(1e-30))[keep & (src != 0)]
                        ok_vals = ok_vals and finite and (
                            err.numel() == 0 or err.max().item() < tol)
                frac = k_tilec.float().mean().item()
                check(name, same_mask and same_bwd and ok_vals and bits_equal,
                      f"(mask equal to Triton's: {same_mask}, backward mask = "
                      f"forward: {same_bwd}, outputs bit-identical: "
                      f"{bits_equal}, values: {ok_vals}, kept {frac:.4f})")
    # The mask against a pure-Python Philox, small.
    n, block, p, seed = 3000, 1024, 0.3, random.getrandbits(31)
    thr, scale = dropout_mod.dropout_params(p)
    x = torch.rand(n, device="cuda") + 1.0
    y = torch.full_like(x, float("nan"))
    t_fwd[(triton.cdiv(n, block),)](x, y, n, thr, scale, seed, BLOCK=block)
    keep = torch.tensor(dropout_mod.keep_mask_reference(seed, n, block, p),
                        device="cuda")
    check(f"dropout mask = Python Philox-4x32-10 n={n} seed={seed}",
          torch.equal(y != 0, keep))


def dropout_bench(copy_gbs):
    t_fwd = tilec_of(dropout_mod.dropout_fwd_kernel)
    for dtype in (torch.bfloat16, torch.float32):
        for n in (1 << 24, 1 << 28):
            p, block = 0.1, 4096
            thr, scale = dropout_mod.dropout_params(p)
            grid = (triton.cdiv(n, block),)
            esize = torch.tensor([], dtype=dtype).element_size()
            nbytes = 2 * n * esize
            bufs = [(torch.randn(n, device="cuda").to(dtype),
                     torch.empty(n, device="cuda", dtype=dtype))
                    for _ in range(n_copies(nbytes))]
            shape = f"{str(dtype)[6:]} n=2^{n.bit_length() - 1}"

            def runs(kernel):
                return [lambda x=x, y=y: kernel[grid](x, y, n, thr, scale,
                                                      1234, BLOCK=block)
                        for x, y in bufs]
            ms_t = bench(None, runs(t_fwd))
            ms_tr = bench(None, runs(dropout_mod.dropout_fwd_kernel))
            row("dropout", shape, "tilec", ms_t, nbytes,
                {"copy_frac": nbytes / ms_t / 1e6 / copy_gbs,
                 "vs_triton": ms_tr / ms_t})
            row("dropout", shape, "triton", ms_tr, nbytes)
            eager = [lambda x=x: torch.nn.functional.dropout(x, p, True)
                     for x, _ in bufs]
            row("dropout", shape, "torch eager (own RNG)",
                bench(None, eager), nbytes)
            comp = compiled(lambda t: torch.nn.functional.dropout(t, p, True))
            if comp:
                row("dropout", shape, "torch.compile (own RNG)",
                    bench(None, [lambda x=x: comp(x) for x, _ in bufs]),
                    nbytes)
            del bufs
            torch.cuda.empty_cache()


#===------------------------------------------------------------------------===#
# AdamW
#===------------------------------------------------------------------------===#

HYPER = dict(lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01)


def adamw_run(kernel, tensors, step, chunk=16384, block=1024, tables=None):
    tables = tables or adamw_mod.make_launch_tables(tensors, chunk, "cuda")
    kernel[(tables[2].numel(),)](*tables, *HYPER.values(), step, CHUNK=chunk,
                                 BLOCK=block, num_warps=4)
    return tables


def adamw_checks(quick):
    tk = tilec_of(adamw_mod.adamw_kernel)
    sizes = [1, 7, 4096, 65536 + 3, 1 << 20, 4096 * 11008 + 5]
    if quick:
        sizes = sizes[:5]
    for step in (1, 10, 5000):
        seed = random.getrandbits(31)
        for who, kernel in (("tilec", tk), ("triton", adamw_mod.adamw_kernel)):
            tensors = adamw_mod.make_tensors(sizes, "cuda", seed)
            refs = [adamw_mod.adamw_reference(a, step=step, **HYPER)
                    for a in tensors]
            for a in tensors:
                a[1].fill_(float("nan"))  # the bf16 copy: written whole
            adamw_run(kernel, tensors, step)
            torch.cuda.synchronize()
            worst, bf16_ok = 0.0, True
            for (master, param, _, m, v), (pr, mr, vr) in zip(tensors, refs):
                for got, ref in ((master, pr), (m, mr), (v, vr)):
                    if not bool(torch.isfinite(got).all()):
                        worst = float("inf")
                        continue
                    err = ((got.double() - ref).abs().max() /
                           ref.abs().max().clamp_min(1e-30)).item()
                    worst = max(worst, err)
                bf16_ok = bf16_ok and torch.equal(param,
                                                  master.to(torch.bfloat16))
            check(f"adamw {who} step={step} {len(sizes)} tensors seed={seed}",
                  worst < 1e-5 and bf16_ok,
                  f"(max rel err {worst:.2e}, bf16 copy exact: {bf16_ok})")


def adamw_bench(copy_gbs):
    tk = tilec_of(adamw_mod.adamw_kernel)
    # A Llama-7B-like layer list (q, k, v, o, gate, up, down, 2 norms) x 4,
    # and one of 1 billion parameters in 8 tensors.
    layer = [4096 * 4096] * 4 + [4096 * 11008] * 3 + [4096] * 2
    for name, sizes in (("llama-7b x4 layers", layer * 4),
                        ("8 x 128M", [1 << 27] * 8)):
        tensors = adamw_mod.make_tensors(sizes, "cuda")
        total = sum(sizes)
        nbytes = 28 * total
        tables = adamw_mod.make_launch_tables(tensors, 16384, "cuda")
        shape = f"{name} ({total / 1e6:.0f}M)"
        ms_t = bench(lambda: adamw_run(tk, tensors, 10, tables=tables))
        ms_tr = bench(lambda: adamw_run(adamw_mod.adamw_kernel, tensors, 10,
                                        tables=tables))
        row("adamw", shape, "tilec", ms_t, nbytes,
            {"copy_frac": nbytes / ms_t / 1e6 / copy_gbs,
             "vs_triton": ms_tr / ms_t})
        row("adamw", shape, "triton", ms_tr, nbytes)
        masters = [a[0] for a in tensors]
        params = [a[1] for a in tensors]
        grads32 = [a[2].float() for a in tensors]
        ms_ = [a[3] for a in tensors]
        vs = [a[4] for a in tensors]
        steps = [torch.tensor(10.0, device="cuda") for _ in tensors]

        def eager():
            # torch's fused AdamW (fp32 grads) and the bf16 copy.
            torch._fused_adamw_(masters, grads32, ms_, vs, [], steps,
                                lr=HYPER["lr"], beta1=HYPER["beta1"],
                                beta2=HYPER["beta2"],
                                weight_decay=HYPER["weight_decay"],
                                eps=HYPER["eps"], amsgrad=False,
                                maximize=False)
            torch._foreach_copy_(params, masters)
        try:
            row("adamw", shape, "torch _fused_adamw_ + copy", bench(eager),
                nbytes)
        except Exception as e:
            say(f"  torch fused adamw: {type(e).__name__}: {e}")
        grads = [a[2] for a in tensors]

        def step_fn(masters, params, grads, ms_, vs, step):
            bc1 = 1 - HYPER["beta1"] ** step
            bc2 = 1 - HYPER["beta2"] ** step
            for p, pb, g, m, v in zip(masters, params, grads, ms_, vs):
                g = g.float()
                p.mul_(1 - HYPER["lr"] * HYPER["weight_decay"])
                m.lerp_(g, 1 - HYPER["beta1"])
                v.mul_(HYPER["beta2"]).addcmul_(g, g, value=1 - HYPER["beta2"])
                denom = v.sqrt() / (bc2 ** 0.5) + HYPER["eps"]
                p.addcdiv_(m, denom, value=-HYPER["lr"] / bc1)
                pb.copy_(p)
        comp = compiled(step_fn)
        if comp:
            try:
                row("adamw", shape, "torch.compile", bench(
                    lambda: comp(masters, params, grads, ms_, vs, 10)), nbytes)
            except Exception as e:
                say(f"  torch.compile adamw: {type(e).__name__}: {e}")
        del tensors, masters, params, grads, grads32, ms_, vs
        torch.cuda.empty_cache()


#===------------------------------------------------------------------------===#
# W4A16
#===------------------------------------------------------------------------===#

SHAPES = [(4096, 4096), (4096, 14336), (14336, 4096), (8192, 28672)]
# Configurations tried per shape (the fastest is reported for each
# compiler): GEMV (BLOCK_N, SPLIT_K, num_warps), GEMM (BLOCK_N, SPLIT_K,
# num_warps).
GEMV_CONFIGS = [(bn, sk, w) for bn, w in ((128, 1), (256, 2), (512, 4))
                for sk in (1, 4, 16)]
GEMM_CONFIGS = [(bn, sk, w) for bn, w in ((64, 4), (128, 4))
                for sk in (1, 2, 4, 8)]


def w4a16_launch(kernel_wrap, x, qw, s, z, cfg, gemv):
    bn, sk, w = cfg
    return w4a16_mod.w4a16(x, qw, s, z, block_n=bn, split_k=sk, num_warps=w,
                           gemv=gemv, launcher=kernel_wrap)


def w4a16_valid(K, N, cfg):
    bn, sk, _ = cfg
    return N % bn == 0 and K % (128 * sk) == 0


def w4a16_checks(quick):
    wrap_t = tilec_of
    shapes = [(1024, 512), (4096, 4096)] + ([] if quick else [(14336, 4096)])
    for K, N in shapes:
        w = torch.randn(K, N, device="cuda") * 0.05
        qw, s, z, deq = w4a16_mod.quantize(w)
        for M in (1, 2, 5, 16):
            x = torch.randn(M, K, device="cuda").to(torch.float16)
            ref = x.double() @ deq.double()
            gemv = M == 1
            cfgs = ([(256, 1, 4), (512, 4, 4), (128, 8, 1)] if gemv else
                    [(64, 1, 4), (128, 4, 4), (256, 2, 8)])
            for cfg in cfgs:
                if not w4a16_valid(K, N, cfg):
                    continue
                for who, wrap in (("tilec", wrap_t), ("triton", None)):
                    y = w4a16_launch(wrap, x, qw, s, z, cfg, gemv)
                    torch.cuda.synchronize()
                    finite = bool(torch.isfinite(y).all())
                    err = ((y.double() - ref).norm() / ref.norm()).item()
                    bound = 1e-5 if gemv else 2e-3
                    check(f"w4a16 {who} M={M} K={K} N={N} "
                          f"(BLOCK_N, SPLIT_K, warps)={cfg}",
                          finite and err < bound,
                          f"(rel err {err:.2e}, bound {bound:g})")


def w4a16_bench(hbm_gbs, shapes=None):
    for K, N in [SHAPES[i] for i in (shapes or range(len(SHAPES)))]:
        w = torch.randn(K, N, device="cuda") * 0.05
        qw, s, z, deq = w4a16_mod.quantize(w)
        w16 = deq.to(torch.float16)
        del w, deq
        # Copies of the weights, cycled through so that L2 (50 MB on the
        # H200) does not hold the next call's weights.
        quant = [(qw, s, z)] + [(qw.clone(), s.clone(), z.clone()) for _ in
                                range(n_copies(K * N // 2) - 1)]
        w16s = [w16] + [w16.clone() for _ in range(n_copies(K * N * 2) - 1)]
        for M in (1, 16):
            x = torch.randn(M, K, device="cuda").to(torch.float16)
            gemv = M == 1
            nbytes = K * N // 2 + 2 * 2 * (K // 128) * N + M * K * 2 + M * N * 4
            shape = f"M={M} K={K} N={N}"
            best = {}
            for who, wrap in (("tilec", tilec_of), ("triton", None)):
                for cfg in GEMV_CONFIGS if gemv else GEMM_CONFIGS:
                    if not w4a16_valid(K, N, cfg):
                        continue
                    try:
                        ms = bench(None, [
                            lambda q=q, sc=sc, zz=zz, cfg=cfg, wrap=wrap:
                            w4a16_launch(wrap, x, q, sc, zz, cfg, gemv)
                            for q, sc, zz in quant])
                    except Exception as e:
                        say(f"  {who} {cfg}: {type(e).__name__}: {e}")
                        continue
                    if who not in best or ms < best[who][0]:
                        best[who] = (ms, cfg)
            cublas = bench(None, [lambda w=w: torch.matmul(x, w) for w in w16s])

            def eager_fn(x, qw, s, z):
                shifts = 4 * torch.arange(8, device="cuda", dtype=torch.int32)
                q = ((qw[:, None, :] >> shifts[None, :, None]) & 0xF)
                wd = ((q.reshape(K // 128, 128, N).to(torch.float16)
                       - z[:, None, :]) * s[:, None, :]).reshape(K, N)
                return x @ wd
            eager = bench(None, [lambda a=a: eager_fn(x, *a) for a in quant])
            comp = compiled(eager_fn)
            ms_comp = (bench(None, [lambda a=a: comp(x, *a) for a in quant])
                       if comp else None)
            tms, tcfg = best["tilec"]
            extra = {"config": tcfg, "hbm_frac": nbytes / tms / 1e6 / hbm_gbs,
                     "vs_cublas": cublas / tms}
            if "triton" in best:
                extra["vs_triton"] = best["triton"][0] / tms
            row("w4a16", shape, f"tilec {tcfg}", tms, nbytes, extra)
            if "triton" in best:
                row("w4a16", shape, f"triton {best['triton'][1]}",
                    best["triton"][0], nbytes)
            row("w4a16", shape, "cuBLAS fp16 (torch.matmul)", cublas,
                nbytes, {"fp16_bytes": K * N * 2})
            row("w4a16", shape, "torch eager dequant+matmul", eager, nbytes)
            if ms_comp:
                row("w4a16", shape, "torch.compile dequant+matmul", ms_comp,
                    nbytes)
        del qw, s, z, w16, quant, w16s
        torch.cuda.empty_cache()


#===------------------------------------------------------------------------===#

def write_table(outdir, copy_gbs, hbm_gbs):
    lines = [f"# Fused samples (issue 16 items 3-5) on {torch.cuda.get_device_name()}",
             "", f"tilec {tilec.compiler_version()}, Triton {triton.__version__}, "
             f"torch {torch.__version__}; copy {copy_gbs:.0f} GB/s measured, "
             f"HBM peak {hbm_gbs:.0f} GB/s (HBM_PEAK_GBS)", "",
             "| sample | shape | variant | us | GB/s | bars |",
             "| --- | --- | --- | --- | --- | --- |"]
    for e in RESULTS["bench"]:
        bars = []
        if "copy_frac" in e:
            bars.append(f"{e['copy_frac'] * 100:.0f}% of copy")
        if "hbm_frac" in e:
            bars.append(f"{e['hbm_frac'] * 100:.0f}% of HBM")
        if "vs_triton" in e:
            bars.append(f"{e['vs_triton']:.2f}x Triton")
        if "vs_cublas" in e:
            bars.append(f"{e['vs_cublas']:.2f}x cuBLAS fp16")
        lines.append(f"| {e['sample']} | {e['shape']} | {e['variant']} | "
                     f"{e['ms'] * 1000:.1f} | {e['GBs']:.0f} | "
                     f"{', '.join(bars)} |")
    n_ok = sum(c["ok"] for c in RESULTS["checks"])
    lines += ["", f"Correctness: {n_ok} passed, "
              f"{len(RESULTS['checks']) - n_ok} failed."]
    with open(os.path.join(outdir, "samples_fused.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", nargs="?", default=os.environ.get("OUT", "."))
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", choices=["adamw", "w4a16", "dropout"])
    parser.add_argument("--no-bench", action="store_true")
    parser.add_argument("--no-checks", action="store_true")
    parser.add_argument("--shapes", default="",
                        help="W4A16: comma-separated indices into SHAPES")
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    seed = int(os.environ.get("TILEC_SEED", random.SystemRandom().getrandbits(32)))
    random.seed(seed)
    torch.manual_seed(seed)
    say(f"seed {seed} (TILEC_SEED={seed} repeats this run)")
    RESULTS.update(seed=seed, device=torch.cuda.get_device_name(),
                   triton=triton.__version__, torch=torch.__version__,
                   tilec=tilec.compiler_version())
    hbm = float(os.environ.get("HBM_PEAK_GBS", "4800"))
    parts = [("dropout", dropout_checks, dropout_bench),
             ("adamw", adamw_checks, adamw_bench),
             ("w4a16", w4a16_checks, w4a16_bench)]
    copy_gbs = None if args.no_bench else copy_bandwidth()
    global FAILURES
    for name, checks, speed in parts:
        if args.only and name != args.only:
            continue
        try:
            if not args.no_checks:
                checks(args.quick)
        except Exception:
            FAILURES += 1
            say(f"FAIL {name} checks raised:\n{traceback.format_exc()}")
        if args.no_bench:
            continue
        try:
            if name == "w4a16":
                speed(hbm, [int(i) for i in args.shapes.split(",") if i])
            else:
                speed(copy_gbs)
        except Exception:
            say(f"ERROR {name} benchmark raised:\n{traceback.format_exc()}")
    RESULTS["failures"] = FAILURES
    with open(os.path.join(args.outdir, "samples_fused.json"), "w") as f:
        json.dump(RESULTS, f, indent=2)
    with open(os.path.join(args.outdir, "samples_fused.log"), "w") as f:
        f.write("\n".join(LINES) + "\n")
    if copy_gbs:
        write_table(args.outdir, copy_gbs, hbm)
    say(f"{FAILURES} failures; results in {args.outdir}")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
