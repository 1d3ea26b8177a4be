#!/usr/bin/env python3
"""Stands in for tilec in test/OpSuite/classify.py: behaves as $FAKE_MODE
says, so that the suite's classification of each outcome is tested."""
import os
import signal
import sys

mode = os.environ["FAKE_MODE"]
path = sys.argv[1]
out = sys.argv[sys.argv.index("-o") + 1]
kernel = sys.argv[sys.argv.index("-k") + 1]
arch = sys.argv[sys.argv.index("--arch") + 1]
line = next(i for i, l in enumerate(open(path), 1) if "tl.exp(" in l)
PTX = (".version 8.0\n.target {arch}\n.address_size 64\n"
       "// {comment}\n.visible .entry {kernel}()\n{{\n\tret;\n}}\n")

if mode == "segv":
    os.kill(os.getpid(), signal.SIGSEGV)
if mode == "abort":
    print("LLVM ERROR: Cannot select: f32 = fsin", file=sys.stderr)
    os.abort()
if mode == "llvm_error":
    print("LLVM ERROR: out of registers", file=sys.stderr)
    sys.exit(1)
if mode == "unlocated":
    print("error: no libcall available for fexp", file=sys.stderr)
    sys.exit(1)
if mode == "line0":
    print(f"{path}:0:0: error: 'tl.exp' is refused", file=sys.stderr)
    sys.exit(1)
if mode == "generic":
    print(f"{path}:{line}:9: error: failed to legalize operation 'math.exp'",
          file=sys.stderr)
    sys.exit(1)
if mode == "unnamed":
    print(f"{path}:{line}:9: error: something is wrong", file=sys.stderr)
    sys.exit(1)
if mode == "refused":
    print(f"{path}:{line}:9: error: 'tl.exp' is not supported by tilec",
          file=sys.stderr)
    sys.exit(1)
if mode == "exit2":
    sys.exit(2)
if mode == "bad_ptx":
    open(out, "w").write("this is not PTX\n")
    sys.exit(0)
if mode in ("ptx_key", "ptx_nokey"):
    comment = "ex2.approx.f32" if mode == "ptx_key" else "nothing"
    open(out, "w").write(PTX.format(arch=arch, comment=comment, kernel=kernel))
    sys.exit(0)
sys.exit(f"fake_tilec: unknown mode {mode}")
