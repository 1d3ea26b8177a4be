#!/usr/bin/env python3
"""Warp specialization on the H200 (issue 15, item 2): examples/matmul_tma.py
with its K loop as `tl.range(..., warp_specialize=True)`, through tilec.jit,
checked and timed beside the same kernel without the flag, Triton on both
sources, and cuBLAS (torch.matmul).

The warp-specialized source is the sample's with one line changed (the loop
header), made at run time so that the two cannot drift. Checks, for each
source through tilec: fp16 A, B, a NaN-poisoned C, against a float64 matmul
of the same inputs, on aligned and ragged shapes (M, N, K not multiples of
the tiles, K shorter than the ring), with the CTA size tilec declares
(384 threads: 8 consumer warps and the producer warpgroup).

Timing: CUDA-event medians (triton.testing.do_bench) at 4096^3 and 8192^3
(and 2048^3), TFLOP/s = 2*M*N*K / time.

  python3 bench/ws_matmul.py OUTDIR            check + benchmark
  python3 bench/ws_matmul.py OUTDIR --check    checks only, small shapes
                                               (for compute-sanitizer)
Writes OUTDIR/ws_matmul.json and ws_matmul.md. Exit 1 on any mismatch, 77
without a GPU.
"""

import importlib.util
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))

try:
    import torch
except ImportError:
    print("SKIP: no torch")
    sys.exit(77)
if not torch.cuda.is_available():
    print("SKIP: no GPU")
    sys.exit(77)

import triton  # noqa: E402
from triton.tools.tensor_descriptor import TensorDescriptor  # noqa: E402

import tilec  # noqa: E402

PLAIN_LOOP = "for kt in range(0, tl.cdiv(K, BLOCK_K)):"
WS_LOOP = "for kt in tl.range(0, tl.cdiv(K, BLOCK_K), warp_specialize=True):"
BM, BN, BK, GROUP_M, WARPS, STAGES = 128, 256, 64, 8, 8, 3


