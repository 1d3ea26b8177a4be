#!/usr/bin/env python3
"""Issue 16 items 1-2 on the GPU: RMS norm and layer norm forward and
backward, and the fused cross-entropy, through tilec (tilec.jit over
libtilec.so) and Triton on the same examples/*.py source, beside torch eager
and torch.compile, with the copy bandwidth measured in the same run.

    TILEC_LIBRARY=/path/to/libtilec.so python3 bench/bench_norms.py OUTDIR

Cases (bf16 everywhere, fp16 at two norm shapes): hidden 1024, 4096, 8192 x
rows 4096, 16384, 65536 for
  rms_fwd      examples/rmsnorm.py rmsnorm_fwd_kernel
  rms_bwd      rmsnorm_bwd_kernel + rmsnorm_bwd_dw_kernel (one wave of
               programs: rmsnorm.py's partial_programs)
  ln_fwd       examples/layernorm.py layernorm_fwd_fused_kernel
  ln_bwd       examples/layernorm_bwd.py layernorm_bwd_kernel + dwdb
  ln_bwd_lock  layernorm_bwd_lock_kernel + dwdb (the locks cleared each
               call, in both columns)
and vocabularies 32000, 128256, 256000 x 4096 rows for
  ce uU        examples/cross_entropy.py cross_entropy_kernel (mean,
               ignore_index -100 on every 7th row, label smoothing 0.1),
               UNROLL U = 1 and 2.
Every output of tilec and Triton is first checked, from NaN-poisoned
buffers, against float64 torch (autograd for the backward passes) on the
same inputs. Times: triton.testing.do_bench medians (the L2 flushed before
each run). GB/s count one read of each input and one write of each output
(for ce: the logits read once and the gradient written once, though the
kernel reads each row twice). torch columns: eager (F.rms_norm,
F.layer_norm, F.cross_entropy, their autograd backward) and torch.compile
of the same. Writes OUTDIR/norms.json and OUTDIR/norms.md; exit 1 if any
check failed.
"""
import json
import os
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "examples"))

import torch  # noqa: E402
import triton  # noqa: E402
from triton.testing import do_bench  # noqa: E402

import tilec  # noqa: E402
import rmsnorm as rms  # noqa: E402
import layernorm as lnf  # noqa: E402
import layernorm_bwd as lnb  # noqa: E402
import cross_entropy as ce  # noqa: E402

DEV = "cuda"
ROWS = (4096, 16384, 65536)
HIDDEN = (1024, 4096, 8192)
VOCAB = (32000, 128256, 256000)
CE_ROWS = 4096
FP16_SHAPES = ((16384, 4096), (65536, 8192))
QUICK = os.environ.get("NORMS_QUICK") == "1"
if QUICK:
    ROWS, HIDDEN, VOCAB, FP16_SHAPES = (4096,), (1024, 8192), (32000,), ((4096, 4096),)

results = {"device": torch.cuda.get_device_name(), "torch": torch.__version__,
           "triton": triton.__version__, "tilec": tilec.compiler_version(),
           "cases": []}
failures = 0


def say(text):
    print(text, flush=True)


def ms(fn):
    return do_bench(fn, warmup=25, rep=100, return_mode="median")


def rel_err(out, ref):
    out = out.double()
    if torch.isnan(out).any():
        return float("nan")
    return ((out - ref).norm() / ref.norm()).item()


def both(kernel):
    """(Triton's kernel, tilec's) for one @triton.jit function."""
    return {"triton": kernel, "tilec": tilec.jit(kernel)}


K = {name: both(getattr(mod, name)) for mod, name in (
    (rms, "rmsnorm_fwd_kernel"), (rms, "rmsnorm_bwd_kernel"), (rms, "rmsnorm_bwd_dw_kernel"),
    (lnf, "layernorm_fwd_fused_kernel"), (lnb, "layernorm_bwd_kernel"),
    (lnb, "layernorm_bwd_lock_kernel"), (lnb, "layernorm_bwd_dwdb_kernel"),
    (ce, "cross_entropy_kernel"))}
SMS = torch.cuda.get_device_properties(0).multi_processor_count


