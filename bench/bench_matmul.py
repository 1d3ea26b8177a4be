"""The matmul part of bench/run_bench.py (issue #5): examples/matmul.py's
matmul_kernel under Triton with tilec's block config and over a sweep of
configs, examples/matmul_tma.py's matmul_tma_kernel under Triton with
tilec's block config (host-side TensorDescriptors, TMA), cuBLAS
(torch.matmul) and, through CuPy, tilec's matmul_kernel cubin, each checked
against a float64 product before it is timed; and the Markdown tables (per
config, and the roofline against cuBLAS).

tilec's own column comes from tilec-bench-host (bench/bench_host.cpp),
which checks and times the cubins itself; run_bench.py merges the two.
"""
import importlib.util
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
BOUND = 1e-2  # kMatmulBound of test/GPU/GpuHost.h: why it is written there
# The kernels benchmarked (bench/prepare_matmul.py compiles both) and their
# examples/ module.
KERNEL, TMA_KERNEL = "matmul_kernel", "matmul_tma_kernel"
MODULES = {KERNEL: "matmul", TMA_KERNEL: "matmul_tma"}

# Triton's own best over these, so that "Triton" is not one config tuned
# for tilec: (BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M, num_warps, num_stages),
# the usual Hopper tiles of Triton's tutorial and autotuner lists.
TRITON_SWEEP = [
    (128, 256, 64, 8, 8, 3),
    (256, 128, 64, 8, 8, 3),
    (128, 128, 64, 8, 8, 3),
    (128, 128, 64, 8, 4, 3),
    (128, 128, 64, 8, 4, 4),
    (64, 256, 64, 8, 4, 4),
    (128, 64, 64, 8, 4, 4),
    (64, 128, 64, 8, 4, 4),
]


def config_label(cfg, kernel=KERNEL):
    """'128x256x64 g8 w8 s3'; 'TMA 128x256x64 g8 w8 s3' for matmul_tma_kernel."""
    bm, bn, bk, gm, w, s = cfg
    return ("TMA " if kernel == TMA_KERNEL else "") + f"{bm}x{bn}x{bk} g{gm} w{w} s{s}"


def case_config(case):
    return (case["block_m"], case["block_n"], case["block_k"], case["group_m"],
            case["warps"], case["stages"])


def case_label(case):
    return config_label(case_config(case), case["kernel"])


