#!/usr/bin/env python3
"""tilec.jit on a GPU: correctness against torch and launch overhead beside
Triton's JIT, on the same kernels (issue 14, items 2 and 3).

Runs examples/vector_add.py's add_kernel and examples/softmax.py's
softmax_kernel (both @triton.jit) through tilec.jit, checks them against
torch on fp32 and fp16, and measures host time per launch on the same
kernel (4 runtime arguments) and arguments, in the same process:

  tilec          tilec.jit(kernel)[grid](x, y, out, n, BLOCK_SIZE=1024)
  triton         Triton's own kernel[grid](...)
  tilec_compiled the bare CompiledKernel: compiled[grid](ptrs..., n), its
                 grid bound once (tilec's floor: no specialization)
  tilec_as_triton  Triton's kernel[grid](...) after tilec.use_as_triton()
                 (measured last: it replaces Triton's launch)

Each is launched in segments of 200 (fewer than the driver's launch queue
holds, so that a launch never waits for the GPU) timed with
time.perf_counter_ns() from the segment's first launch to its last, the
queue drained between segments, outside the timing; the figure is the
median over 9 rounds of 20000 launches, the rounds of tilec, Triton and
the compiled kernel interleaved so that a drift of the machine hits all
three alike. The bar (issue 14): tilec <= triton and tilec <= 5 us. Also
the time of a first launch (compile or cache hit) for each.

Usage (on the GPU machine, with Triton 3.6 and PyTorch):
    TILEC_LIBRARY=/path/to/libtilec.so python3 bench/python_jit.py [OUTDIR]
OUTDIR defaults to $OUT, else bench/results/python-jit. Writes
python_jit.json (every figure) and python_jit.txt (the summary printed).
Exit status 1 if any check fails; 77 without a GPU.
"""

import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "examples"))

try:
    import torch
except ImportError:
    print("SKIP: no torch")
    sys.exit(77)
if not torch.cuda.is_available():
    print("SKIP: no GPU")
    sys.exit(77)

import tilec  # noqa: E402

lines = []
results = {"tilec": tilec.compiler_version(), "device":
           torch.cuda.get_device_name(), "torch": torch.__version__}
failures = 0


def say(text):
    print(text, flush=True)
    lines.append(text)


def check(name, out, ref, bound):
    global failures
    err = ((out.double() - ref.double()).norm() /
           ref.double().norm()).item()
    ok = err < bound
    failures += not ok
    say(f"{'PASS' if ok else 'FAIL'} {name}: rel_err={err:.3e} "
        f"(bound {bound:g})")
    results.setdefault("checks", {})[name] = {"rel_err": err, "ok": ok}


SEGMENT = 200


