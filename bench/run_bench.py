#!/usr/bin/env python3
"""The benchmark of issue #3: tilec vs Triton on the same kernel source, beside
torch and the machine's ceilings. Runs on the GPU machine.

    python3 bench/run_bench.py --carry .carry --out OUTDIR

1. tilec: runs .carry/tilec-bench-host-carry (bench/bench_host.cpp) on the
   cubins in .carry/samples: CUDA-event medians of 200 launches after warm-up,
   input sets rotated over 4x the L2, each output checked against float64
   first. Its case list (`--list`) is the list for every column below.
2. Triton: the same examples/*.py kernels with the same constexprs and
   num_warps, timed by triton.testing.do_bench (median; it flushes the L2
   before each run). If CuPy is there, tilec's cubins are timed the same way
   too ("tilec (do_bench)"), so that the two timing methods can be compared.
3. torch's own op where it has one: x + y, torch.softmax,
   torch.nn.functional.layer_norm.
4. Ceilings: device-to-device copy (torch copy_ of 2 GiB, bytes read +
   written) and cuBLAS matmul (torch.matmul, fp16 and bf16, 4096 and 8192).
5. Matmul (issue #5; bench/bench_matmul.py), when bench/prepare_matmul.py
   has filled .carry/matmul: tilec's block configs at each shape and dtype,
   of examples/matmul.py's matmul_kernel and of examples/matmul_tma.py's
   matmul_tma_kernel (TMA), Triton on the same source with the same config
   (and for matmul_kernel over a sweep of its own), cuBLAS at the same
   shape, all checked against float64 first; TFLOP/s, the ratios, and a
   roofline table over cuBLAS. A tilec config that did not compile is
   reported as such and does not fail the run.

Every output (Triton's and torch's too) is checked against a float64
reference on 64 rows (all of vector add) with NaN-poisoned outputs first.
GB/s count one read of each input and one write of each output, the same
bytes for all three. Writes OUTDIR/results.json, results.md (the table) and
bandwidth.png (% of copy per kernel), matmul.png (% of cuBLAS), and prints
the tables. Exits 1 if any output was wrong or tilec's host program failed.

--tilec-only skips 2-5's other columns (no torch or Triton needed: for a dry
run, e.g. against test/GPU's fake driver with small --matmul-shapes).
--filter TEXT keeps the cases whose id contains TEXT (`--filter matmul`).
"""
import argparse
import datetime
import importlib.util
import json
import pathlib
import subprocess
import sys

import bench_matmul

ROOT = pathlib.Path(__file__).resolve().parents[1]
HOST = "tilec-bench-host-carry"
# Bounds of test/GPU/GpuHost.h: why these numbers is written there.
BOUNDS = {("add_kernel", "fp32"): 1e-6, ("add_kernel", "fp16"): 1e-3,
          "fp32": 1e-5, "fp16": 2e-3}
EPS = 1e-5
DEVICE = "cuda"  # a dry run of the checks on the CPU sets "cpu"


def bound(case):
    return BOUNDS.get((case["kernel"], case["dtype"]), BOUNDS[case["dtype"]])


# ---------------------------------------------------------------------------
# tilec, through the C++ host program
# ---------------------------------------------------------------------------

def parse_json_lines(text):
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                print(f"run_bench: not JSON: {line[:200]}", file=sys.stderr)
    return out


def host_cases(carry, host_args):
    proc = subprocess.run([str(carry / HOST), "--list"] + host_args, capture_output=True,
                          text=True, check=True)
    return parse_json_lines(proc.stdout)


def run_host(carry, runs, host_args):
    """Runs the host program; returns (meta, {id: row}, exit code)."""
    cmd = [str(carry / HOST), "--runs", str(runs)] + host_args + [str(carry / "samples")]
    print("+", " ".join(cmd), flush=True)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    # Echoed rather than written to files: the device tool brings back few.
    sys.stdout.write(proc.stdout + proc.stderr)
    meta, rows = {}, {}
    for obj in parse_json_lines(proc.stdout):
        if "meta" in obj:
            meta = obj["meta"]
        else:
            rows[obj["id"]] = obj
    meta["stderr"] = proc.stderr[-4000:]
    return meta, rows, proc.returncode