def attempt(fn):
    """fn(), or None if it raises (a torch path missing on this version)."""
    try:
        return fn()
    except Exception:
        traceback.print_exc()
        return None


def bound_for(dt):
    """The whole-tensor relative L2 error allowed: the 16-bit rounding of
    the outputs (test/GPU/samples_norms.cpp bounds every row and element)."""
    return 1e-2 if dt == torch.bfloat16 else 2e-3


def record(case, nbytes, checks, launchers, torch_fns, bound):
    """Checks (name -> (out tensors thunk, refs)), then times each launcher
    (tilec, triton) and torch function (None: not available)."""
    global failures
    row = dict(case=case, bytes=nbytes, bound=bound, checks={}, ms={})
    for which, (check, refs) in checks.items():
        try:
            outs = check()
            torch.cuda.synchronize()
            errs = [rel_err(o, r) for o, r in zip(outs, refs)]
            ok = all(e == e and e < bound for e in errs)
        except Exception as e:  # a compile or launch failure is a result
            traceback.print_exc()
            errs, ok = [repr(e)[:300]], False
        failures += not ok
        row["checks"][which] = {"rel_err": errs, "ok": ok}
        say(f"{'PASS' if ok else 'FAIL'} {case} {which}: rel_err {errs}")
    for name, fn in list(launchers.items()) + list(torch_fns.items()):
        if fn is None or name in row["checks"] and not row["checks"][name]["ok"]:
            continue
        try:
            row["ms"][name] = ms(fn)
        except Exception as e:
            traceback.print_exc()
            row["ms"][name] = None
            row.setdefault("errors", {})[name] = repr(e)[:300]
    gbs = {k: (nbytes / v / 1e6 if v else None) for k, v in row["ms"].items()}
    row["gbs"] = gbs
    results["cases"].append(row)
    say(f"  {case}: " + ", ".join(f"{k} {v * 1000:.1f} us" if v else f"{k} -"
                                  for k, v in row["ms"].items()))


def _rms_norm(a, c, eps):
    return torch.nn.functional.rms_norm(a, a.shape[-1:], c, eps)


def _layer_norm(a, c, d, eps):
    return torch.nn.functional.layer_norm(a, a.shape[-1:], c, d, eps)


def _cross_entropy(a, t):
    return torch.nn.functional.cross_entropy(a, t, ignore_index=-100, label_smoothing=0.1)


# One compiled function each (torch.compile's default: static for the first
# shape, dynamic after a recompile), so that the shapes do not each compile.
RMS_C = torch.compile(_rms_norm)
LN_C = torch.compile(_layer_norm)
CE_C = torch.compile(_cross_entropy)


# ---------------------------------------------------------------------------
# RMS norm
# ---------------------------------------------------------------------------

