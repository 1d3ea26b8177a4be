#!/usr/bin/env python3
"""The GPU differential harness: runs every kernel of a manifest written
by prepare.py twice on the same fresh inputs, once as Triton 3.6 compiles
it from the same source file and once as tilec's cubin through the CUDA
driver API, and compares the outputs (README.md, "Comparisons").

Needs torch, Triton and a GPU; not LLVM, not tilec, not numpy.

    python3 bench/opsuite/run.py --carry .carry/ops --out OUTDIR
        [--only REGEX] [--workers 4] [--sanitize] [--strict]

Kernels are shared among worker processes (each with its own CUDA
context), so that a kernel that breaks its context (an illegal address is
sticky) costs only itself: the worker dies, the kernel is reported as
`crashed`, and a new worker goes on with the rest. Writes
OUTDIR/results.json and OUTDIR/results.md; with --sanitize also reruns the
tilec side alone under compute-sanitizer memcheck and racecheck
(OUTDIR/sanitize-memcheck.log, sanitize-racecheck.log). Exits 1 on any
mismatch, crash, launch error, out-of-bounds write, modified input,
Triton error, missing or wrong spec, unexpected pass or sanitizer error;
compile errors fail the run only with --strict (the CI op suite tracks
them).
"""
import argparse
import ctypes
import hashlib
import importlib.util
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import compare  # noqa: E402
import spec  # noqa: E402

# Statuses that fail the run (compile errors only with --strict).
FAILING = {"mismatch", "crashed", "launch error", "out of bounds",
           "input modified", "triton error", "no spec", "spec error",
           "abi error", "xpass", "harness error", "sanitizer error"}
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8


# ---------------------------------------------------------------------------
# The driver API through ctypes
# ---------------------------------------------------------------------------


class CudaError(Exception):
    pass


class Driver:
    """The few libcuda calls the harness makes; every CUresult checked."""

    def __init__(self):
        self.lib = ctypes.CDLL("libcuda.so.1")
        self.check("cuInit", self.lib.cuInit(0))
        ctx = ctypes.c_void_p()
        self.check("cuCtxGetCurrent", self.lib.cuCtxGetCurrent(ctypes.byref(ctx)))
        if not ctx.value:
            # torch has not made its (primary) context current on this thread.
            dev = ctypes.c_int()
            self.check("cuDeviceGet", self.lib.cuDeviceGet(ctypes.byref(dev), 0))
            self.check("cuDevicePrimaryCtxRetain",
                       self.lib.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev))
            self.check("cuCtxSetCurrent", self.lib.cuCtxSetCurrent(ctx))
        self.modules = []

    def error_name(self, code):
        name = ctypes.c_char_p()
        if self.lib.cuGetErrorName(code, ctypes.byref(name)) == 0 and name.value:
            return name.value.decode()
        return f"CUresult {code}"

    def check(self, what, code):
        if code != 0:
            raise CudaError(f"{what} failed: {self.error_name(code)}")

    def load(self, cubin, symbol, dynamic_shared):
        module, func = ctypes.c_void_p(), ctypes.c_void_p()
        data = ctypes.create_string_buffer(cubin, len(cubin))
        self.check("cuModuleLoadData",
                   self.lib.cuModuleLoadData(ctypes.byref(module), data))
        self.modules.append(module)
        self.check(f"cuModuleGetFunction({symbol})",
                   self.lib.cuModuleGetFunction(ctypes.byref(func), module,
                                                symbol.encode()))
        if dynamic_shared > 48 * 1024:
            self.check("cuFuncSetAttribute", self.lib.cuFuncSetAttribute(
                func, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                dynamic_shared))
        return func

    def launch(self, func, grid, threads, dynamic_shared, stream, values):
        """`values`: ctypes scalars, one per kernel parameter."""
        n = len(values)
        params = (ctypes.c_void_p * max(n, 1))(
            *[ctypes.cast(ctypes.pointer(v), ctypes.c_void_p) for v in values])
        self.check("cuLaunchKernel", self.lib.cuLaunchKernel(
            func, ctypes.c_uint(grid[0]), ctypes.c_uint(grid[1]),
            ctypes.c_uint(grid[2]), ctypes.c_uint(threads), ctypes.c_uint(1),
            ctypes.c_uint(1), ctypes.c_uint(dynamic_shared),
            ctypes.c_void_p(stream), params, None))

    def synchronize(self):
        self.check("cuCtxSynchronize", self.lib.cuCtxSynchronize())

    def unload_all(self):
        for m in self.modules:
            self.lib.cuModuleUnload(m)
        self.modules = []


