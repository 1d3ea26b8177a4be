#!/usr/bin/env python3
"""examples/attention.py under tilec beside Triton 3.6 and torch SDPA (issue
15, item 1: the pipelined key loop). Runs on the GPU machine.

    python3 bench/attention_pipeline.py --carry .carry/attention --out OUTDIR

The cubins come from `bench/attention_pipeline.sh prepare` (tilec is not on
the GPU machine): attn_fwd_kernel for fp16 and bf16, head dim 64 and 128,
causal and not, BLOCK_M 128, BLOCK_N 64, 8 warps, each at num_stages 2 and
3, with manifest.json giving each one's signature and dynamic shared memory.
They are loaded and launched through the CUDA driver API (ctypes, on
torch's context and stream), with the same arguments Triton's launcher
passes for the same source.

1. Correctness, before any timing: each cubin on ragged shapes (N_CTX 333,
   1000, 1024 and the benchmark's own) against a float64 torch reference,
   outputs NaN-poisoned first; relative Frobenius error under 1e-2, the
   bound of examples/attention.py's own check. On the benchmark shape the
   reference is computed for two (batch, head) slices.
2. Timing: triton.testing.do_bench (median, L2 flushed) of tilec's launch,
   of Triton on the same source with the same constexprs, num_warps and
   num_stages (examples/attention.py's attention()), and of
   torch.nn.functional.scaled_dot_product_attention. TFLOP/s count
   4*Z*H*N^2*D, half of it when causal.

Writes OUTDIR/attention.json and attention.md and prints the table. Exit
status 1 if any check failed; 77 without a GPU.
"""
import argparse
import ctypes
import json
import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples"))

try:
    import torch
except ImportError:
    print("SKIP: no torch")
    sys.exit(77)
if not torch.cuda.is_available():
    print("SKIP: no GPU")
    sys.exit(77)

BOUND = 1e-2
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8