def load_example(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Inputs:
    """A, B, a NaN-poisoned C and the float64 product for one dtype and
    shape, shared by every column and config at that shape."""

    def __init__(self, dtype, m, n, k, device):
        import torch
        dt = {"fp16": torch.float16, "bf16": torch.bfloat16}[dtype]
        self.device, self.m, self.n, self.k = device, m, n, k
        # Uniform in [-1, 1) as tilec-bench-host draws them (never zeros).
        self.a = (torch.rand(m, k, device=device) * 2 - 1).to(dt)
        self.b = (torch.rand(k, n, device=device) * 2 - 1).to(dt)
        self.c = torch.empty(m, n, device=device, dtype=dt)
        # float64 on the device: ~20 ms for 8192^3 on an H200's fp64 units.
        self.ref = self.a.double() @ self.b.double()
        self.ref_norm = self.ref.norm().item()
        # Input sets the timer rotates over (set 0 is the checked one).
        self.sets = [(self.a, self.b, self.c)]

    def ensure_sets(self):
        """Enough input sets that one rotation spans 4x the L2 (2 to 8), as
        tilec-bench-host rotates: no launch finds its inputs in the L2 from
        the one before. The copies hold the same values."""
        import torch
        if len(self.sets) > 1 or self.device != "cuda":
            return
        set_bytes = (self.a.numel() + self.b.numel() + self.c.numel()) * self.a.element_size()
        l2 = torch.cuda.get_device_properties(0).L2_cache_size
        n = min(8, max(2, -(-4 * l2 // set_bytes)))
        for _ in range(n - 1):
            self.sets.append((self.a.clone(), self.b.clone(), torch.empty_like(self.c)))

    def sync(self):
        import torch
        if self.device == "cuda":
            torch.cuda.synchronize()

    def check(self, fn):
        """Poisons C, runs `fn` once; ||C - ref||_F / ||ref||_F over the whole
        matrix (NaN if any element is NaN). `fn` writes self.c or returns C."""
        import torch
        self.c.fill_(float("nan"))
        res = fn()
        self.sync()
        out = res if isinstance(res, torch.Tensor) else self.c
        if torch.isnan(out).any():
            return float("nan")
        return ((out.double() - self.ref).norm() / self.ref_norm).item()

    def triton(self, mod, cfg, i=0):
        bm, bn, bk, gm, w, s = cfg
        grid = (-(-self.m // bm) * -(-self.n // bn),)
        a, b, c = self.sets[i]
        return lambda: mod.matmul_kernel[grid](
            a, b, c, self.m, self.n, self.k, a.stride(0), a.stride(1), b.stride(0),
            b.stride(1), c.stride(0), c.stride(1), BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
            GROUP_M=gm, num_warps=w, num_stages=s)

    def triton_tma(self, mod, cfg, i=0):
        """matmul_tma_kernel under Triton, its host-side TensorDescriptors
        made once per input set (as tilec-bench-host encodes its tensor
        maps once per set), as examples/matmul_tma.py's matmul_tma makes
        them."""
        from triton.tools.tensor_descriptor import TensorDescriptor
        bm, bn, bk, gm, w, s = cfg
        grid = (-(-self.m // bm) * -(-self.n // bn),)
        a, b, c = self.sets[i]
        da = TensorDescriptor.from_tensor(a, [bm, bk])
        db = TensorDescriptor.from_tensor(b, [bk, bn])
        dc = TensorDescriptor.from_tensor(c, [bm, bn])
        return lambda: mod.matmul_tma_kernel[grid](
            da, db, dc, self.m, self.n, self.k, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk,
            GROUP_M=gm, num_warps=w, num_stages=s)

    def cublas(self, i=0):
        import torch
        a, b, c = self.sets[i]
        return lambda: torch.matmul(a, b, out=c)

    def cupy(self, path, case, dynamic_shared, i=0):
        """tilec's cubin launched by CuPy (timed like Triton's)."""
        import cupy as cp
        fn = cp.RawModule(path=str(path)).get_function("matmul_kernel")
        if dynamic_shared > 48 * 1024:
            fn.max_dynamic_shared_size_bytes = dynamic_shared
        grid = (-(-self.m // case["block_m"]) * -(-self.n // case["block_n"]),)
        i32 = cp.int32
        a, b, c = self.sets[i]
        args = (a.data_ptr(), b.data_ptr(), c.data_ptr(), i32(self.m),
                i32(self.n), i32(self.k), i32(self.k), i32(1), i32(self.n), i32(1),
                i32(self.n), i32(1))
        return lambda: fn(grid, (case["warps"] * 32,), args, shared_mem=dynamic_shared)


def rotating_timer(fns, budget_ms=2000.0, max_runs=200, min_runs=20):
    """CUDA-event milliseconds of launches queued back to back, each between
    two events, rotating over `fns` (one per input set): tilec-bench-host's
    method, so that every column of the matmul table is timed alike. The
    warm-up's mean caps the count at about `budget_ms`."""
    import torch
    for f in fns * 3:
        f()
    torch.cuda.synchronize()
    w0, w1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    w0.record()
    for f in fns * 3:
        f()
    w1.record()
    torch.cuda.synchronize()
    each = w0.elapsed_time(w1) / (3 * len(fns))
    runs = max_runs if each <= 0 else max(min_runs, min(max_runs, int(budget_ms / each)))
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
          for _ in range(runs)]
    for i, (s, e) in enumerate(ev):
        s.record()
        fns[i % len(fns)]()
        e.record()
    torch.cuda.synchronize()
    ms = sorted(s.elapsed_time(e) for s, e in ev)
    q = lambda p: ms[min(len(ms) - 1, int(p * (len(ms) - 1) + 0.5))]
    return dict(median_ms=q(0.5), p10_ms=q(0.1), p90_ms=q(0.9), runs=runs,
                method="rotating")


def measure(inputs, make_fn, timed):
    """Checks, then (if correct) times one launch; a dict for the JSON.
    `make_fn(i)` launches on input set i; the timer rotates over all sets."""
    flops = 2.0 * inputs.m * inputs.n * inputs.k
    try:
        fn = make_fn(0)
        err = inputs.check(fn)
        res = dict(rel_err=None if err != err else err, bound=BOUND,
                   correct=err == err and err < BOUND)
        if not res["correct"]:
            res["error"] = f"FAILED the check (rel_err {err:.3g}), not timed"
            return res
        if inputs.device == "cuda":
            inputs.ensure_sets()
            res.update(rotating_timer([make_fn(i) for i in range(len(inputs.sets))]))
        else:
            res.update(timed(fn))
        res["tflops"] = flops / res["median_ms"] / 1e9
        return res
    except Exception as e:  # noqa: BLE001 - one column failing must not stop the run
        return dict(error=f"{type(e).__name__}: {e}"[:2000], correct=False)


def triton_info(launch):
    """Registers, spills and shared memory of the Triton kernel `launch`
    compiles (one launch returns it)."""
    try:
        k = launch()
        meta = getattr(k, "metadata", None)
        return dict(n_regs=getattr(k, "n_regs", None), n_spills=getattr(k, "n_spills", None),
                    shared=getattr(meta, "shared", None) if meta is not None else None)
    except Exception as e:  # noqa: BLE001
        return dict(error=f"{type(e).__name__}: {e}"[:500])


class Runner:
    """Fills the Triton, cuBLAS and tilec (CuPy, matmul_kernel only) columns
    of the matmul rows; inputs, cuBLAS and the Triton sweep are made once
    per shape."""

    def __init__(self, carry, matmul_dir, timed, device="cuda", have_cupy=False,
                 sweep=True):
        self.carry, self.dir, self.timed = carry, matmul_dir, timed
        self.device, self.have_cupy, self.sweep = device, have_cupy, sweep
        self.mods = {}  # kernel -> its examples/ module, loaded when first used
        self.key, self.inputs = None, None
        self.shapes = {}  # key -> dict(cublas=..., triton_sweep=[...], best=...)

    def module(self, kernel):
        if kernel not in self.mods:
            self.mods[kernel] = load_example(MODULES[kernel])
        return self.mods[kernel]

    def triton_launch(self, case):
        """i -> a launch of Triton on input set i, for the row's kernel and
        config."""
        inp, cfg, mod = self.inputs, case_config(case), self.module(case["kernel"])
        if case["kernel"] == TMA_KERNEL:
            return lambda i=0: inp.triton_tma(mod, cfg, i)
        return lambda i=0: inp.triton(mod, cfg, i)

    def shape(self, case):
        key = f"{case['dtype']}.{case['m']}x{case['n']}x{case['k']}"
        if key != self.key:
            self.inputs = None  # free the last shape's tensors first
            if self.device == "cuda":
                import torch
                torch.cuda.empty_cache()
            self.inputs = Inputs(case["dtype"], case["m"], case["n"], case["k"], self.device)
            self.key = key
            self.shapes[key] = self.shape_columns(case)
        return key

    def shape_columns(self, case):
        inp = self.inputs
        out = dict(dtype=case["dtype"], m=case["m"], n=case["n"], k=case["k"])
        out["cublas"] = measure(inp, inp.cublas, self.timed)
        print(f"  {case['dtype']} {case['shape']} cuBLAS: {short(out['cublas'])}", flush=True)
        sweep = []
        mod = self.module(KERNEL)
        for cfg in TRITON_SWEEP if self.sweep else []:
            res = measure(inp, lambda i, cfg=cfg: inp.triton(mod, cfg, i), self.timed)
            res["config"] = config_label(cfg)
            sweep.append(res)
            print(f"  Triton {config_label(cfg)}: {short(res)}", flush=True)
        out["triton_sweep"] = sweep
        return out

    def row(self, row):
        case = row["case"]
        key = self.shape(case)
        row["shape_key"] = key
        inp, launch = self.inputs, self.triton_launch(case)
        row["triton"] = measure(inp, launch, self.timed)
        row["triton_kernel"] = triton_info(launch(0))
        print(f"  Triton {case_label(case)}: {short(row['triton'])}", flush=True)
        tilec = row.get("tilec") or {}
        if (self.have_cupy and case["kernel"] == KERNEL and case.get("compiled")
                and "error" not in tilec):
            path = self.dir / case["cubin"]
            dyn = int(tilec.get("dynamic_shared") or 0)
            row["tilec_do_bench"] = measure(inp, lambda i: inp.cupy(path, case, dyn, i),
                                            self.timed)
            print(f"  tilec (CuPy): {short(row['tilec_do_bench'])}", flush=True)

    def finish(self, rows):
        """Per shape: the best correct Triton config (sweep and tilec's
        configs) and the best correct tilec config."""
        for key, s in self.shapes.items():
            cands = [r for r in s["triton_sweep"] if r.get("correct")]
            cands += [dict(r["triton"], config=case_label(r["case"]))
                      for r in rows if r.get("shape_key") == key and r["triton"].get("correct")]
            s["triton_best"] = max(cands, key=lambda r: r["tflops"], default=None)
            tilec = [dict(r["tilec"], config=case_label(r["case"]))
                     for r in rows if r.get("shape_key") == key
                     and (r.get("tilec") or {}).get("correct") and r["tilec"].get("tflops")]
            s["tilec_best"] = max(tilec, key=lambda r: r["tflops"], default=None)
        return self.shapes


def short(res):
    if "error" in res:
        return "ERROR " + res["error"].splitlines()[0][:200]
    return f"{res['median_ms']:.4f} ms, {res['tflops']:.1f} TFLOP/s, rel_err {res['rel_err']:.2e}"


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

def _f(v, spec=".0f"):
    return "-" if v is None else format(v, spec)


def _tf(v):
    """TFLOP/s: one decimal, or three digits for the tiny dry-run figures."""
    return "-" if v is None else format(v, ".1f" if v >= 1 else ".3g")


def _ratio(a, b):
    return None if not a or not b else a / b


def _tflops(res):
    return (res or {}).get("tflops") if (res or {}).get("correct") else None


def tilec_status(t):
    if t.get("correct") and t.get("tflops"):
        return None
    err = t.get("error", "")
    if err.startswith("not compiled"):
        return "NOT COMPILED"
    return "FAILED" if "FAILED" in err or t.get("correct") is False else "-"


def report(rows, shapes):
    """The two Markdown tables: per config, then the roofline per shape."""
    lines = ["## Matmul (examples/matmul.py; TMA: examples/matmul_tma.py; fp32 accumulation, "
             "C in the input dtype)", "",
             "TFLOP/s = 2MNK / median time. Every column is timed alike: CUDA events around "
             "each launch, launches queued back to back over input sets that span 4x the L2 "
             "(tilec-bench-host's method; bench_matmul.rotating_timer for the Python-launched "
             "columns). tilec: tilec-bench-host; Triton (same config and its best over a "
             "sweep), cuBLAS (torch.matmul) and tilec again through CuPy (\"tilec (CuPy)\", "
             "a cross-check of the host's figure; not for TMA). Configs marked TMA are "
             "matmul_tma_kernel on both compilers (Triton: host-side TensorDescriptors; "
             "tilec: tensor maps encoded by the host). Every column "
             "checked before timing: tilec's host against float64 (every element written, "
             "one row in 64 in full, a probe estimate of the whole-matrix Frobenius error), "
             "the others against a float64 torch product, ||C - ref||_F / ||ref||_F < 1e-2.",
             "",
             "| dtype | MxNxK | config | tilec regs / spill B / smem B | tilec TFLOP/s "
             "| tilec (CuPy) | Triton same config | Triton regs | tilec/Triton "
             "| Triton best (config) | tilec/Triton best | cuBLAS | tilec/cuBLAS | rel_err tilec |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        c, t = r["case"], r.get("tilec") or {}
        s = shapes.get(r.get("shape_key"), {})
        res = c.get("tilec_resources") or {}
        regs = (f"{res.get('registers')} / {res.get('spill_stores')} / {c.get('shared_bytes')}"
                if res else "-")
        tt = _tflops(t)
        status = tilec_status(t)
        tr = _tflops(r.get("triton"))
        best = s.get("triton_best") or {}
        cub = _tflops(s.get("cublas"))
        lines.append(
            f"| {c['dtype']} | {c['shape']} | {case_label(c)} | {regs} "
            f"| {status or _tf(tt)} | {_tf(_tflops(r.get('tilec_do_bench')))} "
            f"| {_tf(tr)} | {(r.get('triton_kernel') or {}).get('n_regs', '-')} "
            f"| {_f(_ratio(tt, tr), '.2f')} "
            f"| {_tf(best.get('tflops'))} ({best.get('config', '-')}) "
            f"| {_f(_ratio(tt, best.get('tflops')), '.2f')} | {_tf(cub)} "
            f"| {_f(_ratio(tt, cub), '.2f')} | {_f(t.get('rel_err'), '.1e')} |")
    lines += ["", "## Roofline: TFLOP/s over the measured cuBLAS of the same dtype and shape",
              "", "| dtype | MxNxK | cuBLAS TFLOP/s (ceiling) | tilec best (config) "
              "| tilec % of cuBLAS | Triton best (config) | Triton % of cuBLAS "
              "| tilec best / Triton best |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for s in shapes.values():
        cub = _tflops(s.get("cublas"))
        tb, rb = s.get("tilec_best") or {}, s.get("triton_best") or {}
        pct = lambda v: "-" if not v or not cub else f"{100 * v / cub:.0f}%"  # noqa: E731
        lines.append(
            f"| {s['dtype']} | {s['m']}x{s['n']}x{s['k']} | {_tf(cub)} "
            f"| {_tf(tb.get('tflops'))} ({tb.get('config', '-')}) | {pct(tb.get('tflops'))} "
            f"| {_tf(rb.get('tflops'))} ({rb.get('config', '-')}) | {pct(rb.get('tflops'))} "
            f"| {_f(_ratio(tb.get('tflops'), rb.get('tflops')), '.2f')} |")
    not_compiled = sorted({f"{r['case']['dtype']} {case_label(r['case'])}: "
                           f"{(r.get('tilec') or {}).get('error', '')[14:].splitlines()[0][:160]}"
                           for r in rows if tilec_status(r.get("tilec") or {}) == "NOT COMPILED"})
    if not_compiled:
        lines += ["", "tilec configs not compiled (bench/prepare_matmul.py):", ""]
        lines += [f"- {x}" for x in not_compiled]
    return "\n".join(lines) + "\n"


def plot(shapes, meta, out):
    """matmul.png: tilec's and Triton's best as % of cuBLAS, per shape."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    keys = [k for k, s in shapes.items() if _tflops(s.get("cublas"))]
    if not keys:
        return None
    fig, ax = plt.subplots(figsize=(max(8, 1.2 * len(keys)), 5))
    for i, (field, name) in enumerate((("tilec_best", "tilec (best config)"),
                                       ("triton_best", "Triton (best config)"))):
        vals = [100 * ((shapes[k].get(field) or {}).get("tflops") or 0)
                / _tflops(shapes[k]["cublas"]) for k in keys]
        ax.bar([j + (i - 0.5) * 0.4 for j in range(len(keys))], vals, 0.4, label=name)
    ax.axhline(100, color="gray", linestyle="--", linewidth=1, label="cuBLAS")
    ax.set_xticks(range(len(keys)))
    ax.set_xticklabels([k.replace(".", "\n") for k in keys], fontsize=7)
    ax.set_ylabel("% of cuBLAS TFLOP/s (same dtype and shape)")
    ax.set_title(f"{meta.get('device')}: matmul as % of cuBLAS, commit "
                 f"{str(meta.get('commit'))[:10]}")
    ax.legend(fontsize=8)
    fig.tight_layout()
    path = out / "matmul.png"
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path