CTYPES = {"u64": ctypes.c_uint64, "i64": ctypes.c_int64,
          "u32": ctypes.c_uint32, "i32": ctypes.c_int32,
          "u16": ctypes.c_uint16, "i16": ctypes.c_int16,
          "u8": ctypes.c_uint8, "i8": ctypes.c_int8,
          "f32": ctypes.c_float, "f64": ctypes.c_double}


def pack(param, value, torch):
    """One kernel parameter as the ctypes value cuLaunchKernel reads."""
    ct = param["ctype"]
    if param["type"].startswith("*"):
        return ctypes.c_uint64(value.data_ptr())
    if param["type"] in ("fp16", "bf16"):
        t = torch.tensor([value], dtype=getattr(torch, spec.DTYPES[
            param["type"]][5]))
        return ctypes.c_uint16(int(t.view(torch.int16).item()) & 0xFFFF)
    if param["type"] == "i1":
        return ctypes.c_uint8(1 if value else 0)
    if ct in ("f32", "f64"):
        return CTYPES[ct](float(value))
    bits = int(ct[1:])
    v = int(value)
    if ct.startswith("u"):
        v &= (1 << bits) - 1
    return CTYPES[ct](v)


# ---------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------


class Inputs:
    """Makes tensors as README.md's fills say, on the CPU from a seeded
    generator (reproducible), each in a byte buffer with a poisoned guard
    after its end."""

    def __init__(self, torch, seed):
        self.torch = torch
        self.gen = torch.Generator().manual_seed(seed)

    def tdtype(self, dtype):
        return getattr(self.torch, spec.DTYPES[dtype][5])

    def from_int64(self, vals, dtype):
        """The low bytes of int64 values as `dtype`: two's complement for
        integers, bit patterns for floats."""
        t = self.torch
        w = spec.byte_width(dtype)
        b = vals.to(t.int64).contiguous().view(t.uint8).reshape(-1, 8)[:, :w]
        return b.contiguous().view(t.uint8).reshape(-1)

    def random_bytes(self, n):
        return self.torch.randint(0, 256, (n,), dtype=self.torch.uint8,
                                  generator=self.gen)

    def fill_bytes(self, a):
        """The bytes of tensor argument `a` (a spec arg dict)."""
        t, dtype, n = self.torch, a["dtype"], 1
        for d in a["shape"]:
            n *= d
        kind, bits = spec.DTYPES[dtype][:2]
        fill = a["fill"]
        if fill == "bits":
            return self.random_bytes(n * spec.byte_width(dtype))
        if fill in ("zeros", "ones", "full"):
            v = {"zeros": 0, "ones": 1}.get(fill, a.get("value"))
            return self.values(t.full((n,), float(v) if kind == "float" else 0,
                                      dtype=t.float64), dtype, const=v)
        if fill == "arange":
            return self.values(t.arange(n, dtype=t.int64), dtype)
        if fill == "perm":
            return self.values(t.randperm(n, generator=self.gen), dtype)
        low, high = a.get("low"), a.get("high")
        if kind == "float":
            if fill == "normal" or (fill == "edge" and low is None):
                x = t.randn(n, generator=self.gen, dtype=t.float64) * a.get(
                    "scale", 1.0)
            else:
                lo = -1.0 if low is None else float(low)
                hi = 1.0 if high is None else float(high)
                x = lo + (hi - lo) * t.rand(n, generator=self.gen,
                                            dtype=t.float64)
            out = self.values(x, dtype)
        elif kind == "bool":
            out = self.random_bytes(n) & 1
        elif low is None and high is None:
            out = self.random_bytes(n * spec.byte_width(dtype))
        else:
            lo = int(low) if low is not None else (
                0 if kind == "uint" else -(1 << (bits - 1)))
            hi = int(high) if high is not None else (
                (1 << bits) if kind == "uint" else (1 << (bits - 1)))
            lo, hi = max(lo, -(1 << 63)), min(hi, (1 << 63) - 1)
            out = self.from_int64(t.randint(lo, hi, (n,), generator=self.gen,
                                            dtype=t.int64), dtype)
        if fill == "edge":
            out = self.mix_edges(out, dtype, n)
        return out

    def values(self, x, dtype, const=None):
        """Numbers as `dtype`'s bytes (floats rounded by torch, integers
        wrapped)."""
        t = self.torch
        kind = spec.DTYPES[dtype][0]
        if kind == "float":
            return x.to(t.float32 if dtype != "fp64" else t.float64).to(
                self.tdtype(dtype)).contiguous().view(t.uint8).reshape(-1)
        if const is not None:
            x = t.full(x.shape, int(const), dtype=t.int64)
        if kind == "bool":
            return (x.to(t.int64) != 0).to(t.uint8)
        return self.from_int64(x.to(t.int64), dtype)

    def mix_edges(self, data, dtype, n):
        """About one element in eight replaced by an edge value."""
        t = self.torch
        edges = t.tensor([e - (1 << 64) if e >= (1 << 63) else e
                          for e in spec.edge_bits(dtype)], dtype=t.int64)
        pick = t.randint(0, 8, (n,), generator=self.gen) == 0
        which = t.randint(0, len(edges), (n,), generator=self.gen)
        w = spec.byte_width(dtype)
        rows = data.reshape(n, w).clone()
        edge_rows = self.from_int64(edges[which], dtype).reshape(n, w)
        rows[pick] = edge_rows[pick]
        return rows.reshape(-1)


