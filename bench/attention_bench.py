#!/usr/bin/env python3
"""Issue 15, item 4: examples/attention.py forward and backward under tilec
(tilec.jit) beside Triton 3.6 on the same source, Triton's tutorial 06
(when carried) and torch SDPA (flash and cuDNN backends), in one run on the
GPU machine.

    TILEC_LIBRARY=... python3 bench/attention_bench.py [OUTDIR] [--quick]
        [--tutorial PATH/06-fused-attention.py]

Shapes: B*N = 16k tokens, H*D = 2048, N from 1k to 16k, D 64 and 128, fp16
and bf16, causal and not (--quick: N 4k and 16k, fp16 only). TFLOP/s count
4*B*H*N^2*D for the forward and 2.5 times that for the backward, half of
each when causal. The backward is the three kernels of
attention_backward() (preprocess, dK/dV, dQ) from the forward's own Out and
LSE; SDPA's and the tutorial's backward are timed through autograd
(`out.backward(dO, retain_graph=True)`).

Before each shape is timed, tilec's Out, LSE, dQ, dK and dV are checked on
(batch 0, head 0) against float64 torch (autograd for the gradients) when
N <= 4096, and against Triton's on the same source otherwise (relative
Frobenius error under 1e-2); outputs are NaN-poisoned by the host
functions. Writes OUTDIR/attention_bench.json and .md. Exit 1 if a check
failed; 77 without a GPU.
"""
import argparse
import importlib.util
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
import attention as A  # noqa: E402

KERNELS = ("attn_fwd_kernel", "attn_bwd_preprocess", "attn_bwd_dkdv",
           "attn_bwd_dq")
TRITON = {k: getattr(A, k) for k in KERNELS}
TILEC = {k: tilec.jit(getattr(A, k)) for k in KERNELS}
BOUND = 1e-2


def use(kernels):
    """Points examples/attention.py's host functions at these kernels."""
    for k, v in kernels.items():
        setattr(A, k, v)


def rel(x, ref):
    x, ref = x.double(), ref.double()
    return ((x - ref).norm() / ref.norm()).item()


