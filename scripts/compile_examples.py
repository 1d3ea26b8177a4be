#!/usr/bin/env python3
"""Compile every kernel of every sample in examples/ with tilec.

Each sample declares `TILEC_SIGNATURES = {kernel: (signature, num_warps)}`;
this script reads that dict with `ast` (no import, so no torch or triton is
needed) and runs `tilec --emit=LEVEL` for each entry (default: the tile
dialect), writing the output to --out and, with --print, the IR to stdout.
For --emit=cubin it prints ptxas's resource report of each kernel. It exits
non-zero if any compile fails.
"""
import argparse
import ast
import pathlib
import subprocess
import sys


def signatures(path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                getattr(t, "id", None) == "TILEC_SIGNATURES" for t in node.targets):
            return ast.literal_eval(node.value)
    return {}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tilec", required=True)
    ap.add_argument("--examples", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--emit", default="tile")
    ap.add_argument("--print", action="store_true")
    args = ap.parse_args()

    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results = []
    for src in sorted(pathlib.Path(args.examples).glob("*.py")):
        for kernel, (sig, warps) in signatures(src).items():
            binary = args.emit in ("ptx", "cubin", "llvm")
            suffix = args.emit if binary else f"{args.emit}.mlir"
            dest = out / f"{src.stem}.{kernel}.{suffix}"
            cmd = [args.tilec, str(src), "-k", kernel, "-s", sig,
                   f"--num-warps={warps}", f"--emit={args.emit}", "-o", str(dest)]
            if args.emit == "cubin":
                cmd.append("--print-resources")
            r = subprocess.run(cmd, capture_output=True, text=True)
            ok = r.returncode == 0
            results.append((src.name, kernel, ok))
            if args.emit == "cubin" and ok:
                print(f"{src.name} :: {r.stderr.strip()}")
            elif args.print and not binary:
                print(f"=== {src.name} :: {kernel}  [{sig}]  num_warps={warps}")
                print(dest.read_text() if ok else r.stderr)
            elif not ok:
                print(r.stderr, file=sys.stderr)

    print(f"=== summary (--emit={args.emit})")
    for name, kernel, ok in results:
        print(f"{'ok  ' if ok else 'FAIL'} {name} :: {kernel}")
    failed = sum(not ok for _, _, ok in results)
    print(f"{len(results) - failed} compiled, {failed} failed")
    return 1 if failed or not results else 0


if __name__ == "__main__":
    sys.exit(main())