class Driver:
    """The few driver calls a cubin launch needs."""

    def __init__(self):
        self.cuda = ctypes.CDLL("libcuda.so.1")
        c = self.cuda
        c.cuModuleLoadData.argtypes = [ctypes.POINTER(ctypes.c_void_p),
                                       ctypes.c_char_p]
        c.cuModuleGetFunction.argtypes = [ctypes.POINTER(ctypes.c_void_p),
                                          ctypes.c_void_p, ctypes.c_char_p]
        c.cuFuncSetAttribute.argtypes = [ctypes.c_void_p, ctypes.c_int,
                                         ctypes.c_int]
        c.cuLaunchKernel.argtypes = [ctypes.c_void_p] + [ctypes.c_uint] * 7 + [
            ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]

    def check(self, rc, what):
        if rc != 0:
            raise RuntimeError(f"{what} failed with CUresult {rc}")

    def load(self, path, name, dynamic_shared):
        # torch's primary context, current on this thread (as Triton's
        # launcher makes it).
        torch.cuda.current_stream().synchronize()
        ctx = ctypes.c_void_p()
        self.check(self.cuda.cuCtxGetCurrent(ctypes.byref(ctx)),
                   "cuCtxGetCurrent")
        if not ctx.value:
            device = ctypes.c_int()
            self.check(self.cuda.cuDeviceGet(ctypes.byref(device),
                                             torch.cuda.current_device()),
                       "cuDeviceGet")
            self.check(self.cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx),
                                                          device),
                       "cuDevicePrimaryCtxRetain")
            self.check(self.cuda.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
        module, fn = ctypes.c_void_p(), ctypes.c_void_p()
        self.check(self.cuda.cuModuleLoadData(ctypes.byref(module),
                                              path.read_bytes()),
                   f"cuModuleLoadData({path.name})")
        self.check(self.cuda.cuModuleGetFunction(ctypes.byref(fn), module,
                                                 name.encode()),
                   "cuModuleGetFunction")
        if dynamic_shared:
            self.check(self.cuda.cuFuncSetAttribute(
                fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                dynamic_shared), "cuFuncSetAttribute")
        return fn

    def launch(self, fn, grid, threads, dynamic_shared, args):
        holders = []
        for a in args:
            if isinstance(a, torch.Tensor):
                holders.append(ctypes.c_void_p(a.data_ptr()))
            elif isinstance(a, float):
                holders.append(ctypes.c_float(a))
            else:
                holders.append(ctypes.c_int32(a))
        params = (ctypes.c_void_p * len(holders))(
            *[ctypes.cast(ctypes.pointer(h), ctypes.c_void_p) for h in holders])
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        self.check(self.cuda.cuLaunchKernel(fn, grid[0], grid[1], 1, threads,
                                            1, 1, dynamic_shared, stream,
                                            params, None), "cuLaunchKernel")


def tilec_attention(driver, entry, fn, q, k, v, sm_scale, o=None, lse=None):
    """Launches the cubin into `o` and `lse` (fresh NaN-poisoned tensors if
    None; the log-sum-exp is fp32 (Z, H, N_CTX))."""
    z, h, n, d = q.shape
    if o is None:
        o = torch.full_like(q, float("nan"))
    if lse is None:
        lse = torch.full((z, h, n), float("nan"), device=q.device,
                         dtype=torch.float32)
    args = [q, k, v, o, lse, sm_scale]
    for t in (q, k, v, o):
        args += list(t.stride())
    args += [h, n]
    grid = ((n + entry["block_m"] - 1) // entry["block_m"], z * h)
    driver.launch(fn, grid, 32 * entry["num_warps"], entry["dynamic_shared"],
                  args)
    return o


def triton_attention(kernel, entry, q, k, v, causal, sm_scale, o, lse):
    """examples/attention.py's attn_fwd_kernel under Triton, into `o` and
    `lse`, with the cubin's constexprs, num_warps and num_stages (what its
    attention() launches, without allocating the outputs each time)."""
    z, h, n, d = q.shape
    grid = ((n + entry["block_m"] - 1) // entry["block_m"], z * h)
    kernel[grid](q, k, v, o, lse, sm_scale, *q.stride(), *k.stride(), *v.stride(),
                 *o.stride(), h, n, HEAD_DIM=d, BLOCK_M=entry["block_m"],
                 BLOCK_N=entry["block_n"], CAUSAL=causal,
                 num_warps=entry["num_warps"], num_stages=entry["num_stages"])
    return o


def reference(q, k, v, causal, sm_scale, heads=None):
    """float64 softmax(Q K^T * scale) V, for all heads or (b, h) pairs."""
    pairs = heads or [(b, h) for b in range(q.shape[0])
                      for h in range(q.shape[1])]
    out = {}
    for b, h in pairs:
        qd, kd, vd = (t[b, h].double() for t in (q, k, v))
        s = (qd @ kd.T) * sm_scale
        if causal:
            n = s.shape[0]
            s = s.masked_fill(torch.triu(torch.ones(n, n, dtype=torch.bool,
                                                    device=s.device), 1),
                              float("-inf"))
        out[(b, h)] = torch.softmax(s, dim=-1) @ vd
    return out


def rel_err(o, ref):
    num = sum(((o[b, h].double() - r).norm() ** 2).item()
              for (b, h), r in ref.items())
    den = sum((r.norm() ** 2).item() for r in ref.values())
    return (num / den) ** 0.5


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--carry", default=str(ROOT / ".carry" / "attention"))
    p.add_argument("--out", default=os.environ.get("OUT", "attention-out"))
    p.add_argument("--batch", type=int, default=4)
    p.add_argument("--heads", type=int, default=32)
    p.add_argument("--n-ctx", type=int, nargs="+", default=[4096])
    p.add_argument("--no-triton", action="store_true")
    p.add_argument("--only", help="run only the cubin of this manifest name")
    p.add_argument("--check-only", action="store_true",
                   help="the ragged correctness shapes only (for the "
                        "sanitizers): no benchmark shape, no timing")
    args = p.parse_args()
    carry = pathlib.Path(args.carry)
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    manifest = json.loads((carry / "manifest.json").read_text())
    driver = Driver()
    dtypes = {"fp16": torch.float16, "bf16": torch.bfloat16}
    torch.manual_seed(0)
    failures, rows = 0, []
    do_bench = None
    if not args.no_triton and not args.check_only:
        import triton.testing
        import attention as attention_example
        do_bench = triton.testing.do_bench

    if args.only:
        manifest = [e for e in manifest if e["name"] == args.only]
    if args.check_only:
        args.n_ctx = []
    for entry in manifest:
        name = entry["name"]
        dt = dtypes[entry["dtype"]]
        d, causal = entry["head_dim"], bool(entry["causal"])
        sm_scale = 1.0 / d ** 0.5
        fn = driver.load(carry / entry["cubin"], "attn_fwd_kernel",
                         entry["dynamic_shared"])
        # 1. Correctness on ragged shapes, then the benchmark shapes.
        checks = [(1, 2, 333), (2, 3, 1000), (1, 2, 1024)]
        checks += [(args.batch, args.heads, n) for n in args.n_ctx]
        ok = True
        for z, h, n in checks:
            q, k, v = (torch.randn(z, h, n, d, device="cuda", dtype=dt)
                       for _ in range(3))
            o = tilec_attention(driver, entry, fn, q, k, v, sm_scale)
            torch.cuda.synchronize()
            heads = None if z * h <= 8 else [(0, 0), (z - 1, h - 1)]
            err = rel_err(o, reference(q, k, v, causal, sm_scale, heads))
            good = err < BOUND and not torch.isnan(o).any().item()
            ok &= good
            print(f"{'PASS' if good else 'FAIL'} {name} Z={z} H={h} "
                  f"N_CTX={n}: rel_err={err:.3e}", flush=True)
        failures += not ok
        # 2. Timing, only of correct kernels.
        for n in args.n_ctx if ok else []:
            z, h = args.batch, args.heads
            q, k, v = (torch.randn(z, h, n, d, device="cuda", dtype=dt)
                       for _ in range(3))
            flops = 4 * z * h * n * n * d * (0.5 if causal else 1.0)
            row = {"kernel": name, "dtype": entry["dtype"], "head_dim": d,
                   "causal": causal, "num_stages": entry["num_stages"],
                   "n_ctx": n, "batch": z, "heads": h,
                   "registers": entry.get("registers"),
                   "dynamic_shared": entry["dynamic_shared"]}
            o = torch.empty_like(q)
            lse = torch.empty((z, h, n), device=q.device, dtype=torch.float32)
            if do_bench is None:
                import time
                torch.cuda.synchronize()
                t0 = time.perf_counter()
                for _ in range(20):
                    tilec_attention(driver, entry, fn, q, k, v, sm_scale, o,
                                    lse)
                torch.cuda.synchronize()
                row["tilec_ms"] = (time.perf_counter() - t0) / 20 * 1e3
            else:
                row["tilec_ms"] = do_bench(lambda: tilec_attention(
                    driver, entry, fn, q, k, v, sm_scale, o, lse))
                kernel = attention_example.attn_fwd_kernel
                # Triton on the same inputs, checked like tilec first.
                ot = triton_attention(kernel, entry, q, k, v, causal,
                                      sm_scale, torch.full_like(q, float("nan")),
                                      torch.full_like(lse, float("nan")))
                row["triton_rel_err"] = rel_err(ot, reference(
                    q, k, v, causal, sm_scale, [(0, 0), (z - 1, h - 1)]))
                row["triton_ms"] = do_bench(lambda: triton_attention(
                    kernel, entry, q, k, v, causal, sm_scale, o, lse))
                row["sdpa_ms"] = do_bench(
                    lambda: torch.nn.functional.scaled_dot_product_attention(
                        q, k, v, is_causal=causal, scale=sm_scale))
            for col in ("tilec", "triton", "sdpa"):
                if f"{col}_ms" in row:
                    row[f"{col}_tflops"] = flops / (row[f"{col}_ms"] * 1e-3) / 1e12
            if "triton_ms" in row:
                row["tilec_over_triton"] = row["triton_ms"] / row["tilec_ms"]
            rows.append(row)
            print(json.dumps(row), flush=True)

    lines = ["| dtype | D | causal | stages | N | regs | dyn smem | tilec TFLOP/s "
             "| Triton TFLOP/s | tilec/Triton | SDPA TFLOP/s |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        f = lambda key: f"{r[key]:.1f}" if key in r else "-"
        ratio = f"{r['tilec_over_triton']:.2f}" if "tilec_over_triton" in r else "-"
        lines.append(f"| {r['dtype']} | {r['head_dim']} | {int(r['causal'])} | "
                     f"{r['num_stages']} | {r['n_ctx']} | {r['registers']} | "
                     f"{r['dynamic_shared']} | {f('tilec_tflops')} | "
                     f"{f('triton_tflops')} | {ratio} | {f('sdpa_tflops')} |")
    table = "\n".join(lines)
    print(table)
    (out / "attention.md").write_text(
        f"{torch.cuda.get_device_name()}, torch {torch.__version__}\n\n"
        f"{table}\n\n{failures} cubin(s) failed the correctness checks\n")
    (out / "attention.json").write_text(json.dumps(
        {"device": torch.cuda.get_device_name(), "rows": rows,
         "failures": failures}, indent=1))
    print(f"{failures} cubin(s) failed the correctness checks")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