def make_buffers(torch, args, seed, device):
    """{name: (buffer uint8 on the device, nbytes)} for every tensor arg."""
    gen = Inputs(torch, seed)
    out = {}
    for a in args:
        if a["kind"] != "tensor":
            continue
        n = 1
        for d in a["shape"]:
            n *= d
        nbytes = n * spec.byte_width(a["dtype"])
        buf = torch.full((nbytes + spec.GUARD_BYTES,), spec.poison_byte(
            a["dtype"]), dtype=torch.uint8)
        if a["role"] != "out":
            buf[:nbytes] = gen.fill_bytes(a)
        out[a["name"]] = (buf.to(device), nbytes)
    return out


def view(torch, buf, nbytes, a):
    return buf[:nbytes].view(getattr(torch, spec.DTYPES[a["dtype"]][5])).view(
        *a["shape"])


# ---------------------------------------------------------------------------
# One kernel
# ---------------------------------------------------------------------------


class Runner:
    def __init__(self, carry, tilec_only):
        import torch
        import triton
        import triton.language as tl
        self.torch, self.triton, self.tl = torch, triton, tl
        self.carry = carry
        self.tilec_only = tilec_only
        self.device = torch.device("cuda", 0)
        torch.empty(1, device=self.device)  # creates torch's context
        self.driver = Driver()
        self.backend = compare.TorchBackend()
        self.modules = {}
        try:  # device-side tensor descriptors need Triton's scratch allocator
            triton.set_allocator(lambda size, align, stream: torch.empty(
                size, dtype=torch.int8, device=self.device))
        except AttributeError:
            pass

    def module(self, rel):
        if rel not in self.modules:
            path = self.carry / rel
            name = "opsuite_" + re.sub(r"\W", "_", rel)
            s = importlib.util.spec_from_file_location(name, path)
            m = importlib.util.module_from_spec(s)
            sys.modules[name] = m
            s.loader.exec_module(m)
            self.modules[rel] = m
        return self.modules[rel]

    def constexpr(self, value):
        if isinstance(value, str) and value.startswith("tl."):
            return getattr(self.tl, value[3:])
        return value

    def run(self, entry):
        """The result dict of one manifest entry."""
        if entry["status"] != "compiled":
            return {"status": entry["status"], "detail": entry.get("error", "")}
        torch = self.torch
        s = entry["spec"]
        func = self.driver.load((self.carry / entry["cubin"]).read_bytes(),
                                entry["symbol"], entry["dynamic_shared"])
        kernel = None if self.tilec_only else getattr(
            self.module(entry["file"]), entry["kernel"])
        seed0 = int(hashlib.sha256(entry["kernel"].encode()).hexdigest()[:8], 16)
        outputs, worst = {}, None
        for run in range(s["runs"]):
            seed = seed0 + run
            bufs = make_buffers(torch, s["args"], seed, self.device)
            mine = {k: b.clone() for k, (b, _) in bufs.items()}
            theirs = {k: b.clone() for k, (b, _) in bufs.items()}
            tensors = {a["name"]: a for a in s["args"] if a["kind"] == "tensor"}

            def kwargs(side):
                out = {}
                for a in s["args"]:
                    if a["kind"] == "tensor":
                        out[a["name"]] = view(torch, side[a["name"]],
                                              bufs[a["name"]][1], a)
                    elif a["kind"] == "constexpr":
                        out[a["name"]] = self.constexpr(a["value"])
                    else:
                        out[a["name"]] = a["value"]
                return out

            if kernel is not None:
                try:
                    kernel[tuple(s["grid"])](**kwargs(theirs),
                                             num_warps=s["num_warps"],
                                             num_stages=s["num_stages"])
                    torch.cuda.synchronize()
                except Exception as e:  # the reference is missing
                    r = {"status": "triton error", "detail": tail_exc(e)}
                    try:
                        self.driver.synchronize()
                    except CudaError:
                        r["sticky"] = True  # Triton's kernel broke the context
                    return r
            args = kwargs(mine)
            values = [pack(p, args[p["name"]], torch) for p in entry["params"]]
            stream = torch.cuda.current_stream(self.device).cuda_stream
            try:
                self.driver.launch(func, s["grid"], entry["threads"],
                                   entry["dynamic_shared"], stream, values)
                self.driver.synchronize()
            except CudaError as e:
                return {"status": "launch error", "detail": str(e),
                        "sticky": True}
            # tilec's side: guards untouched, inputs unchanged.
            for name, a in tensors.items():
                b, nbytes = bufs[name]
                g = compare.unchanged(self.backend, b[nbytes:], mine[name][nbytes:])
                if not g.ok:
                    return {"status": "out of bounds",
                            "detail": f"tilec wrote {g.mismatches} guard bytes "
                                      f"after '{name}' (first at byte "
                                      f"{g.examples[0]['index']} past its end)"}
                if a["role"] == "in":
                    u = compare.unchanged(self.backend, b[:nbytes],
                                          mine[name][:nbytes])
                    if not u.ok:
                        return {"status": "input modified",
                                "detail": f"tilec changed {u.mismatches} bytes "
                                          f"of input '{name}'"}
            if kernel is None:
                continue
            for name, a in tensors.items():
                if a["role"] == "in":
                    continue
                nbytes = bufs[name][1]
                r = compare.compare(self.backend,
                                    view(torch, theirs[name], nbytes, a),
                                    view(torch, mine[name], nbytes, a),
                                    a["dtype"], a["compare"])
                d = r.to_json()
                d["compare"] = a["compare"]
                d["run"] = run
                prev = outputs.get(name)
                if prev is None or (prev["ok"] and not r.ok):
                    outputs[name] = d
                if not r.ok and worst is None:
                    worst = (name, r)
        result = {"status": "pass", "outputs": outputs, "runs": s["runs"]}
        if self.tilec_only:
            result["status"] = "ran"
        if worst:
            name, r = worst
            e = r.examples[0]
            result["status"] = "mismatch"
            result["detail"] = (f"'{name}': {r.mismatches}/{r.total} elements "
                                f"differ; first at {e['index']}: Triton "
                                f"{e['triton']} ({e['triton_bits']}), tilec "
                                f"{e['tilec']} ({e['tilec_bits']})")
        return result