def time_round(launch, n=20000):
    """Host microseconds per launch over `n` launches, in segments of
    SEGMENT whose time excludes the synchronization between them."""
    total = 0
    for _ in range(n // SEGMENT):
        t0 = time.perf_counter_ns()
        for _ in range(SEGMENT):
            launch()
        total += time.perf_counter_ns() - t0
        torch.cuda.synchronize()
    return total / n / 1000


def time_launches(launches, rounds=9):
    """{name: median host microseconds per launch}, the rounds of every
    launch in `launches` (a dict of callables) interleaved."""
    for launch in launches.values():
        launch()
    torch.cuda.synchronize()
    samples = {name: [] for name in launches}
    for _ in range(rounds):
        for name, launch in launches.items():
            samples[name].append(time_round(launch))
    return {name: sorted(v)[len(v) // 2] for name, v in samples.items()}


def first_launch_ms(launch):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    launch()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) * 1000


def vector_add():
    import vector_add as va
    triton_kernel = va.add_kernel
    tilec_kernel = tilec.jit(triton_kernel)
    for dtype, bound in ((torch.float32, 1e-6), (torch.float16, 1e-3)):
        for n in (1000, 1 << 20, 98432):
            x = torch.randn(n, device="cuda", dtype=dtype)
            y = torch.randn(n, device="cuda", dtype=dtype)
            out = torch.full_like(x, float("nan"))
            grid = lambda meta: (triton_kernel_cdiv(n, meta["BLOCK_SIZE"]),)
            tilec_kernel[grid](x, y, out, n, BLOCK_SIZE=1024)
            torch.cuda.synchronize()
            check(f"vector_add {dtype} n={n}", out, x + y, bound)
    # Launch overhead: 4 runtime arguments, as the bar.
    n = 4096
    x = torch.randn(n, device="cuda")
    y = torch.randn(n, device="cuda")
    out = torch.empty_like(x)
    grid = (4,)
    results["first_launch_ms"] = {
        "tilec": first_launch_ms(lambda: tilec_kernel[grid](
            x, y, out, n, BLOCK_SIZE=1024)),
        "triton": first_launch_ms(lambda: triton_kernel[grid](
            x, y, out, n, BLOCK_SIZE=1024)),
    }
    compiled = tilec_kernel.warmup(x, y, out, n, BLOCK_SIZE=1024)
    run_compiled = compiled[grid]
    xp, yp, op = x.data_ptr(), y.data_ptr(), out.data_ptr()
    per_call = time_launches({
        "tilec": lambda: tilec_kernel[grid](x, y, out, n, BLOCK_SIZE=1024),
        "triton": lambda: triton_kernel[grid](x, y, out, n, BLOCK_SIZE=1024),
        "tilec_compiled": lambda: run_compiled(xp, yp, op, n),
    })
    # Last: from here on Triton's kernel[grid] launches through tilec.
    tilec.use_as_triton()
    per_call.update(time_launches({
        "tilec_as_triton": lambda: triton_kernel[grid](
            x, y, out, n, BLOCK_SIZE=1024)}))
    torch.cuda.synchronize()
    out.zero_()
    triton_kernel[grid](x, y, out, n, BLOCK_SIZE=1024)
    torch.cuda.synchronize()
    check("vector_add through use_as_triton", out, x + y, 1e-6)
    global failures
    bar = {"tilec_le_triton": per_call["tilec"] <= per_call["triton"],
           "tilec_le_5us": per_call["tilec"] <= 5.0}
    results["launch_bar"] = bar
    say(f"{'PASS' if all(bar.values()) else 'FAIL'} launch overhead bar: "
        f"tilec {per_call['tilec']:.2f} us <= triton "
        f"{per_call['triton']:.2f} us: {bar['tilec_le_triton']}; <= 5 us: "
        f"{bar['tilec_le_5us']}")
    failures += not all(bar.values())
    results["launch_us_4_args"] = per_call
    say("launch overhead, add_kernel (4 runtime arguments), us per call: " +
        ", ".join(f"{k} {v:.2f}" for k, v in per_call.items()))
    say("first launch, ms: " + ", ".join(
        f"{k} {v:.1f}" for k, v in results["first_launch_ms"].items()))
    results["tilec_add_kernel"] = {
        "signature": compiled.signature,
        "registers": compiled.n_regs, "spills": compiled.n_spills,
        "asm_levels": sorted(compiled.asm.keys())}


def triton_kernel_cdiv(a, b):
    return (a + b - 1) // b


def softmax():
    import softmax as sm
    kernel = tilec.jit(sm.softmax_kernel)
    for dtype, bound in ((torch.float32, 1e-5), (torch.float16, 2e-3)):
        for rows, cols in ((1823, 781), (4096, 1024), (128, 8192)):
            x = torch.randn(rows, cols, device="cuda", dtype=dtype)
            out = torch.full_like(x, float("nan"))
            block = 1 << (cols - 1).bit_length()
            warps = 4 if block <= 2048 else 8 if block <= 8192 else 16
            kernel[(rows,)](out, x, x.stride(0), out.stride(0), cols,
                            BLOCK_SIZE=block, num_warps=warps)
            torch.cuda.synchronize()
            check(f"softmax {dtype} {rows}x{cols}", out,
                  torch.softmax(x.double(), dim=1), bound)


def main():
    outdir = (sys.argv[1] if len(sys.argv) > 1 else os.environ.get("OUT")
              or os.path.join(ROOT, "bench", "results", "python-jit"))
    os.makedirs(outdir, exist_ok=True)
    # softmax first: vector_add ends with use_as_triton().
    for part in (softmax, vector_add):
        try:
            part()
        except Exception as e:  # report and go on to the next part
            global failures
            failures += 1
            say(f"FAIL {part.__name__}: {type(e).__name__}: {e}")
    results["failures"] = failures
    results["cache"] = tilec.cache_stats()
    with open(os.path.join(outdir, "python_jit.json"), "w") as f:
        json.dump(results, f, indent=2)
    with open(os.path.join(outdir, "python_jit.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    say(f"{failures} failures; results in {outdir}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