# ---------------------------------------------------------------------------
# Triton, torch, CuPy (imported only when used)
# ---------------------------------------------------------------------------

def load_example(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def timed(fn):
    """do_bench median, 10th and 90th percentiles, in ms."""
    from triton.testing import do_bench
    r = do_bench(fn, warmup=25, rep=200, quantiles=[0.5, 0.1, 0.9], return_mode="median")
    med, p10, p90 = r if isinstance(r, (list, tuple)) else (r, None, None)
    return dict(median_ms=med, p10_ms=p10, p90_ms=p90)


def sample_rows(rows):
    return sorted({i * (rows - 1) // 63 for i in range(64)}) if rows > 1 else [0]


def max_row_error(out, ref):
    """The measure of test/GPU/GpuHost.h's ErrorMeter, row by row: the worst
    of ||out - ref|| / ||ref|| and max |out - ref| / (|ref| + rms(ref)) over
    rows (in float64); NaN if any output is NaN."""
    import torch
    out, ref = out.double(), ref.double()
    if torch.isnan(out).any():
        return float("nan")
    diff = (out - ref).abs()
    den = ref.norm(dim=-1)
    l2 = diff.norm(dim=-1) / torch.where(den > 0, den, torch.ones_like(den))
    rms = den / ref.shape[-1] ** 0.5
    scale = ref.abs() + rms[..., None]
    elem = diff / torch.where(scale > 0, scale, torch.ones_like(scale))
    return max(l2.max().item(), elem.max().item())


class Case:
    """The tensors of one benchmark case and its launches under Triton,
    torch and (via CuPy) tilec's cubin."""

    def __init__(self, case, mods, carry):
        import torch
        self.c, self.mods, self.carry = case, mods, carry
        dt = torch.float16 if case["dtype"] == "fp16" else torch.float32
        dev = DEVICE
        rows, cols = case["rows"], case["cols"]
        kernel = case["kernel"]
        if kernel == "add_kernel":
            self.x = (torch.rand(cols, device=dev) * 8 - 4).to(dt)
            self.y = (torch.rand(cols, device=dev) * 8 - 4).to(dt)
            self.out = torch.empty_like(self.x)
        elif kernel.startswith("layernorm"):
            self.x = (torch.rand(rows, cols, device=dev) * 6 - 2).to(dt)
            self.w = (torch.rand(cols, device=dev) + 0.5).to(dt)
            self.b = (torch.rand(cols, device=dev) * 2 - 1).to(dt)
            self.out = torch.empty_like(self.x)
            self.mean = torch.empty(rows, device=dev)
            self.rstd = torch.empty(rows, device=dev)
        else:
            self.x = (torch.rand(rows, cols, device=dev) * 12 - 6).to(dt)
            self.out = torch.empty_like(self.x)

    # -- launches ----------------------------------------------------------
    def triton(self):
        c, m = self.c, self.mods
        kw = dict(BLOCK_SIZE=c["block"], num_warps=c["warps"])
        if c["kernel"] == "add_kernel":
            n = c["cols"]
            grid = ((n + c["block"] - 1) // c["block"],)
            return lambda: m["vector_add"].add_kernel[grid](self.x, self.y, self.out, n, **kw)
        if c["kernel"].startswith("layernorm"):
            k = getattr(m["layernorm"], c["kernel"])
            return lambda: k[(c["rows"],)](self.x, self.out, self.w, self.b, self.mean,
                                           self.rstd, self.x.stride(0), c["cols"], EPS, **kw)
        k = getattr(m["softmax"], c["kernel"])
        return lambda: k[(c["rows"],)](self.out, self.x, self.x.stride(0),
                                       self.out.stride(0), c["cols"], **kw)

    def torch_op(self):
        """torch's own op: (its name, a function that returns its output)."""
        import torch
        c = self.c
        if c["kernel"] == "add_kernel":
            return "torch.add", lambda: torch.add(self.x, self.y, out=self.out)
        if c["kernel"].startswith("layernorm"):
            f = torch.nn.functional.layer_norm
            return "F.layer_norm", lambda: f(self.x, (c["cols"],), self.w, self.b, EPS)
        return "torch.softmax", lambda: torch.softmax(self.x, dim=-1)

    def cupy(self):
        import cupy as cp
        c = self.c
        fn = cp.RawModule(path=str(self.carry / "samples" / cubin_name(c))).get_function(c["kernel"])
        threads = (c["warps"] * 32,)
        if c["kernel"] == "add_kernel":
            n = c["cols"]
            grid = ((n + c["block"] - 1) // c["block"],)
            args = (self.x.data_ptr(), self.y.data_ptr(), self.out.data_ptr(), cp.int32(n))
        elif c["kernel"].startswith("layernorm"):
            grid = (c["rows"],)
            args = (self.x.data_ptr(), self.out.data_ptr(), self.w.data_ptr(), self.b.data_ptr(),
                    self.mean.data_ptr(), self.rstd.data_ptr(), cp.int32(self.x.stride(0)),
                    cp.int32(c["cols"]), cp.float32(EPS))
        else:
            grid = (c["rows"],)
            args = (self.out.data_ptr(), self.x.data_ptr(), cp.int32(self.x.stride(0)),
                    cp.int32(self.out.stride(0)), cp.int32(c["cols"]))
        return lambda: fn(grid, threads, args)

    # -- check -------------------------------------------------------------
    def check(self, fn):
        """Poisons the outputs, runs `fn` once and returns the worst row error
        against float64 on the sampled rows (every 1024-element block for
        vector add). `fn` either writes self.out (and for layer norm
        self.mean, self.rstd) or returns its output tensor (torch's ops)."""
        import torch
        c = self.c
        for t in (self.out, getattr(self, "mean", None), getattr(self, "rstd", None)):
            if t is not None:
                t.fill_(float("nan"))
        res = fn()
        torch.cuda.synchronize()
        out = res if isinstance(res, torch.Tensor) else self.out
        if torch.isnan(out).any():
            return float("nan")
        if c["kernel"] == "add_kernel":
            ref = self.x.double() + self.y.double()
            if c["cols"] % c["block"] == 0:
                return max_row_error(out.view(-1, c["block"]), ref.view(-1, c["block"]))
            return max_row_error(out[None], ref[None])
        rows = sample_rows(c["rows"])
        x = self.x[rows].double()
        if not c["kernel"].startswith("layernorm"):
            return max_row_error(out[rows], torch.softmax(x, dim=-1))
        mean = x.mean(dim=1)
        rstd = 1.0 / torch.sqrt(((x - mean[:, None]) ** 2).mean(dim=1) + EPS)
        ref = (x - mean[:, None]) * rstd[:, None] * self.w.double() + self.b.double()
        err = max_row_error(out[rows], ref)
        if res is out:  # torch's layer_norm keeps its mean and rstd to itself
            return err
        # mean and rstd are fp32 either way: scaled to y's bound, as
        # bench_host.cpp does, so that one number says whether all are within.
        stats = torch.stack([self.mean[rows], self.rstd[rows]], dim=1)
        stats_err = max_row_error(stats, torch.stack([mean, rstd], dim=1))
        if err != err or stats_err != stats_err:
            return float("nan")
        return max(err, stats_err * bound(c) / BOUNDS["fp32"])


def cubin_name(c):
    """The cubin bench_host used (its "cubin" field), else as getCubinName in
    test/GPU/GpuHost.h: the `.d16` variant (size argument compiled as
    i32:16) when the size is divisible by 16, as Triton's launcher
    specializes it."""
    if "cubin" in c:
        return c["cubin"]
    d16 = ".d16" if c["cols"] % 16 == 0 else ""
    if c["kernel"] == "add_kernel":
        return f"add_kernel.{c['dtype']}{d16}.cubin"
    return f"{c['kernel']}.{c['dtype']}.b{c['block']}{d16}.cubin"


def triton_kernel_info(obj):
    """What Triton compiled for the case (registers, spills, shared memory
    and its PTX), to read beside tilec's --print-resources and PTX: one
    launch returns the compiled kernel."""
    try:
        k = obj.triton()()
        meta = getattr(k, "metadata", None)
        info = dict(n_regs=getattr(k, "n_regs", None), n_spills=getattr(k, "n_spills", None),
                    shared=getattr(meta, "shared", None) if meta is not None else None)
        asm = getattr(k, "asm", None) or {}
        if "ptx" in asm:
            info["ptx"] = asm["ptx"]
        return info
    except Exception as e:  # noqa: BLE001 - diagnostics must not stop the run
        return dict(error=f"{type(e).__name__}: {e}")


def measure(name, case, obj, make_fn, row):
    """Checks then times one column of one case into row[name]; records the
    error instead if anything fails."""
    try:
        fn = make_fn()
        err = obj.check(fn)
        res = timed(fn)
        res["gbs"] = case["bytes"] / res["median_ms"] / 1e6
        res["rel_err"] = None if err != err else err
        res["correct"] = err == err and err <= bound(case)
        row[name] = res
    except Exception as e:  # noqa: BLE001 - one column failing must not stop the run
        row[name] = dict(error=f"{type(e).__name__}: {e}", correct=False)
    print(f"  {name}: {short(row[name])}", flush=True)


def short(res):
    if "error" in res:
        return "ERROR " + res["error"][:200]
    return f"{res['median_ms']:.4f} ms, {res['gbs']:.0f} GB/s, rel_err {res['rel_err']}"


def ceilings():
    import torch
    out = {}
    src = torch.empty(2 ** 29, dtype=torch.float32, device="cuda").uniform_()
    dst = torch.empty_like(src)
    res = timed(lambda: dst.copy_(src))
    res["bytes"] = 2 * src.numel() * 4
    res["gbs"] = res["bytes"] / res["median_ms"] / 1e6
    out["copy"] = res
    del src, dst
    out["matmul"] = []
    for dt in (torch.float16, torch.bfloat16):
        for n in (4096, 8192):
            a = torch.randn(n, n, device="cuda", dtype=dt)
            b = torch.randn(n, n, device="cuda", dtype=dt)
            res = timed(lambda: torch.matmul(a, b))
            res.update(dtype=str(dt).replace("torch.", ""), n=n,
                       tflops=2 * n ** 3 / res["median_ms"] / 1e9)
            out["matmul"].append(res)
            del a, b
    torch.cuda.empty_cache()
    return out


def machine_meta():
    meta = {}
    try:
        q = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version",
                            "--format=csv,noheader"], capture_output=True, text=True, check=True)
        name, driver = [s.strip() for s in q.stdout.splitlines()[0].split(",")]
        meta.update(device=name, driver=driver)
    except Exception as e:  # noqa: BLE001
        meta["nvidia_smi_error"] = str(e)
    for mod in ("torch", "triton", "cupy"):
        try:
            meta[mod] = __import__(mod).__version__
        except Exception:  # noqa: BLE001
            meta[mod] = None
    return meta


# ---------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------

def label(case):
    name = {"add_kernel": "vector add", "softmax_kernel": "softmax",
            "softmax_online_kernel": "online softmax",
            "layernorm_fwd_kernel": "layer norm",
            "layernorm_fwd_fused_kernel": "layer norm (one pass)"}[case["kernel"]]
    return f"{name} {case['dtype']}"


def gbs(row, col):
    return (row.get(col) or {}).get("gbs")


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


def pct(v, copy):
    return "-" if v is None or not copy else f"{100 * v / copy:.0f}%"


def is_matmul(row):
    return row["case"]["kernel"] in bench_matmul.MODULES


def write_report(results, out):
    meta = results["meta"]
    rows = [r for r in results["rows"] if not is_matmul(r)]
    matmul_rows = [r for r in results["rows"] if is_matmul(r)]
    copy = (results.get("ceilings") or {}).get("copy", {}).get("gbs")
    lines = [f"# tilec vs Triton vs torch, {meta.get('date')}", "",
             f"Device {meta.get('device')}, driver {meta.get('driver')}, tilec commit "
             f"{meta.get('commit')}, Triton {meta.get('triton')}, torch {meta.get('torch')}.",
             "tilec: CUDA-event median of tilec-bench-host; Triton, torch, tilec (do_bench): "
             "triton.testing.do_bench median. GB/s = (one read of each input + one write of "
             "each output) / time.", ""]
    if copy:
        lines.append(f"Copy ceiling (torch copy_ of 2 GiB, read + write): {copy:.0f} GB/s.")
        mm = ", ".join(f"{m['dtype']} {m['n']}: {m['tflops']:.0f}"
                       for m in results["ceilings"]["matmul"])
        lines += [f"cuBLAS matmul (torch.matmul) TFLOP/s: {mm}.", ""]
    if rows:
        lines += ["| kernel | shape | config | tilec ms | tilec GB/s | Triton GB/s | torch GB/s "
                  "| tilec (do_bench) GB/s | tilec/Triton | tilec % of copy | Triton % of copy "
                  "| correct tilec/Triton/torch |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        t, tr, to = gbs(r, "tilec"), gbs(r, "triton"), gbs(r, "torch")
        ratio = t / tr if t and tr else None
        ok = "/".join({True: "yes", False: "NO"}.get((r.get(c) or {}).get("correct"), "-")
                      for c in ("tilec", "triton", "torch"))
        lines.append(
            f"| {label(r['case'])} | {r['case']['shape']} | {r['case']['config']} "
            f"| {fmt((r.get('tilec') or {}).get('median_ms'), '.4f')} | {fmt(t, '.0f')} "
            f"| {fmt(tr, '.0f')} | {fmt(to, '.0f')} | {fmt(gbs(r, 'tilec_do_bench'), '.0f')} "
            f"| {fmt(ratio, '.2f')} | {pct(t, copy)} | {pct(tr, copy)} | {ok} |")
    errors = [f"- {label(r['case'])} {r['case']['shape']} {c}: {r[c]['error']}"
              for r in rows for c in ("tilec", "triton", "torch", "tilec_do_bench")
              if r.get(c) and "error" in r[c]]
    if errors:
        lines += ["", "Errors:", ""] + errors
    if matmul_rows:
        lines += ["", bench_matmul.report(matmul_rows, results.get("matmul_shapes") or {})]
    text = "\n".join(lines) + "\n"
    (out / "results.md").write_text(text)
    return text


def write_plot(results, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    copy = (results.get("ceilings") or {}).get("copy", {}).get("gbs")
    rows = [r for r in results["rows"] if not is_matmul(r)]
    if not copy or not rows:
        return None
    cols = [("tilec", "tilec"), ("triton", "Triton"), ("torch", "torch")]
    width = 0.27
    fig, ax = plt.subplots(figsize=(max(8, 1.3 * len(rows)), 5.2))
    for i, (key, name) in enumerate(cols):
        vals = [100 * (gbs(r, key) or 0) / copy for r in rows]
        ax.bar([j + (i - 1) * width for j in range(len(rows))], vals, width, label=name)
    ax.axhline(90, color="gray", linestyle="--", linewidth=1, label="90% of copy")
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([f"{label(r['case'])}\n{r['case']['shape']}\n"
                        f"B{r['case']['block']}, {r['case']['warps']}w" for r in rows],
                       fontsize=7)
    ax.set_ylim(0, 115)
    ax.set_ylabel("% of copy bandwidth")
    ax.set_title(f"{results['meta'].get('device')}: bandwidth as % of copy "
                 f"({copy:.0f} GB/s), commit {str(results['meta'].get('commit'))[:10]}")
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=4)
    fig.tight_layout()
    path = out / "bandwidth.png"
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--carry", default=str(ROOT / ".carry"))
    ap.add_argument("--out", required=True)
    ap.add_argument("--runs", type=int, default=200, help="tilec launches timed a case")
    ap.add_argument("--tilec-only", action="store_true",
                    help="only tilec's host program (no torch, Triton, ceilings)")
    ap.add_argument("--filter", default="", help="only cases whose id contains this")
    ap.add_argument("--matmul", default=None,
                    help="bench/prepare_matmul.py's folder (default CARRY/matmul if there)")
    ap.add_argument("--matmul-shapes", default=None,
                    help="MxNxK,... instead of tilec-bench-host's list (for dry runs)")
    ap.add_argument("--no-matmul", action="store_true",
                    help="leave the matmul cases out (run them in a second call)")
    ap.add_argument("--no-triton-sweep", action="store_true",
                    help="Triton only at tilec's configs, not over bench_matmul.TRITON_SWEEP")
    args = ap.parse_args()
    carry, out = pathlib.Path(args.carry).resolve(), pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    matmul_dir = pathlib.Path(args.matmul) if args.matmul else carry / "matmul"
    host_args = ["--filter", args.filter] if args.filter else []
    if args.no_matmul:
        pass
    elif (matmul_dir / "manifest.json").exists():
        host_args += ["--matmul", str(matmul_dir.resolve())]
        if args.matmul_shapes:
            host_args += ["--matmul-shapes", args.matmul_shapes]
    else:
        print(f"run_bench: no {matmul_dir}/manifest.json: no matmul cases", flush=True)

    commit_file = carry / "commit"
    meta = dict(date=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                commit=commit_file.read_text().strip() if commit_file.exists() else None,
                command=" ".join(sys.argv))
    meta.update(machine_meta())
    cases = host_cases(carry, host_args)
    host_meta, host_rows, host_rc = run_host(carry, args.runs, host_args)
    meta["bench_host"] = host_meta
    meta["bench_host_exit"] = host_rc
    meta.setdefault("device", host_meta.get("device"))

    rows = [dict(case=c, tilec=host_rows.get(c["id"], dict(error="no result from bench_host",
                                                            correct=False)))
            for c in cases]
    results = dict(meta=meta, rows=rows)
    if not args.tilec_only:
        import torch
        # fp32 references and ceilings in true fp32, not TF32.
        torch.backends.cuda.matmul.allow_tf32 = False
        mods = {m: load_example(m) for m in ("vector_add", "softmax", "layernorm")}
        try:
            import cupy  # noqa: F401
            have_cupy = True
        except Exception:  # noqa: BLE001
            have_cupy = False
        results["ceilings"] = ceilings()
        print(f"copy {results['ceilings']['copy']['gbs']:.0f} GB/s", flush=True)
        matmul = bench_matmul.Runner(carry, matmul_dir, timed, DEVICE, have_cupy,
                                     sweep=not args.no_triton_sweep)
        for row in rows:
            c = row["case"]
            print(f"{c['id']}", flush=True)
            if is_matmul(row):
                matmul.row(row)
                continue
            obj = Case(c, mods, carry)
            measure("triton", c, obj, obj.triton, row)
            row["triton_kernel"] = triton_kernel_info(obj)
            tk = row["triton_kernel"]
            print(f"  triton kernel: {tk.get('n_regs')} registers, {tk.get('n_spills')} spills, "
                  f"{tk.get('shared')} bytes shared", flush=True)
            row["torch_op"] = obj.torch_op()[0]
            measure("torch", c, obj, lambda: obj.torch_op()[1], row)
            if have_cupy:
                measure("tilec_do_bench", c, obj, obj.cupy, row)
            del obj
            torch.cuda.empty_cache()
        results["matmul_shapes"] = matmul.finish(rows)

    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(write_report(results, out))
    if not args.tilec_only:
        write_plot(results, out)
        bench_matmul.plot(results.get("matmul_shapes") or {}, meta, out)
    # A tilec matmul config that did not compile is reported, not a failure.
    wrong = [f"{r['case']['id']} {col}" for r in rows for col in ("tilec", "triton", "torch")
             if col in r and not r[col].get("correct")
             and not (col == "tilec" and bench_matmul.tilec_status(r[col]) == "NOT COMPILED")]
    if wrong:
        print("not correct or not run: " + ", ".join(wrong))
    return 1 if wrong or host_rc != 0 else 0


if __name__ == "__main__":
    sys.exit(main())
