#!/usr/bin/env python3
"""Why do some libdevice results differ from Triton's by an ulp? The
evidence, gathered on the GPU machine (torch, Triton 3.6, no LLVM) for the
kernels of a manifest written by prepare.py:

    python3 bench/opsuite/ptxdiff.py --carry .carry/ops --out OUTDIR
        [--only REGEX]

1. Runs the differential harness (run.py) on the kernels with
   TRITON_CACHE_DIR set to a fresh folder, so that Triton's compiled
   artifacts of exactly these kernels land there: OUTDIR/base/.
2. Copies, per kernel, Triton's PTX and LLVM IR (OUTDIR/triton/K.ptx,
   K.llir) and tilec's PTX from the carry (OUTDIR/tilec/K.ptx), and writes
   OUTDIR/summary.md: the ptxas and libdevice Triton uses (path, version,
   md5), and per kernel the count of each floating-point opcode in both
   PTX files (`fma.rn.ftz.f32`, `mul.f32`, `ex2.approx.ftz.f32`, ...) side
   by side, the lines where they differ marked, and the fp32 immediates
   found in only one of them (other polynomial coefficients mean another
   libdevice).
3. Assembles tilec's PTX with *Triton's* ptxas (tilec's cubins come from
   the CUDA toolkit where tilec builds) into a copy of the carry and runs
   the harness again on it: OUTDIR/triton-ptxas/. If these pass where
   step 1 mismatched, the ptxas version (its fusion of mul.f32/add.f32
   into fma) explains the ulp; if the PTX opcode counts differ, the LLVM
   pipeline or the libdevice does.
4. Copies Triton's libdevice.10.bc to OUTDIR/triton-libdevice.10.bc, so
   that tilec can be run with it where it builds (TILEC_LIBDEVICE names
   the file): if tilec's results then match, the libdevice version (CUDA's
   toolkit there against the one Triton ships) is the cause.

Default kernels: the fp32 libdevice functions the H200 run found 1 ulp
off (erf, acos, asin, atan, atan2, cbrt, erfinv, pow). Writes only under
OUTDIR (a few hundred KiB). Exits 0 unless a step could not run.
"""
import argparse
import collections
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
DEFAULT_ONLY = (r"^k_(erf|libdevice_(acos|asin|atan|atan2|cbrt|erfinv|pow))"
                r"_fp32$")
# Floating-point opcodes (with their modifiers) worth counting.
FP_OP = re.compile(r"^\s*(?:@!?%p\d+\s+)?((?:fma|mul|add|sub|div|rcp|sqrt|"
                   r"rsqrt|ex2|lg2|sin|cos|abs|neg|min|max|cvt|copysign|"
                   r"testp|setp|selp|tanh)\.[\w.]*f(?:32|64)\w*)", re.M)


def md5(path):
    return hashlib.md5(pathlib.Path(path).read_bytes()).hexdigest()


def triton_tools():
    """Triton's ptxas path and version, and its libdevice path and md5."""
    import triton
    info = {"triton": triton.__version__}
    ptxas = None
    try:
        from triton import knobs
        ptxas = knobs.nvidia.ptxas.path
    except Exception:  # older layouts
        try:
            from triton.backends.nvidia.compiler import get_ptxas
            ptxas = get_ptxas(90).path
        except Exception as e:
            info["ptxas_error"] = repr(e)
    if ptxas:
        info["ptxas"] = ptxas
        info["ptxas_version"] = subprocess.run(
            [ptxas, "--version"], capture_output=True,
            text=True).stdout.strip().splitlines()[-1:]
    import triton.backends.nvidia as nv
    lib = pathlib.Path(nv.__file__).parent / "lib" / "libdevice.10.bc"
    env = os.environ.get("TRITON_LIBDEVICE_PATH")
    lib = pathlib.Path(env) if env else lib
    info["libdevice"] = str(lib)
    if lib.exists():
        info["libdevice_md5"] = md5(lib)
        info["libdevice_bytes"] = lib.stat().st_size
    cuda = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
    if os.path.exists(cuda):
        info["cuda_ptxas"] = cuda
        info["cuda_ptxas_version"] = subprocess.run(
            [cuda, "--version"], capture_output=True,
            text=True).stdout.strip().splitlines()[-1:]
    return info


def run_harness(carry, out, only, env):
    cmd = [sys.executable, str(HERE / "run.py"), "--carry", str(carry),
           "--out", str(out), "--only", only]
    print("+", " ".join(cmd), flush=True)
    return subprocess.run(cmd, env=env).returncode


def opcode_counts(ptx):
    return collections.Counter(FP_OP.findall(ptx))