def load_sources(tmp):
    """The sample and its warp-specialized twin, as modules."""
    src = open(os.path.join(ROOT, "examples", "matmul_tma.py")).read()
    if PLAIN_LOOP not in src:
        raise SystemExit("examples/matmul_tma.py no longer has the loop "
                         "this benchmark rewrites: " + PLAIN_LOOP)
    mods = {}
    for name, text in (("plain", src), ("ws", src.replace(PLAIN_LOOP, WS_LOOP))):
        path = os.path.join(tmp, f"matmul_tma_{name}.py")
        with open(path, "w") as f:
            f.write(text)
        spec = importlib.util.spec_from_file_location(f"matmul_tma_{name}", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        mods[name] = mod
    return mods


def launcher(kernel):
    def run(a, b, c):
        M, K = a.shape
        N = b.shape[1]
        a_d = TensorDescriptor.from_tensor(a, [BM, BK])
        b_d = TensorDescriptor.from_tensor(b, [BK, BN])
        c_d = TensorDescriptor.from_tensor(c, [BM, BN])
        grid = (triton.cdiv(M, BM) * triton.cdiv(N, BN),)
        kernel[grid](a_d, b_d, c_d, M, N, K, BLOCK_M=BM, BLOCK_N=BN,
                     BLOCK_K=BK, GROUP_M=GROUP_M, num_warps=WARPS,
                     num_stages=STAGES)
    return run


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    check_only = "--check" in sys.argv
    out = args[0] if args else os.environ.get("OUT", ".")
    os.makedirs(out, exist_ok=True)
    tmp = tempfile.mkdtemp()
    mods = load_sources(tmp)
    torch.cuda.set_per_process_memory_fraction(0.9)

    def triton_alloc(size, align, stream):
        return torch.empty(size, dtype=torch.int8, device="cuda")
    triton.set_allocator(triton_alloc)

    runs = {
        "tilec": launcher(tilec.jit(mods["plain"].matmul_tma_kernel)),
        "tilec_ws": launcher(tilec.jit(mods["ws"].matmul_tma_kernel)),
        "triton": launcher(mods["plain"].matmul_tma_kernel),
        "triton_ws": launcher(mods["ws"].matmul_tma_kernel),
    }
    results = {"device": torch.cuda.get_device_name(),
               "tilec": tilec.compiler_version(), "triton": triton.__version__,
               "checks": [], "timings": []}
    failures = 0

    shapes = [(256, 512, 64), (128, 256, 128), (300, 200, 70), (1000, 520, 1000),
              (129, 257, 65), (64, 64, 8)]
    if not check_only:
        shapes += [(2048, 2048, 2048), (4096, 4096, 4096 + 8)]
    gen = torch.Generator(device="cuda")
    gen.manual_seed(int.from_bytes(os.urandom(4), "little"))
    for (M, N, K) in shapes:
        # TMA needs 16-byte row strides: pad K and N to a multiple of 8.
        Kp, Np = (K + 7) // 8 * 8, (N + 7) // 8 * 8
        a = torch.randn(M, Kp, device="cuda", generator=gen).half()
        b = torch.randn(Kp, Np, device="cuda", generator=gen).half()
        a[:, K:] = 0
        b[K:, :] = 0
        ref = (a.double() @ b.double())
        for name in ("tilec", "tilec_ws") + (() if check_only else ("triton_ws",)):
            c = torch.full((M, Np), float("nan"), device="cuda", dtype=torch.half)
            try:
                runs[name](a, b, c)
                torch.cuda.synchronize()
                err = (c.double() - ref).abs()
                tol = 1e-2 + 2e-3 * ref.abs()
                bad = int((~(err <= tol)).sum().item())
                ok = bad == 0
                detail = f"max abs err {err.max().item():.3g}, {bad} outside tolerance"
            except Exception as e:  # a refusal or a launch failure
                ok, detail = False, f"{type(e).__name__}: {str(e)[:300]}"
            if name.startswith("triton") and not ok:
                detail = "(Triton, recorded only) " + detail
            elif not ok:
                failures += 1
            line = f"{'PASS' if ok else 'FAIL'} {name} {M}x{N}x{K}: {detail}"
            print(line, flush=True)
            results["checks"].append({"name": name, "shape": [M, N, K],
                                      "ok": ok, "detail": detail})

    if not check_only:
        from triton.testing import do_bench
        for n in (2048, 4096, 8192):
            a = torch.randn(n, n, device="cuda").half()
            b = torch.randn(n, n, device="cuda").half()
            c = torch.empty(n, n, device="cuda", dtype=torch.half)
            row = {"shape": n}
            flops = 2.0 * n ** 3
            for name, run in list(runs.items()) + [("cublas", None)]:
                try:
                    fn = (lambda: torch.matmul(a, b, out=c)) if run is None else \
                        (lambda run=run: run(a, b, c))
                    ms = do_bench(fn, warmup=100, rep=500)
                    row[name] = flops / (ms * 1e-3) / 1e12
                except Exception as e:
                    row[name] = None
                    row[name + "_error"] = f"{type(e).__name__}: {str(e)[:200]}"
            results["timings"].append(row)
            print(json.dumps(row), flush=True)

    with open(os.path.join(out, "ws_matmul.json"), "w") as f:
        json.dump(results, f, indent=1)
    lines = ["| n | tilec | tilec ws | Triton | Triton ws | cuBLAS | ws/Triton | ws/cuBLAS |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]

    def fmt(v):
        return "-" if v is None else f"{v:.0f}"
    for r in results["timings"]:
        ws, tr, cb = r.get("tilec_ws"), r.get("triton"), r.get("cublas")
        ratio = lambda x, y: "-" if not x or not y else f"{x / y:.2f}"
        lines.append(f"| {r['shape']} | {fmt(r.get('tilec'))} | {fmt(ws)} | "
                     f"{fmt(tr)} | {fmt(r.get('triton_ws'))} | {fmt(cb)} | "
                     f"{ratio(ws, tr)} | {ratio(ws, cb)} |")
    passed = sum(c["ok"] for c in results["checks"])
    lines.append(f"\nchecks: {passed} of {len(results['checks'])} pass; "
                 f"tilec failures: {failures}")
    with open(os.path.join(out, "ws_matmul.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