def tail_exc(e):
    text = "".join(traceback.format_exception_only(type(e), e)).strip()
    return text[-1500:]


def apply_expectations(entry, result):
    xfail = entry.get("spec", {}).get("xfail")
    if xfail:
        if result["status"] in ("pass",):
            result["status"] = "xpass"
            result["detail"] = f"marked xfail ({xfail}) but passes"
        elif result["status"] not in ("skipped",):
            result["xfail_status"] = result["status"]
            result["status"] = "xfail"
            result["detail"] = f"{xfail}: {result.get('detail', '')}"
    return result


# ---------------------------------------------------------------------------
# Workers and the parent
# ---------------------------------------------------------------------------


class FakeRunner:
    """Stands in for Runner in the unit tests of the worker protocol (no
    GPU): a kernel's name says what happens to it."""

    def run(self, entry):
        k = entry["kernel"]
        if k.endswith("_dies"):
            os._exit(139)  # as a segfaulting driver would
        if k.endswith("_sticky"):
            return {"status": "launch error", "detail": "CUDA_ERROR_ILLEGAL_ADDRESS",
                    "sticky": True}
        if k.endswith("_differs"):
            return {"status": "mismatch", "detail": "'O': 1/4 elements differ"}
        return {"status": "pass", "outputs": {}, "runs": 1, "pid": os.getpid()}