def rms_cases(M, N, dt):
    b = torch.finfo(dt).bits // 8
    eps = 1e-6
    x = (torch.randn(M, N, device=DEV) * 2 + 0.5).to(dt)
    w = (torch.rand(N, device=DEV) + 0.5).to(dt)
    dy = torch.randn(M, N, device=DEV).to(dt)
    y_ref, rstd_ref, dx_ref, dw_ref = rms.reference(x, w, dy, eps)
    block = triton.next_power_of_2(N)
    warps = rms.warps_for(block)
    tag = f"{str(dt)[6:]} {M}x{N}"

    y, rstd = torch.empty_like(x), torch.empty(M, device=DEV, dtype=torch.float32)

    def fwd(which):
        return lambda: K["rmsnorm_fwd_kernel"][which][(M,)](
            x, y, w, rstd, x.stride(0), N, eps, BLOCK_N=block, num_warps=warps)

    def fwd_check(which):
        def run():
            y.fill_(float("nan"))
            rstd.fill_(float("nan"))
            fwd(which)()
            return [y.clone(), rstd.clone()]
        return run

    xg, wg = x.clone().requires_grad_(True), w.clone().requires_grad_(True)
    eager = lambda: torch.nn.functional.rms_norm(x, (N,), w, eps)  # noqa: E731
    comp = lambda a, c: RMS_C(a, c, eps)  # noqa: E731
    record(f"rms_fwd {tag}", 2 * M * N * b + N * b + 4 * M,
           {k: (fwd_check(k), [y_ref, rstd_ref]) for k in ("tilec", "triton")},
           {k: fwd(k) for k in ("tilec", "triton")},
           {"torch": eager, "torch.compile": lambda: comp(x, w)}, bound_for(dt))

    # Backward: rstd from the float64 forward (rounded to fp32).
    rstd32 = rstd_ref.float()
    rpp = triton.cdiv(M, rms.partial_programs(block, SMS))
    P = triton.cdiv(M, rpp)
    dx, dw = torch.empty_like(x), torch.empty_like(w)
    part = torch.empty(P, N, device=DEV, dtype=torch.float32)

    def bwd(which):
        def run():
            K["rmsnorm_bwd_kernel"][which][(P,)](x, dy, dx, w, rstd32, part, x.stride(0), M, N,
                                                 rpp, BLOCK_N=block, num_warps=warps)
            K["rmsnorm_bwd_dw_kernel"][which][(triton.cdiv(N, 16),)](
                part, dw, P, N, BLOCK_M=128, BLOCK_N=16, num_warps=4)
        return run

    def bwd_check(which):
        def run():
            dx.fill_(float("nan"))
            dw.fill_(float("nan"))
            bwd(which)()
            return [dx.clone(), dw.clone()]
        return run

    ye = attempt(lambda: torch.nn.functional.rms_norm(xg, (N,), wg, eps))
    yc = attempt(lambda: comp(xg, wg))
    record(f"rms_bwd {tag}", 3 * M * N * b + 2 * N * b + 4 * M,
           {k: (bwd_check(k), [dx_ref, dw_ref]) for k in ("tilec", "triton")},
           {k: bwd(k) for k in ("tilec", "triton")},
           {"torch": ye is not None and (
               lambda: torch.autograd.grad(ye, (xg, wg), dy, retain_graph=True)) or None,
            "torch.compile": yc is not None and (
                lambda: torch.autograd.grad(yc, (xg, wg), dy, retain_graph=True)) or None},
           bound_for(dt))


# ---------------------------------------------------------------------------
# Layer norm
# ---------------------------------------------------------------------------

