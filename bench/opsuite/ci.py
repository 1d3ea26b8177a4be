#!/usr/bin/env python3
"""The CI op suite (no GPU): compiles every kernel of table.py for every
target with `tilec --emit=ptx`, assembles the PTX with ptxas, and checks
each result:

- lowered: tilec exits 0, ptxas accepts the PTX, and the PTX matches the
  table's key regex for that function, dtype and target;
- refused: tilec exits 1 with `FILE:LINE:COL: error: ...` at a line of the
  kernel file (LINE > 0), and the message or that source line names the
  function;
- FAILED: anything else: a signal (exit code >= 128 or negative), another
  exit code, `LLVM ERROR`, an assertion or a stack dump, an unlocated or
  unnamed error, a PTX ptxas rejects, a missing key instruction, a timeout.

Prints one line per function (lowered / refused with the first reason /
FAILED), writes SUMMARY.json (function -> status per dtype and target) and
exits 1 if anything FAILED.

`--baseline FILE` lists known failures, one `KERNEL@TARGET  # why` a line:
those are reported as `known` and do not fail the run, while a listed
kernel that no longer fails does (`fixed: remove it from the baseline`), so
the list only shrinks. `--write-baseline FILE` rewrites it from this run.

    python3 bench/opsuite/ci.py --tilec build/bin/tilec --out DIR
        [--ptxas /usr/local/cuda/bin/ptxas] [-j 2] [--only REGEX]
        [--targets sm_80,sm_90a] [--cache-dir DIR]
        [--baseline FILE] [--write-baseline FILE]
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import gen  # noqa: E402
import spec  # noqa: E402
import table  # noqa: E402

CRASH_MARKERS = ("LLVM ERROR", "PLEASE submit a bug report", "Stack dump",
                 "Assertion `", "Assertion failed", "UNREACHABLE executed",
                 "Segmentation fault", "Aborted")
TIMEOUT_S = 120
# MLIR's messages when a lowering has no pattern: a gap, not a refusal.
GENERIC = re.compile(r"failed to legalize|failed to convert|"
                     r"unhandled|not implemented|no libcall|Cannot select")


def tilec_command(tilec, path, launch, target, out):
    cmd = [tilec, str(path), "-k", launch.kernel, "-s", launch.signature,
           "--arch", target, "--num-warps", str(launch.num_warps),
           "--num-stages", str(launch.num_stages), "--emit=ptx", "-o", str(out)]
    for name, value in launch.defines.items():
        cmd += ["-D", f"{name}={value}"]
    return cmd


def names_of(function):
    """What a refusal must mention: the function's last name, and for a
    cast the method spellings."""
    short = function.split(".")[-1]
    return {"cast": ("cast", "to", "fp8", "float8"),
            "advance": ("advance", "make_block_ptr")}.get(short, (short,))


def classify_refusal(text, path, source_lines, function):
    """(ok, detail) for the output of a tilec run that exited 1."""
    located = re.search(rf"^{re.escape(str(path))}:(\d+):(\d+): error: (.*)$",
                        text, re.M)
    if not located:
        first = next((l for l in text.splitlines() if "error" in l),
                     text.strip().splitlines()[0] if text.strip() else "")
        return False, f"unlocated error: {first.strip()[:200]}"
    line, message = int(located.group(1)), located.group(3).strip()
    if line <= 0 or line > len(source_lines):
        return False, f"error at line {line}, outside the file: {message[:200]}"
    names = names_of(function)
    if GENERIC.search(message):
        return False, (f"generic lowering failure, not a refusal by name, at "
                       f"line {line}: {message[:200]}")
    if not any(re.search(rf"\b{re.escape(n)}\b", message) for n in names):
        return False, (f"error at {line}:{located.group(2)} does not name "
                       f"{'/'.join(names)}: {message[:200]}")
    return True, message[:300]


def run_one(args, path, case, launch, target, workdir):
    """The outcome of one kernel on one target: a dict with status
    ("lowered", "refused", "failed"), detail, and seconds."""
    start = time.monotonic()
    ptx = workdir / f"{case.kernel}.{target}.ptx"
    ptx.unlink(missing_ok=True)  # a PTX left by an earlier run proves nothing
    cmd = tilec_command(args.tilec, path, launch, target, ptx)
    env = dict(os.environ)
    if args.cache_dir:
        env["TILEC_CACHE_DIR"] = str(args.cache_dir)
    refused_by_triton = case.refused_by_triton(target)

    def done(status, detail, note=""):
        r = {"status": status, "detail": detail,
             "seconds": round(time.monotonic() - start, 3)}
        if note:
            r["note"] = note
        return r

    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env,
                           timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return done("failed", f"tilec timed out after {TIMEOUT_S}s")
    text = p.stdout + p.stderr
    if p.returncode < 0 or p.returncode >= 128:
        why = next((l for l in text.splitlines()
                    if any(m in l for m in CRASH_MARKERS) or "error" in l),
                   text.strip()[-300:])
        return done("failed", f"tilec ended with signal/exit code "
                    f"{p.returncode}: {why.strip()[:300]}")
    marker = next((m for m in CRASH_MARKERS if m in text), None)
    if marker:
        line = next(l for l in text.splitlines() if marker in l)
        return done("failed", f"'{marker}' in tilec's output: {line.strip()[:300]}")
    if p.returncode not in (0, 1):
        return done("failed", f"tilec exit code {p.returncode}: "
                    f"{text.strip()[-300:]}")
    if p.returncode == 1:
        ok, detail = classify_refusal(text, path, args.sources[path],
                                      case.function)
        if not ok:
            return done("failed", detail)
        return done("refused", detail,
                    "Triton 3.6 refuses it too" if refused_by_triton else "")
    if not ptx.exists():
        return done("failed", "tilec exited 0 and wrote no PTX")
    text = ptx.read_text()
    try:
        a = subprocess.run([args.ptxas, f"--gpu-name={target}", str(ptx),
                            "-o", os.devnull], capture_output=True, text=True,
                           timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return done("failed", f"ptxas timed out after {TIMEOUT_S}s")
    if a.returncode != 0:
        return done("failed", "ptxas rejects the PTX: " +
                    (a.stdout + a.stderr).strip()[:300])
    if refused_by_triton:
        return done("lowered", "", "lowered although Triton 3.6 refuses it")
    key = case.key_for(target)
    if key and not re.search(key, text):
        return done("failed", f"key instruction /{key}/ not in the PTX")
    if not args.keep_ptx:
        ptx.unlink()
    return done("lowered", f"/{key}/" if key else "")


def function_status(results, targets):
    """lowered / partial / refused / failed of one function, from its
    {label: {target: result}} (cases Triton refuses left out)."""
    kinds = [r["status"] for per in results.values() for r in per.values()
             if "Triton 3.6 refuses" not in r.get("note", "")]
    if "failed" in kinds:
        return "failed"
    if not kinds:
        return "refused"
    if all(k == "lowered" for k in kinds):
        return "lowered"
    if all(k == "refused" for k in kinds):
        return "refused"
    return "partial"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tilec", required=True)
    ap.add_argument("--ptxas", default=os.environ.get(
        "TILEC_PTXAS", "/usr/local/cuda/bin/ptxas"))
    ap.add_argument("--out", required=True, type=pathlib.Path)
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--only", default="", help="regex on kernel names")
    ap.add_argument("--targets", default=",".join(table.TARGETS))
    ap.add_argument("--cache-dir", default="")
    ap.add_argument("--keep-ptx", action="store_true")
    ap.add_argument("--baseline", type=pathlib.Path)
    ap.add_argument("--write-baseline", type=pathlib.Path)
    args = ap.parse_args()
    targets = [t for t in args.targets.split(",") if t]
    args.out.mkdir(parents=True, exist_ok=True)
    kernels = gen.write(args.out / "kernels")
    work = args.out / "ptx"
    work.mkdir(exist_ok=True)
    args.sources = {}
    jobs = []
    for name, (path, case) in kernels.items():
        if args.only and not re.search(args.only, name):
            continue
        if path not in args.sources:
            args.sources[path] = path.read_text().splitlines()
        kdefs, specs = spec.read_file(path)
        launch = spec.normalize(kdefs[name], specs[name])
        for t in targets:
            jobs.append((path, case, launch, t))
    start = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        futures = [pool.submit(run_one, args, *j, work) for j in jobs]
        outcomes = [f.result() for f in futures]
    elapsed = time.monotonic() - start

    known = read_baseline(args.baseline) if args.baseline else {}
    for (path, case, launch, t), r in zip(jobs, outcomes):
        if r["status"] == "failed" and f"{case.kernel}@{t}" in known:
            r["known"] = True
    functions = {}
    for (path, case, launch, t), r in zip(jobs, outcomes):
        f = functions.setdefault(case.function, {"file": path.name, "cases": {}})
        f["cases"].setdefault(case.label, {})[t] = r
    counts = {"lowered": 0, "refused": 0, "failed": 0, "known": 0}
    for r in outcomes:
        counts["known" if r.get("known") else r["status"]] += 1
    ran = {f"{c.kernel}@{t}" for _, c, _, t in jobs}
    failing = {f"{c.kernel}@{t}" for (_, c, _, t), r in zip(jobs, outcomes)
               if r["status"] == "failed"}
    fixed = sorted(k for k in known if k in ran and k not in failing)
    lines = []
    for fn, f in functions.items():
        f["status"] = function_status(f["cases"], targets)
        per = [(label, t, r) for label, d in f["cases"].items()
               for t, r in d.items()]
        low = [f"{l}@{t}" for l, t, r in per if r["status"] == "lowered"]
        ref = [(l, t, r) for l, t, r in per if r["status"] == "refused"]
        bad = [(l, t, r) for l, t, r in per if r["status"] == "failed"]
        line = f"{fn}: {f['status']}: lowered {len(low)}/{len(per)}"
        if ref:
            l, t, r = ref[0]
            line += f"; refused {len(ref)} ({l}@{t}: {r['detail'][:120]})"
        for l, t, r in bad:
            tag = "known" if r.get("known") else "FAILED"
            line += f"\n  {tag} {case_name(fn, l)}@{t}: {r['detail']}"
        for l, t, r in per:
            if r.get("note") and r["status"] == "lowered":
                line += f"\n  note {case_name(fn, l)}@{t}: {r['note']}"
        lines.append(line)
    for k in fixed:
        lines.append(f"fixed: {k} no longer fails: remove it from the baseline")
    print("\n".join(lines))
    print(f"op suite: {len(outcomes)} kernels ({len(functions)} functions x "
          f"dtypes x {len(targets)} targets) in {elapsed:.0f}s: "
          f"{counts['lowered']} lowered, {counts['refused']} refused, "
          f"{counts['known']} known failures, {counts['failed']} FAILED, "
          f"{len(fixed)} fixed")
    summary = {"targets": targets, "counts": counts, "fixed": fixed,
               "functions": functions}
    (args.out / "SUMMARY.json").write_text(json.dumps(summary, indent=1) + "\n")
    if args.write_baseline:
        write_baseline(args.write_baseline, jobs, outcomes)
    return 1 if counts["failed"] or fixed else 0


def read_baseline(path):
    """{KERNEL@TARGET: why} of a baseline file."""
    known = {}
    for line in path.read_text().splitlines():
        entry, _, why = line.partition("#")
        if entry.strip():
            known[entry.strip()] = why.strip()
    return known


def write_baseline(path, jobs, outcomes):
    lines = ["# Known failures of the CI op suite (bench/opsuite/ci.py), one",
             "# KERNEL@TARGET a line; written by --write-baseline. A fix",
             "# removes its lines: the suite fails while a listed kernel passes."]
    for (_, case, _, t), r in zip(jobs, outcomes):
        if r["status"] == "failed":
            why = " ".join(r["detail"].split())[:150]
            lines.append(f"{case.kernel}@{t}  # {why}")
    path.write_text("\n".join(lines) + "\n")


def case_name(function, label):
    return f"k_{function.replace('.', '_')}_{label}"


if __name__ == "__main__":
    sys.exit(main())