def worker(args):
    manifest = json.loads((args.carry / "manifest.json").read_text())
    wanted = args.kernels.split(",")
    entries = {(e["file"], e["kernel"]): e for e in manifest["kernels"]}
    runner = FakeRunner() if args.fake_gpu else Runner(args.carry,
                                                       args.tilec_only)
    with open(args.results, "a") as out:
        for key in wanted:
            file, kernel = key.split("::")
            entry = entries[(file, kernel)]
            start = time.monotonic()
            try:
                result = runner.run(entry)
            except CudaError as e:
                result = {"status": "launch error", "detail": str(e),
                          "sticky": True}
            except Exception as e:  # noqa: BLE001 - reported, not hidden
                result = {"status": "harness error",
                          "detail": traceback.format_exc()[-1500:]}
            result = apply_expectations(entry, result)
            result.update(file=file, kernel=kernel,
                          seconds=round(time.monotonic() - start, 3))
            out.write(json.dumps(result) + "\n")
            out.flush()
            print(f"{result['status']}: {kernel} {result.get('detail', '')[:200]}",
                  flush=True)
            if result.get("sticky"):
                return 3  # the context is broken: let the parent go on
    return 0


def sanitizer_prefix(tool, log):
    exe = os.environ.get("OPSUITE_SANITIZER") or shutil.which(
        "compute-sanitizer") or "/usr/local/cuda/bin/compute-sanitizer"
    return [exe, "--tool", tool, "--error-exitcode", "3", "--print-limit",
            "100", "--log-file", str(log)]


