#!/usr/bin/env python3
"""Compiles every `k_` kernel of test/GPU/ops/*.py and of the generated op
suite (table.py) with tilec to a cubin, for the GPU differential harness
(run.py), and writes OUT/manifest.json: per kernel its source (copied under
OUT/src), its launch spec, the signature and -D bindings it was compiled
with, and tilec's ABI for it (README.md, "The manifest").

Runs where tilec builds; OUT (default .carry/ops) is carried to the GPU
machine. A kernel that does not compile, or whose spec is wrong, is
recorded with the reason and the others go on; the exit code is 1 only if
tilec cannot run at all.

    python3 bench/opsuite/prepare.py --tilec build/bin/tilec --out .carry/ops
        [--files F.py ...] [--only REGEX] [--no-gen] [-j 2] [--arch sm_90a]
        [--check]
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
import gen  # noqa: E402
import spec  # noqa: E402

RESOURCES = re.compile(
    r"(?P<name>\w+): (?P<registers>\d+) registers, .*?(?P<shared>\d+) bytes "
    r"shared memory(?:, (?P<dynamic>\d+) bytes dynamic shared memory)?, "
    r"(?P<threads>\d+) threads")
TIMEOUT_S = 300


def tail(text, n=1500):
    text = text.strip()
    return text if len(text) <= n else "..." + text[-n:]


def compile_kernel(args, entry, launch, src):
    """Fills `entry` with the compile's outcome."""
    base = [args.tilec, str(src), "-k", launch.kernel, "-s", launch.signature,
            "--arch", args.arch, "--num-warps", str(launch.num_warps),
            "--num-stages", str(launch.num_stages)]
    for name, value in launch.defines.items():
        base += ["-D", f"{name}={value}"]
    stem = f"{src.parent.name}.{src.stem}.{launch.kernel}"
    ptx = args.out / "ptx" / f"{stem}.ptx"
    cubin = args.out / "cubin" / f"{stem}.cubin"
    entry["command"] = " ".join(base[1:] + ["--emit=cubin"])
    try:
        p = subprocess.run(base + ["--emit=ptx", "-o", str(ptx)],
                           capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        entry.update(status="compile error", error="tilec timed out")
        return
    if p.returncode != 0:
        entry.update(status="compile error", exit_code=p.returncode,
                     error=tail(p.stdout + p.stderr))
        return
    try:
        params = spec.abi_params(launch)
    except spec.SpecError as e:
        entry.update(status="spec error", error=str(e))
        return
    problem, symbol = spec.check_ptx_abi(launch, params, ptx.read_text())
    if problem:
        entry.update(status="abi error", error=problem)
        return
    p = subprocess.run(base + ["--emit=cubin", "--print-resources", "-o",
                               str(cubin)], capture_output=True, text=True,
                       timeout=TIMEOUT_S)
    if p.returncode != 0 or not cubin.exists():
        entry.update(status="compile error", exit_code=p.returncode,
                     error=tail(p.stdout + p.stderr))
        return
    m = RESOURCES.search(p.stderr)
    if not m:
        entry.update(status="compile error",
                     error="no resource line from --print-resources: " +
                     tail(p.stderr, 300))
        return
    threads = int(m.group("threads"))
    if threads != 32 * launch.num_warps:
        entry.update(status="abi error", error=f"{threads} threads for "
                     f"num_warps={launch.num_warps}")
        return
    entry.update(status="compiled", symbol=symbol, params=params,
                 threads=threads, registers=int(m.group("registers")),
                 shared=int(m.group("shared")),
                 dynamic_shared=int(m.group("dynamic") or 0),
                 cubin=str(cubin.relative_to(args.out)))


def spec_json(launch):
    """The launch as run.py reads it."""
    args = []
    for a in launch.args:
        d = {"name": a.name, "kind": a.kind}
        if a.kind == "tensor":
            d.update(dtype=a.dtype, shape=list(a.shape), role=a.role,
                     fill=a.fill, low=a.low, high=a.high, scale=a.scale,
                     value=a.value, compare=a.compare)
        else:
            d.update(value=a.value, type=a.type)
        args.append(d)
    return {"args": args, "grid": list(launch.grid),
            "num_warps": launch.num_warps, "num_stages": launch.num_stages,
            "runs": launch.runs, "xfail": launch.xfail, "skip": launch.skip,
            "sanitize": launch.sanitize}


def collect(args):
    """(source file copied under OUT/src, original path) pairs."""
    files = []
    if args.files:
        originals = [pathlib.Path(f) for f in args.files]
    else:
        originals = sorted((ROOT / "test" / "GPU" / "ops").glob("*.py"))
    (args.out / "src" / "ops").mkdir(parents=True, exist_ok=True)
    for f in originals:
        dst = args.out / "src" / "ops" / f.name
        shutil.copyfile(f, dst)
        files.append((dst, f))
    if not args.no_gen:
        written = gen.write(args.out / "src" / "gen")
        for path in sorted({p for p, _ in written.values()}):
            files.append((path, HERE / "table.py"))
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tilec", required=True)
    ap.add_argument("--out", type=pathlib.Path, default=ROOT / ".carry" / "ops")
    ap.add_argument("--files", nargs="*")
    ap.add_argument("--only", default="")
    ap.add_argument("--no-gen", action="store_true")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--arch", default="sm_90a")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 on a missing or wrong spec or an ABI error "
                         "(compile errors are listed, not failures)")
    args = ap.parse_args()
    try:
        version = subprocess.run([args.tilec, "--version"], capture_output=True,
                                 text=True, timeout=60).stdout.strip()
    except OSError as e:
        sys.exit(f"prepare.py: cannot run tilec: {e}")
    if args.out.exists():
        shutil.rmtree(args.out)
    for d in ("ptx", "cubin"):
        (args.out / d).mkdir(parents=True)
    entries, jobs = [], []
    for src, original in collect(args):
        rel = str(src.relative_to(args.out))
        try:
            kernels, specs = spec.read_file(src)
        except (spec.SpecError, SyntaxError) as e:
            entries.append({"file": rel, "kernel": "", "status": "spec error",
                            "error": str(e)})
            continue
        for name in specs:
            if name not in kernels:
                entries.append({"file": rel, "kernel": name,
                                "status": "spec error",
                                "error": f"SPECS names '{name}', which is not "
                                         f"a @triton.jit function of the file"})
        for name, kdef in kernels.items():
            if not name.startswith("k_") or (
                    args.only and not re.search(args.only, name)):
                continue
            entry = {"file": rel, "origin": str(original.relative_to(ROOT))
                     if original.is_relative_to(ROOT) else str(original),
                     "kernel": name}
            entries.append(entry)
            if name not in specs:
                entry.update(status="no spec", error="the kernel has no "
                             "SPECS entry")
                continue
            try:
                launch = spec.normalize(kdef, specs[name])
            except spec.SpecError as e:
                entry.update(status="spec error", error=str(e))
                continue
            entry.update(spec=spec_json(launch), signature=launch.signature,
                         defines=launch.defines, num_warps=launch.num_warps,
                         num_stages=launch.num_stages)
            if launch.skip:
                entry.update(status="skipped", error=launch.skip)
                continue
            jobs.append((entry, launch, src))
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        for f in [pool.submit(compile_kernel, args, *j) for j in jobs]:
            f.result()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    if subprocess.run(["git", "-C", str(ROOT), "diff", "--quiet", "HEAD"]
                      ).returncode:
        commit += " (uncommitted changes)"
    manifest = {"arch": args.arch, "tilec": version, "commit": commit,
                "kernels": entries}
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    counts = {}
    for e in entries:
        counts[e["status"]] = counts.get(e["status"], 0) + 1
    for e in entries:
        if e["status"] not in ("compiled", "skipped"):
            first = e.get("error", "").strip().splitlines()
            print(f"{e['status']}: {e['file']} {e['kernel']}: "
                  f"{first[0][:200] if first else ''}")
    print(f"prepare: {len(entries)} kernels: " +
          ", ".join(f"{n} {k}" for k, n in sorted(counts.items())) +
          f"; manifest in {args.out / 'manifest.json'}")
    bad = {"no spec", "spec error", "abi error"}
    return 1 if args.check and any(e["status"] in bad for e in entries) else 0


if __name__ == "__main__":
    sys.exit(main())
