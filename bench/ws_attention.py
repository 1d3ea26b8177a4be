#!/usr/bin/env python3
"""Warp-specialized attention forward on the H200 (issue 15, item 2): the
forward kernel of Triton's tutorial 06 (`_attn_fwd`, read from Triton's
tutorials at run time, never committed) launched through tilec.jit with
host-side tensor descriptors, `warp_specialize=True` and False, checked
against a float32 reference and timed beside the tutorial under Triton.

tilec warp-specializes the key loop when its K and V loads are TMA loads,
which they are with host descriptors. (The tutorial itself, on Hopper with
warp_specialize=True, makes device-side descriptors, which tilec lowers to
pointer accesses; so tilec's kernel is launched directly here, with the
block shapes the tutorial's pre-hook would set.) Triton runs the tutorial's
`attention()` as published (PYTEST_VERSION keeps it to its one test
config, so that autotuning does not dominate), once with
warp_specialize=False (host descriptors) and once True.

  python3 bench/ws_attention.py TUTORIAL.py OUTDIR [--check]

Checks: fp16, D = 64 and 128, causal and not, N_CTX 256 and 1024, outputs
NaN-poisoned, against softmax(QK^T * scale) V in float32 (atol 1e-2).
Timing (unless --check): B=4, N=4096, H*D=2048, CUDA-event medians
(triton.testing.do_bench), TFLOP/s = 4*B*H*N^2*D (half when causal).
Writes OUTDIR/ws_attention.json and .md. Exit 1 on a tilec mismatch.
"""

import importlib.util
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("PYTEST_VERSION", "1")

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


def load_tutorial(path):
    spec = importlib.util.spec_from_file_location("tutorial06", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    check_only = "--check" in sys.argv
    tut = load_tutorial(args[0])
    out = args[1] if len(args) > 1 else os.environ.get("OUT", ".")
    os.makedirs(out, exist_ok=True)

    def triton_alloc(size, align, stream):
        return torch.empty(size, dtype=torch.int8, device="cuda")
    triton.set_allocator(triton_alloc)

    # The JIT function under the tutorial's autotune decorator.
    fwd = tut._attn_fwd
    while not hasattr(fwd, "arg_names") or hasattr(fwd, "configs"):
        fwd = fwd.fn
    kernel = tilec.jit(fwd)

    def run_tilec(q, k, v, causal, sm_scale, ws, bm, bn, warps, stages):
        Z, H, N, D = q.shape
        o = torch.full_like(q, float("nan"))
        M = torch.empty((Z, H, N), device=q.device, dtype=torch.float32)
        y = Z * H * N
        dq = TensorDescriptor(q, shape=[y, D], strides=[D, 1], block_shape=[bm, D])
        dk = TensorDescriptor(k, shape=[y, D], strides=[D, 1], block_shape=[bn, D])
        dv = TensorDescriptor(v, shape=[y, D], strides=[D, 1], block_shape=[bn, D])
        do = TensorDescriptor(o, shape=[y, D], strides=[D, 1], block_shape=[bm, D])
        grid = (triton.cdiv(N, bm), Z * H, 1)
        kernel[grid](sm_scale, M, Z, H, dq, dk, dv, do, N, HEAD_DIM=D,
                     BLOCK_M=bm, BLOCK_N=bn, FP8_OUTPUT=False,
                     STAGE=3 if causal else 1, warp_specialize=ws,
                     IS_HOPPER=True, num_warps=warps, num_stages=stages)
        return o

    configs = {  # name: (BLOCK_M, BLOCK_N, num_warps, num_stages)
        "bm128_bn64_w4_s2": (128, 64, 4, 2),
        "bm128_bn64_w8_s3": (128, 64, 8, 3),
        "bm128_bn128_w8_s2": (128, 128, 8, 2),
    }
    results = {"device": torch.cuda.get_device_name(), "triton": triton.__version__,
               "tilec": tilec.compiler_version(), "checks": [], "timings": []}
    failures = 0
    torch.manual_seed(int.from_bytes(os.urandom(4), "little"))
    for D in (64, 128):
        for N in (256, 1024):
            for causal in (False, True):
                q, k, v = (torch.randn(1, 2, N, D, device="cuda", dtype=torch.float16)
                           for _ in range(3))
                sm_scale = D ** -0.5
                s = (q.float() @ k.float().transpose(-1, -2)) * sm_scale
                if causal:
                    s = s.masked_fill(torch.ones(N, N, device="cuda", dtype=torch.bool)
                                      .triu(1), float("-inf"))
                ref = torch.softmax(s, -1) @ v.float()
                for name, (bm, bn, w, st) in configs.items():
                    if bn > D:  # the tutorial's static_assert(BLOCK_N <= HEAD_DIM)
                        continue
                    for ws in (True, False):
                        tag = f"D{D} N{N} causal={causal} {name} ws={ws}"
                        try:
                            o = run_tilec(q, k, v, causal, sm_scale, ws, bm, bn, w, st)
                            torch.cuda.synchronize()
                            err = (o.float() - ref).abs().max().item()
                            ok = err <= 1e-2
                            detail = f"max abs err {err:.3g}"
                        except Exception as e:
                            ok, detail = False, f"{type(e).__name__}: {str(e)[:300]}"
                        failures += not ok
                        print(f"{'PASS' if ok else 'FAIL'} {tag}: {detail}", flush=True)
                        results["checks"].append({"case": tag, "ok": ok, "detail": detail})

    if not check_only:
        from triton.testing import do_bench
        B, N = 4, 4096
        for D in (64, 128):
            H = 2048 // D
            q, k, v = (torch.randn(B, H, N, D, device="cuda", dtype=torch.float16)
                       for _ in range(3))
            for causal in (False, True):
                flops = 4.0 * B * H * N * N * D / (2 if causal else 1)
                row = {"D": D, "causal": causal}
                fns = {f"tilec_{name}_ws{int(ws)}": (lambda cfg=cfg, ws=ws:
                                                     run_tilec(q, k, v, causal, D ** -0.5, ws, *cfg))
                       for name, cfg in configs.items() if cfg[1] <= D for ws in (True, False)}
                fns["triton"] = lambda: tut.attention(q, k, v, causal, D ** -0.5, False)
                fns["triton_ws"] = lambda: tut.attention(q, k, v, causal, D ** -0.5, True)
                for name, fn in fns.items():
                    try:
                        row[name] = flops / (do_bench(fn, warmup=25, rep=200) * 1e-3) / 1e12
                    except Exception as e:
                        row[name] = None
                        row[name + "_error"] = f"{type(e).__name__}: {str(e)[:200]}"
                print(json.dumps(row), flush=True)
                results["timings"].append(row)

    with open(os.path.join(out, "ws_attention.json"), "w") as f:
        json.dump(results, f, indent=1)
    lines = [f"checks: {sum(c['ok'] for c in results['checks'])} of "
             f"{len(results['checks'])} pass"]
    for r in results["timings"]:
        best = max(((v, k) for k, v in r.items()
                    if k.startswith("tilec") and isinstance(v, float)), default=(None, None))
        tri = max(x for x in (r.get("triton"), r.get("triton_ws"), 0.0) if x is not None)
        lines.append(f"D={r['D']} causal={r['causal']}: best tilec {best[1]} "
                     f"{best[0] or 0:.0f} TFLOP/s, Triton best {tri:.0f} "
                     f"({(best[0] or 0) / tri if tri else 0:.2f}x)")
    with open(os.path.join(out, "ws_attention.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