def load_tutorial(path):
    if not path or not os.path.exists(path):
        return None
    spec = importlib.util.spec_from_file_location("tutorial06", path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except Exception as e:  # a Triton or pytest version it cannot import under
        print(f"tutorial 06 not loaded: {e}")
        return None
    return mod


def tutorial_through_tilec(path):
    """Tutorial 06 loaded a second time, its kernels (autotune and all)
    replaced by tilec.jit of them: the module's `attention` then launches
    the same source through tilec, with the same configs."""
    mod = load_tutorial(path)
    if mod is None:
        return None
    for name in ("_attn_fwd", "_attn_bwd_preprocess", "_attn_bwd"):
        setattr(mod, name, tilec.jit(getattr(mod, name)))
    return mod


def bench(fn):
    return triton.testing.do_bench(fn, warmup=10, rep=40)


def sdpa_time(q, k, v, causal, backend, do):
    from torch.nn.attention import sdpa_kernel
    qq, kk, vv = (t.detach().requires_grad_() for t in (q, k, v))
    with sdpa_kernel(backend):
        try:
            o = torch.nn.functional.scaled_dot_product_attention(
                qq, kk, vv, is_causal=bool(causal))
            fwd = bench(lambda: torch.nn.functional.scaled_dot_product_attention(
                qq, kk, vv, is_causal=bool(causal)))
            bwd = bench(lambda: o.backward(do, retain_graph=True))
        except RuntimeError as e:
            return dict(error=str(e).splitlines()[0][:200])
    return dict(fwd_ms=fwd, bwd_ms=bwd)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default=os.environ.get(
        "OUT", "bench/results/attention-bench"))
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--tutorial", default=None)
    ap.add_argument("--ns", type=int, nargs="+", help="sequence lengths "
                    "(default 1k to 16k; --quick: 4k and 16k)")
    ap.add_argument("--only-tilec", action="store_true",
                    help="tilec's columns alone (a second library's run, "
                    "e.g. the baseline of an optimisation)")
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tut = None if args.only_tilec else load_tutorial(args.tutorial)
    tut_tilec = None if args.only_tilec else tutorial_through_tilec(args.tutorial)
    from torch.nn.attention import SDPBackend

    ns = args.ns or ([4096, 16384] if args.quick else
                     [1024, 2048, 4096, 8192, 16384])
    dtypes = [torch.float16] if args.quick else [torch.float16, torch.bfloat16]
    rows, failures = [], 0
    for dtype in dtypes:
        for D in (64, 128):
            for causal in (0, 1):
                for N in ns:
                    Z, H = 16384 // N, 2048 // D
                    torch.manual_seed(N + D + causal)
                    q, k, v, do = (torch.randn(Z, H, N, D, device="cuda", dtype=dtype)
                                   for _ in range(4))
                    scale = D ** -0.5
                    row = dict(dtype=str(dtype)[6:], D=D, causal=causal, N=N, Z=Z, H=H)
                    flops = 4 * Z * H * N * N * D * (0.5 if causal else 1.0)
                    res = {}
                    impls = (("tilec", TILEC),) + (() if args.only_tilec else
                                                   (("triton", TRITON),))
                    for name, ks in impls:
                        use(ks)
                        try:
                            o, lse = A.attention(q, k, v, causal, scale)
                            grads = A.attention_backward(q, k, v, o, lse, do, causal, scale)
                            torch.cuda.synchronize()
                        except Exception as e:
                            row[name] = dict(error=str(e).splitlines()[0][:300])
                            failures += name == "tilec"
                            continue
                        res[name] = (o, lse, grads)
                        fwd = bench(lambda: A.attention(q, k, v, causal, scale))
                        bwd = bench(lambda: A.attention_backward(
                            q, k, v, o, lse, do, causal, scale))
                        row[name] = dict(fwd_ms=fwd, bwd_ms=bwd,
                                         fwd_tflops=flops / fwd / 1e9,
                                         bwd_tflops=2.5 * flops / bwd / 1e9)
                    use(TRITON)
                    if "tilec" in res:
                        o, lse, (dq, dk, dv) = res["tilec"]
                        if N <= 4096:
                            s = (slice(0, 1), slice(0, 1))
                            ro, rlse = A._reference(q[s], k[s], v[s], causal, scale)
                            rdq, rdk, rdv = A._reference_grads(q[s], k[s], v[s], do[s],
                                                               causal, scale)
                            errs = dict(out=rel(o[s], ro), lse=rel(lse[s], rlse),
                                        dq=rel(dq[s], rdq), dk=rel(dk[s], rdk),
                                        dv=rel(dv[s], rdv), against="float64")
                        elif "triton" in res:
                            to, tlse, (tdq, tdk, tdv) = res["triton"]
                            errs = dict(out=rel(o, to), lse=rel(lse, tlse), dq=rel(dq, tdq),
                                        dk=rel(dk, tdk), dv=rel(dv, tdv), against="triton")
                        else:
                            errs = dict(against="none")
                        ok = all(v_ < BOUND for k_, v_ in errs.items() if k_ != "against")
                        failures += not ok
                        row["check"] = dict(errs, ok=ok)
                    for label, backend in () if args.only_tilec else (
                            ("sdpa_flash", SDPBackend.FLASH_ATTENTION),
                            ("sdpa_cudnn", SDPBackend.CUDNN_ATTENTION)):
                        row[label] = sdpa_time(q, k, v, causal, backend, do)
                    for label, mod in (("tutorial", tut), ("tutorial_tilec", tut_tilec)):
                        if mod is None:
                            continue
                        try:
                            qq, kk, vv = (t.detach().requires_grad_() for t in (q, k, v))
                            to = mod.attention(qq, kk, vv, bool(causal), scale, False)
                            if label == "tutorial_tilec" and N <= 4096:
                                # tilec's compile of the tutorial, against
                                # float64 on one batch and head (as above).
                                s = (slice(0, 1), slice(0, 1))
                                ref, _ = A._reference(q[s], k[s], v[s], causal, scale)
                                err = rel(to.detach()[s], ref)
                                chk = row.setdefault("check", {})
                                chk["tutorial_tilec_out"] = err
                                if not err < BOUND:
                                    chk["ok"] = False
                                    failures += 1
                            row[label] = dict(
                                fwd_ms=bench(lambda: mod.attention(
                                    qq, kk, vv, bool(causal), scale, False)),
                                bwd_ms=bench(lambda: to.backward(do, retain_graph=True)))
                        except Exception as e:
                            row[label] = dict(error=str(e).splitlines()[0][:200])
                    for key in ("sdpa_flash", "sdpa_cudnn", "tutorial", "tutorial_tilec"):
                        d = row.get(key, {})
                        if "fwd_ms" in d:
                            d["fwd_tflops"] = flops / d["fwd_ms"] / 1e9
                            d["bwd_tflops"] = 2.5 * flops / d["bwd_ms"] / 1e9
                    rows.append(row)
                    print(json.dumps(row), flush=True)
    (out / "attention_bench.json").write_text(json.dumps(
        dict(device=torch.cuda.get_device_name(), triton=triton.__version__,
             torch=torch.__version__, rows=rows), indent=1))
    cols = ("tilec", "triton", "tutorial_tilec", "tutorial", "sdpa_flash",
            "sdpa_cudnn")
    md = ["| dtype | D | causal | N | " + " | ".join(
              f"{c} fwd | {c} bwd" for c in cols) + " | tilec/Triton fwd | bwd | check |",
          "|" + " --- |" * (4 + 2 * len(cols) + 3)]
    for r in rows:
        cells = []
        for c in cols:
            d = r.get(c, {})
            cells += ([f"{d['fwd_tflops']:.0f}", f"{d['bwd_tflops']:.0f}"]
                      if "fwd_tflops" in d else ["err" if "error" in d else "-"] * 2)
        t, x = r.get("tilec", {}), r.get("triton", {})
        ratio = (f"{x['fwd_ms'] / t['fwd_ms']:.2f} | {x['bwd_ms'] / t['bwd_ms']:.2f}"
                 if "fwd_ms" in t and "fwd_ms" in x else "- | -")
        chk = r.get("check", {})
        md.append(f"| {r['dtype']} | {r['D']} | {r['causal']} | {r['N']} | "
                  + " | ".join(cells) + f" | {ratio} | "
                  + ("ok" if chk.get("ok") else "FAIL") + " |")
    (out / "attention_bench.md").write_text(
        "TFLOP/s, " + torch.cuda.get_device_name() + "\n\n" + "\n".join(md) + "\n")
    print("\n".join(md))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