def run_shards(args, keys, tilec_only=False, prefix=(), tag="diff", env=None):
    """Runs `keys` in args.workers worker processes; returns {key: result}."""
    shards = [keys[i::args.workers] for i in range(args.workers)]
    shards = [s for s in shards if s]
    results = {}
    pending = []
    tmp = args.work / tag
    tmp.mkdir(exist_ok=True)
    for i, shard in enumerate(shards):
        pending.append((i, shard, 0))
    procs = []

    def spawn(i, shard, attempt):
        res = tmp / f"shard{i}.{attempt}.jsonl"
        cmd = list(prefix(i, attempt) if callable(prefix) else prefix) + [
            sys.executable, str(pathlib.Path(__file__).resolve()), "--worker",
            "--carry", str(args.carry), "--results", str(res),
            "--kernels", ",".join(shard)]
        if tilec_only:
            cmd.append("--tilec-only")
        if args.fake_gpu:
            cmd.append("--fake-gpu")
        log = open(tmp / f"shard{i}.{attempt}.log", "w")
        p = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                             env=env)
        return (p, i, shard, attempt, res, log)

    for i, shard, attempt in pending:
        procs.append(spawn(i, shard, attempt))
    while procs:
        still = []
        for p, i, shard, attempt, res, log in procs:
            if p.poll() is None:
                still.append((p, i, shard, attempt, res, log))
                continue
            log.close()
            done = []
            if res.exists():
                for line in res.read_text().splitlines():
                    r = json.loads(line)
                    key = f"{r['file']}::{r['kernel']}"
                    results[key] = r
                    done.append(key)
            left = [k for k in shard if k not in results]
            if left:
                if p.returncode not in (0, 3) and left:
                    # The worker died inside `left[0]`.
                    text = (tmp / f"shard{i}.{attempt}.log").read_text()
                    file, kernel = left[0].split("::")
                    results[left[0]] = {
                        "file": file, "kernel": kernel, "status": "crashed",
                        "detail": f"worker exit code {p.returncode}: "
                                  f"{text.strip()[-800:]}"}
                    left = left[1:]
                if left:
                    still.append(spawn(i, left, attempt + 1))
            elif p.returncode not in (0, 3):
                results.setdefault("__worker__", {
                    "status": "harness error",
                    "detail": f"worker {i} exited {p.returncode}"})
        procs = still
        time.sleep(0.2)
    return results


SANITIZER_KERNEL = re.compile(r"\b(k_\w+)\+0x[0-9a-f]+")


def sanitize(args, keys, results, manifest_entries):
    """Reruns the tilec side under memcheck and racecheck; marks kernels
    named in the sanitizer's reports."""
    exe = sanitizer_prefix("memcheck", "-")[0]
    if not (os.path.exists(exe) or shutil.which(exe)):
        results["__sanitize__"] = {"status": "sanitizer error",
                                   "detail": f"{exe} not found"}
        return
    # One cudaMalloc per tensor, so that memcheck sees the tensors' ends
    # rather than the caching allocator's blocks.
    env = dict(os.environ, PYTORCH_NO_CUDA_MEMORY_CACHING="1")
    for tool in ("memcheck", "racecheck"):
        logs = []

        def prefix(i, attempt, tool=tool):
            log = args.work / f"sanitize-{tool}-{i}-{attempt}.log"
            logs.append(log)
            return sanitizer_prefix(tool, log)

        sub = run_shards(args, keys, tilec_only=True, prefix=prefix,
                         tag=f"sanitize-{tool}", env=env)
        text = "".join(f"==== {log.name}\n" + (log.read_text() if log.exists()
                                                 else "(no log)\n")
                       for log in logs)
        (args.out / f"sanitize-{tool}.log").write_text(text)
        named = set(SANITIZER_KERNEL.findall(text))
        summaries = re.findall(r"ERROR SUMMARY: (\d+) error", text)
        total = sum(int(n) for n in summaries)
        print(f"sanitize {tool}: {total} errors reported; kernels named: "
              f"{', '.join(sorted(named)) or 'none'}")
        for key, r in sub.items():
            if key not in results:
                continue
            kernel = key.split("::")[-1]
            s = results[key].setdefault("sanitize", {})
            if kernel in named:
                s[tool] = "errors"
                if results[key]["status"] not in ("xfail",):
                    results[key]["status"] = "sanitizer error"
                    results[key]["detail"] = (f"compute-sanitizer {tool} "
                                              f"reports errors in {kernel}")
            elif r["status"] in ("crashed", "launch error", "harness error"):
                s[tool] = r["status"]
            else:
                s[tool] = "clean"
        if total and not named:
            results["__sanitize_" + tool] = {
                "status": "sanitizer error",
                "detail": f"{tool} reported {total} errors in no k_ kernel "
                          f"(see sanitize-{tool}.log)"}