def ln_cases(M, N, dt):
    b = torch.finfo(dt).bits // 8
    eps = 1e-5
    x = (torch.randn(M, N, device=DEV) * 2 + 0.5).to(dt)
    w = (torch.rand(N, device=DEV) + 0.5).to(dt)
    bias = torch.randn(N, device=DEV).to(dt)
    dy = torch.randn(M, N, device=DEV).to(dt)
    mean_ref, rstd_ref, dx_ref, dw_ref, db_ref = lnb.reference(x, w, bias, dy, eps)
    y_ref = ((x.double() - mean_ref[:, None]) * rstd_ref[:, None] * w.double()
             + bias.double())
    block = triton.next_power_of_2(N)
    warps = lnb.warps_for(block)
    tag = f"{str(dt)[6:]} {M}x{N}"

    y = torch.empty_like(x)
    mean = torch.empty(M, device=DEV, dtype=torch.float32)
    rstd = torch.empty_like(mean)

    def fwd(which):
        return lambda: K["layernorm_fwd_fused_kernel"][which][(M,)](
            x, y, w, bias, mean, rstd, x.stride(0), N, eps, BLOCK_SIZE=block, num_warps=warps)

    def fwd_check(which):
        def run():
            for t in (y, mean, rstd):
                t.fill_(float("nan"))
            fwd(which)()
            return [y.clone(), mean.clone(), rstd.clone()]
        return run

    xg = x.clone().requires_grad_(True)
    wg, bg = w.clone().requires_grad_(True), bias.clone().requires_grad_(True)
    comp = lambda a, c, d: LN_C(a, c, d, eps)  # noqa: E731
    record(f"ln_fwd {tag}", 2 * M * N * b + 2 * N * b + 8 * M,
           {k: (fwd_check(k), [y_ref, mean_ref, rstd_ref]) for k in ("tilec", "triton")},
           {k: fwd(k) for k in ("tilec", "triton")},
           {"torch": lambda: torch.nn.functional.layer_norm(x, (N,), w, bias, eps),
            "torch.compile": lambda: comp(x, w, bias)}, bound_for(dt))

    mean32, rstd32 = mean_ref.float(), rstd_ref.float()
    rpp = triton.cdiv(M, lnb.partial_programs(block, SMS))
    P = triton.cdiv(M, rpp)
    group = lnb.group_for(N)
    dx, dw, db = torch.empty_like(x), torch.empty_like(w), torch.empty_like(w)
    pdw = torch.empty(max(P, group), N, device=DEV, dtype=torch.float32)
    pdb = torch.empty_like(pdw)
    locks = torch.zeros(2 * group, device=DEV, dtype=torch.int32)

    def reduce(which, parts):
        K["layernorm_bwd_dwdb_kernel"][which][(triton.cdiv(N, 16),)](
            pdw, pdb, dw, db, parts, N, BLOCK_M=128, BLOCK_N=16, num_warps=4)

    def bwd(which):
        def run():
            K["layernorm_bwd_kernel"][which][(P,)](x, dy, dx, w, mean32, rstd32, pdw, pdb,
                                                   x.stride(0), M, N, rpp, BLOCK_N=block,
                                                   num_warps=warps)
            reduce(which, P)
        return run

    def bwd_lock(which):
        def run():
            locks.zero_()
            K["layernorm_bwd_lock_kernel"][which][(M,)](x, dy, dx, w, mean32, rstd32, pdw, pdb,
                                                        locks, locks[group:], x.stride(0), N,
                                                        GROUP=group, BLOCK_N=block,
                                                        num_warps=warps)
            reduce(which, min(M, group))
        return run

    def check(launch):
        def run():
            for t in (dx, dw, db, pdw, pdb):
                t.fill_(float("nan"))
            launch()
            return [dx.clone(), dw.clone(), db.clone()]
        return run

    ye = attempt(lambda: torch.nn.functional.layer_norm(xg, (N,), wg, bg, eps))
    yc = attempt(lambda: comp(xg, wg, bg))
    nbytes = 3 * M * N * b + 3 * N * b + 8 * M
    torch_fns = {
        "torch": ye is not None and (
            lambda: torch.autograd.grad(ye, (xg, wg, bg), dy, retain_graph=True)) or None,
        "torch.compile": yc is not None and (
            lambda: torch.autograd.grad(yc, (xg, wg, bg), dy, retain_graph=True)) or None}
    record(f"ln_bwd {tag}", nbytes,
           {k: (check(bwd(k)), [dx_ref, dw_ref, db_ref]) for k in ("tilec", "triton")},
           {k: bwd(k) for k in ("tilec", "triton")}, torch_fns, bound_for(dt))
    record(f"ln_bwd_lock {tag}", nbytes,
           {k: (check(bwd_lock(k)), [dx_ref, dw_ref, db_ref]) for k in ("tilec", "triton")},
           {k: bwd_lock(k) for k in ("tilec", "triton")}, {}, bound_for(dt))


# ---------------------------------------------------------------------------
# Cross-entropy
# ---------------------------------------------------------------------------

def ce_cases(M, V, dt):
    b = torch.finfo(dt).bits // 8
    smoothing, ignore = 0.1, -100
    logits = (torch.randn(M, V, device=DEV) * 3).to(dt)
    targets = torch.randint(0, V, (M,), device=DEV)
    targets[::7] = ignore
    loss_ref, grad_ref = ce.reference(logits, targets, ignore, smoothing, "mean")
    inv = 1.0 / int((targets != ignore).sum().item())
    work = logits.clone()
    loss = torch.empty(M, device=DEV, dtype=torch.float32)
    tag = f"{str(dt)[6:]} {M}x{V}"

    def launch(which, unroll):
        return lambda: K["cross_entropy_kernel"][which][(M,)](
            work, work.stride(0), targets, loss, V, ignore, smoothing, inv,
            BLOCK_V=ce.BLOCK_V, UNROLL=unroll, num_warps=ce.NUM_WARPS)

    def check(which, unroll):
        def run():
            work.copy_(logits)
            loss.fill_(float("nan"))
            launch(which, unroll)()
            return [loss.sum().reshape(1), work.clone()]
        return run

    xg = logits.clone().requires_grad_(True)

    def eager():
        lo = torch.nn.functional.cross_entropy(xg, targets, ignore_index=ignore,
                                               label_smoothing=smoothing)
        return torch.autograd.grad(lo, xg)

    def compiled_step():
        return torch.autograd.grad(CE_C(xg, targets), xg)

    # The timed launches overwrite `work` with gradients, which they then
    # read as logits: the same traffic and arithmetic. Both unrollings of
    # the loops (UNROLL 1 and 2), the torch columns once.
    for unroll in (1, 2):
        record(f"ce u{unroll} {tag}", 2 * M * V * b + 12 * M,
               {k: (check(k, unroll), [loss_ref.reshape(1), grad_ref])
                for k in ("tilec", "triton")},
               {k: launch(k, unroll) for k in ("tilec", "triton")},
               {"torch": eager, "torch.compile": compiled_step} if unroll == 1 else {},
               bound_for(dt))