def float_immediates(ptx):
    """The fp32 immediates (0fXXXXXXXX) of a PTX: a libdevice of another
    version shows up as other polynomial coefficients."""
    return set(re.findall(r"\b0f[0-9A-Fa-f]{8}\b", ptx))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--carry", type=pathlib.Path, default=HERE.parent.parent /
                    ".carry" / "ops")
    ap.add_argument("--out", type=pathlib.Path, required=True)
    ap.add_argument("--only", default=DEFAULT_ONLY)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    manifest = json.loads((args.carry / "manifest.json").read_text())
    only = re.compile(args.only)
    entries = [e for e in manifest["kernels"]
               if only.search(e["kernel"]) and e["status"] == "compiled"]
    if not entries:
        print("no compiled kernel matches", args.only)
        return 2
    tools = triton_tools()
    (args.out / "tools.json").write_text(json.dumps(tools, indent=1))

    # 1. The differential run, with Triton's cache in a fresh folder.
    cache = pathlib.Path(tempfile.mkdtemp(prefix="ptxdiff-cache-"))
    env = dict(os.environ, TRITON_CACHE_DIR=str(cache))
    rc_base = run_harness(args.carry, args.out / "base", args.only, env)

    # 2. Triton's PTX and LLVM IR per kernel, tilec's PTX, opcode counts.
    (args.out / "triton").mkdir(exist_ok=True)
    (args.out / "tilec").mkdir(exist_ok=True)
    lines = ["# PTX of Triton and tilec, floating-point opcodes", "",
             "```", json.dumps(tools, indent=1), "```", "",
             f"base run exit code {rc_base} (results: base/results.md)", ""]
    for e in entries:
        k = e["kernel"]
        found = {}
        for suffix in ("ptx", "llir"):
            hits = sorted(cache.glob(f"*/{k}.{suffix}"))
            if hits:
                shutil.copy(hits[-1], args.out / "triton" / f"{k}.{suffix}")
                found[suffix] = hits[-1].read_text()
        ours = args.carry / e["cubin"].replace("cubin/", "ptx/", 1)
        ours = ours.with_suffix(".ptx")
        tilec_ptx = ours.read_text() if ours.exists() else ""
        (args.out / "tilec" / f"{k}.ptx").write_text(tilec_ptx)
        theirs = opcode_counts(found.get("ptx", ""))
        mine = opcode_counts(tilec_ptx)
        lines += [f"## {k}", "",
                  "| opcode | Triton | tilec |", "| --- | --- | --- |"]
        for op in sorted(set(theirs) | set(mine)):
            mark = "" if theirs[op] == mine[op] else " **differs**"
            lines.append(f"| `{op}` | {theirs[op]} | {mine[op]}{mark} |")
        if "ptx" not in found:
            lines.append("| (no Triton PTX found in the cache) | | |")
        only_t = sorted(float_immediates(found.get("ptx", "")) -
                        float_immediates(tilec_ptx))
        only_m = sorted(float_immediates(tilec_ptx) -
                        float_immediates(found.get("ptx", "")))
        lines += ["", f"fp32 immediates only in Triton's PTX: {only_t}",
                  f"only in tilec's: {only_m}", ""]

    # 3. tilec's PTX assembled by Triton's ptxas, run again.
    ptxas = tools.get("ptxas")
    rc_re = None
    if ptxas:
        alt = pathlib.Path(tempfile.mkdtemp(prefix="ptxdiff-carry-"))
        shutil.copytree(args.carry, alt, dirs_exist_ok=True)
        for e in entries:
            ptx = (alt / e["cubin"].replace("cubin/", "ptx/", 1)).with_suffix(
                ".ptx")
            cubin = alt / e["cubin"]
            p = subprocess.run([ptxas, f"--gpu-name={manifest['arch']}", "-v",
                                str(ptx), "-o", str(cubin)],
                               capture_output=True, text=True)
            if p.returncode != 0:
                lines.append(f"ptxas failed on {e['kernel']}: {p.stderr}")
        rc_re = run_harness(alt, args.out / "triton-ptxas", args.only, env)
        shutil.rmtree(alt, ignore_errors=True)
    lines += [f"tilec PTX through Triton's ptxas: exit code {rc_re} "
              "(results: triton-ptxas/results.md)", ""]
    lib = pathlib.Path(tools.get("libdevice", ""))
    if lib.is_file():
        shutil.copy(lib, args.out / "triton-libdevice.10.bc")
    (args.out / "summary.md").write_text("\n".join(lines))
    shutil.rmtree(cache, ignore_errors=True)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
