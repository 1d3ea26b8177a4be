#!/usr/bin/env python3
# Compiles every kernel of a test/GPU/ops file with tilec for one
# architecture and prints, per kernel, a `// kernel: NAME` line and its PTX,
# for FileCheck. The signature comes from the file's SPECS (read with ast,
# as bench/opsuite does): a tensor argument is `*<dtype>:16`, an int scalar
# `i32`, a constexpr its value. With --ptxas, each PTX is also assembled;
# any failure of tilec or ptxas ends the run with its message and status 1.
import argparse
import ast
import os
import subprocess
import sys
import tempfile


def signature(fn, spec):
    args = spec["args"]
    constexprs = {a.arg for a in fn.args.args
                  if isinstance(a.annotation, ast.Attribute) and
                  a.annotation.attr == "constexpr"}
    parts = []
    for a in fn.args.args:
        v = args[a.arg]
        if isinstance(v, dict):
            parts.append("*%s:16" % v["dtype"])
        elif a.arg in constexprs:
            parts.append(str(v))
        elif isinstance(v, float):
            parts.append("fp32")
        else:
            parts.append("i32")
    return ", ".join(parts)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("file")
    p.add_argument("--tilec", required=True)
    p.add_argument("--arch", required=True)
    p.add_argument("--ptxas")
    p.add_argument("--only", default="")
    o = p.parse_args()
    tree = ast.parse(open(o.file).read())
    specs = {}
    fns = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            fns.append(node)
        elif isinstance(node, ast.Assign) and node.targets[0].id == "SPECS":
            specs = eval(compile(ast.Expression(node.value), o.file, "eval"),
                         {"__builtins__": {"dict": dict, "float": float}})
    tmp = tempfile.mkdtemp()
    for fn in fns:
        if o.only and o.only not in fn.name:
            continue
        sig = signature(fn, specs[fn.name])
        r = subprocess.run([o.tilec, o.file, "-k", fn.name, "-s", sig,
                            "--arch=" + o.arch, "--emit=ptx", "--no-cache"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stderr)
            sys.exit("tilec failed on %s (status %d)" % (fn.name, r.returncode))
        print("// kernel: %s" % fn.name)
        print(r.stdout)
        if o.ptxas:
            ptx = os.path.join(tmp, fn.name + ".ptx")
            with open(ptx, "w") as f:
                f.write(r.stdout)
            a = subprocess.run([o.ptxas, "--gpu-name=" + o.arch, ptx, "-o",
                                ptx + ".cubin"], capture_output=True, text=True)
            if a.returncode != 0:
                sys.stderr.write(a.stderr)
                sys.exit("ptxas failed on %s" % fn.name)


if __name__ == "__main__":
    main()