def write_reports(args, manifest, results, elapsed):
    counts = {}
    for r in results.values():
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    failing = {k for k, r in results.items() if r["status"] in FAILING or (
        args.strict and r["status"] == "compile error")}
    summary = {"commit": manifest.get("commit"), "tilec": manifest.get("tilec"),
               "arch": manifest.get("arch"), "seconds": round(elapsed, 1),
               "counts": counts, "failing": sorted(failing),
               "results": results}
    (args.out / "results.json").write_text(json.dumps(summary, indent=1) + "\n")
    lines = [f"# Op-level differential run: tilec vs Triton",
             "", f"commit {manifest.get('commit')}, {manifest.get('tilec')}, "
             f"{manifest.get('arch')}, {elapsed:.0f} s", "",
             "| status | kernels |", "| --- | --- |"]
    lines += [f"| {k} | {n} |" for k, n in sorted(counts.items())]
    lines += ["", "| kernel | file | status | max abs err | max ulp | detail |",
              "| --- | --- | --- | --- | --- | --- |"]
    order = sorted(results.items(), key=lambda kv: (
        kv[1]["status"] == "pass", kv[1].get("file", ""), kv[0]))
    for key, r in order:
        outs = r.get("outputs", {}).values()
        err = max((o["max_abs_err"] for o in outs), default=0.0)
        ulp = max((o["max_ulp"] for o in outs), default=0)
        detail = " ".join(str(r.get("detail", "")).split())[:240].replace(
            "|", "\\|")
        lines.append(f"| `{r.get('kernel', key)}` | {r.get('file', '')} | "
                     f"{r['status']} | {err:.3g} | {ulp} | {detail} |")
    (args.out / "results.md").write_text("\n".join(lines) + "\n")
    print("op differential run: " + ", ".join(
        f"{n} {k}" for k, n in sorted(counts.items())) +
        f"; {len(failing)} failing")
    for k in sorted(failing):
        r = results[k]
        print(f"  {r['status']}: {r.get('kernel', k)}: "
              f"{str(r.get('detail', ''))[:300]}")
    return 1 if failing else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--carry", type=pathlib.Path, default=HERE.parents[1] /
                    ".carry" / "ops")
    ap.add_argument("--out", type=pathlib.Path)
    ap.add_argument("--only", default="")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--sanitize", action="store_true")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--tilec-only", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--fake-gpu", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--kernels", help=argparse.SUPPRESS)
    ap.add_argument("--results", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker(args)
    if not args.out:
        ap.error("--out is required")
    args.out.mkdir(parents=True, exist_ok=True)
    # Shard logs stay out of OUTDIR: the device brings back few files.
    args.work = pathlib.Path(tempfile.mkdtemp(prefix="opsuite-"))
    manifest = json.loads((args.carry / "manifest.json").read_text())
    start = time.monotonic()
    results, runnable = {}, []
    for e in manifest["kernels"]:
        key = f"{e['file']}::{e['kernel']}"
        if args.only and not re.search(args.only, e["kernel"]):
            continue
        if e["status"] == "compiled":
            runnable.append(key)
        else:
            results[key] = apply_expectations(e, {
                "file": e["file"], "kernel": e["kernel"],
                "status": e["status"], "detail": e.get("error", "")})
    print(f"{len(runnable)} kernels to run, {len(results)} not compiled or "
          f"skipped", flush=True)
    results.update(run_shards(args, runnable))
    if args.sanitize:
        clean = [k for k in runnable if results.get(k, {}).get("status") in (
            "pass", "mismatch", "xfail") and next(
            (e for e in manifest["kernels"]
             if f"{e['file']}::{e['kernel']}" == k), {}).get(
            "spec", {}).get("sanitize", True)]
        sanitize(args, clean, results, manifest["kernels"])
    return write_reports(args, manifest, results, time.monotonic() - start)


if __name__ == "__main__":
    sys.exit(main())