# ---------------------------------------------------------------------------

def copy_bandwidth():
    src = torch.empty(2 ** 29, dtype=torch.float32, device=DEV).uniform_()
    dst = torch.empty_like(src)
    t = ms(lambda: dst.copy_(src))
    results["copy"] = {"ms": t, "gbs": 2 * src.numel() * 4 / t / 1e6}
    say(f"copy (torch copy_ of 2 GiB, read + write): {results['copy']['gbs']:.0f} GB/s")


def table():
    copy = results["copy"]["gbs"]
    lines = [f"Device {results['device']}, torch {results['torch']}, Triton "
             f"{results['triton']}, tilec {results['tilec']}.",
             f"Copy bandwidth (torch copy_ of 2 GiB, read + write): {copy:.0f} GB/s.", "",
             "| case | tilec us | tilec GB/s | tilec % copy | Triton us | Triton % copy "
             "| tilec/Triton | torch us | torch.compile us | checks |",
             "|---|---|---|---|---|---|---|---|---|---|"]

    def us(v):
        return f"{v * 1000:.1f}" if v else "-"

    for r in results["cases"]:
        m, g = r["ms"], r["gbs"]
        ratio = (m["triton"] / m["tilec"]) if m.get("tilec") and m.get("triton") else None
        pc = lambda k: f"{100 * g[k] / copy:.0f}%" if g.get(k) else "-"  # noqa: E731
        ok = all(c["ok"] for c in r["checks"].values())
        tg = f"{g['tilec']:.0f}" if g.get("tilec") else "-"
        rt = f"{ratio:.2f}" if ratio else "-"
        lines.append(f"| {r['case']} | {us(m.get('tilec'))} | {tg} | {pc('tilec')} | "
                     f"{us(m.get('triton'))} | {pc('triton')} | {rt} | {us(m.get('torch'))} | "
                     f"{us(m.get('torch.compile'))} | {'ok' if ok else 'FAIL'} |")
    return "\n".join(lines) + "\n"


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("OUT", ".")
    os.makedirs(outdir, exist_ok=True)
    torch.manual_seed(0)
    t0 = time.time()
    copy_bandwidth()
    shapes = [(M, N, torch.bfloat16) for N in HIDDEN for M in ROWS]
    shapes += [(M, N, torch.float16) for M, N in FP16_SHAPES]
    for M, N, dt in shapes:
        for part in (rms_cases, ln_cases):
            try:
                part(M, N, dt)
            except Exception:
                global failures
                traceback.print_exc()
                failures += 1
            torch.cuda.empty_cache()
    for V in VOCAB:
        try:
            ce_cases(CE_ROWS, V, torch.bfloat16)
        except Exception:
            traceback.print_exc()
            failures += 1
        torch.cuda.empty_cache()
    results["failures"] = failures
    results["seconds"] = time.time() - t0
    with open(os.path.join(outdir, "norms.json"), "w") as f:
        json.dump(results, f, indent=1)
    text = table()
    with open(os.path.join(outdir, "norms.md"), "w") as f:
        f.write(text)
    print(text)
    say(f"{failures} failures, {results['seconds']:.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
