#!/usr/bin/env python3
"""Robustness check of tilec's frontend on broken input (run by truncation.py).

For every example kernel file, feeds tilec:
  * every prefix of the file (the first k lines, k = 0 .. number of lines), and
  * a fixed set of pseudo-random mutations (a token or a character deleted,
    duplicated, swapped with its neighbour, or a stray character inserted),
compiling each kernel listed in the file's TILEC_SIGNATURES dict with its
signature. Every run must exit 0 or 1 within the timeout (never a signal, an
assertion, another exit code or a hang), and a run that fails must print at
least one `FILE:LINE:COL: error: ` (or, about the whole file, `FILE: error: `)
line that names the input file.

The dict is read with ast.literal_eval from the source; the examples are never
imported (they import torch and triton).
"""
import argparse
import ast
import concurrent.futures
import io
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize

TIMEOUT_S = 20
MUTATIONS_PER_FILE = 200
SEED = 20240601
# Text that means tilec died instead of reporting a diagnostic, whatever the
# exit code says.
CRASH_MARKERS = ("Assertion", "LLVM ERROR", "Stack dump", "PLEASE submit",
                 "UNREACHABLE", "Segmentation fault", "terminate called")
STRAY_CHARS = "()[]{}:,.=+-*/%<>!&|^~@#'\"\\ \t\n0123456789_aZ$?`"


def read_signatures(source):
    """Returns {kernel: signature} from the TILEC_SIGNATURES assignment."""
    tree = ast.parse(source)
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "TILEC_SIGNATURES"):
            table = ast.literal_eval(node.value)
            return {name: entry[0] for name, entry in table.items()}
    return {}


def jit_line_ranges(source):
    """Returns the 1-based (first, last) lines of each @triton.jit function."""
    ranges = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and node.decorator_list:
            first = min(d.lineno for d in node.decorator_list)
            ranges.append((first, node.end_lineno))
    return ranges


def kernel_first_lines(source):
    """Returns {name: 1-based first line (its first decorator)} of each
    decorated top-level function."""
    out = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and node.decorator_list:
            out[node.name] = min(d.lineno for d in node.decorator_list)
    return out


def mutate(source, rng, ranges):
    """Returns one mutated copy of source: one token or character edited.

    Three quarters of the edits fall inside a @triton.jit function, where the
    frontend actually looks; the rest anywhere in the file.
    """
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def in_kernel(pos):
        line = next(i for i in range(len(lines)) if offsets[i + 1] > pos) + 1
        return any(a <= line <= b for a, b in ranges)

    want_kernel = ranges and rng.random() < 0.75
    if rng.random() < 0.5:
        # Token edit (tokenize gives exact spans of names, numbers, operators).
        toks = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
                if t.type not in (tokenize.ENDMARKER, tokenize.DEDENT,
                                  tokenize.INDENT, tokenize.NL, tokenize.NEWLINE)
                and t.string]
        spans = [(offsets[t.start[0] - 1] + t.start[1],
                  offsets[t.end[0] - 1] + t.end[1]) for t in toks]
        if want_kernel:
            spans = [s for s in spans if in_kernel(s[0])] or spans
        i = rng.randrange(len(spans))
        a, b = spans[i]
        op = rng.choice(("delete", "duplicate", "swap"))
        if op == "delete":
            return source[:a] + source[b:]
        if op == "duplicate":
            return source[:b] + " " + source[a:b] + source[b:]
        if i + 1 < len(spans):
            c, d = spans[i + 1]
            return source[:a] + source[c:d] + source[b:c] + source[a:b] + source[d:]
        return source[:a] + source[b:]
    # Character edit.
    positions = range(len(source))
    if want_kernel:
        first, last = rng.choice(ranges)
        lo, hi = offsets[first - 1], offsets[min(last, len(lines))]
        positions = range(lo, hi)
    p = rng.choice(positions)
    op = rng.choice(("delete", "duplicate", "swap", "insert"))
    if op == "delete":
        return source[:p] + source[p + 1:]
    if op == "duplicate":
        return source[:p] + source[p] + source[p:]
    if op == "swap" and p + 1 < len(source):
        return source[:p] + source[p + 1] + source[p] + source[p + 2:]
    return source[:p] + rng.choice(STRAY_CHARS) + source[p:]


def run_one(tilec, path, text, kernel, signature, what):
    """Compiles text as path; returns None if the run is acceptable, else why."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    cmd = [tilec, path, "-k", kernel, "-s", signature, "--emit=tile",
           "-o", os.devnull]
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"{what}: timed out after {TIMEOUT_S} s"
    err = r.stderr.decode("utf-8", "replace")
    if r.returncode < 0:
        return f"{what}: killed by signal {-r.returncode}\n{err[-2000:]}"
    if r.returncode not in (0, 1):
        return f"{what}: exit code {r.returncode}\n{err[-2000:]}"
    for marker in CRASH_MARKERS:
        if marker in err:
            return f"{what}: crash output ({marker!r})\n{err[-2000:]}"
    if r.returncode == 1:
        # A file-level error (no kernel left in a truncated file) names
        # the file alone.
        loc = re.compile(r"^" + re.escape(path) + r"(:\d+:\d+)?: error: ",
                         re.M)
        if not loc.search(err):
            return (f"{what}: failed without a '{path}[:LINE:COL]: error:' "
                    f"line\n{err[-2000:]}")
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tilec", required=True, help="the tilec binary")
    ap.add_argument("--examples", required=True, help="folder of example .py files")
    ap.add_argument("--mutations", type=int, default=MUTATIONS_PER_FILE)
    ap.add_argument("--jobs", type=int, default=max(2, min(4, os.cpu_count() or 2)))
    ap.add_argument("--keep", help="copy each failing input into this folder")
    args = ap.parse_args()

    tilec = shutil.which(args.tilec) or args.tilec
    examples = sorted(os.path.join(args.examples, n)
                      for n in os.listdir(args.examples) if n.endswith(".py"))
    if not examples:
        print(f"error: no .py files in {args.examples}", file=sys.stderr)
        return 2

    jobs = []  # (text, kernel, signature, description)
    for file_index, example in enumerate(examples):
        with open(example, encoding="utf-8") as f:
            source = f.read()
        name = os.path.basename(example)
        signatures = read_signatures(source)
        if not signatures:
            print(f"error: {name} has no TILEC_SIGNATURES dict", file=sys.stderr)
            return 2
        kernels = sorted(signatures)
        lines = source.splitlines(keepends=True)
        # A prefix that ends before a kernel's decorator only tells that
        # kernel is missing: one kernel is enough for those; every kernel
        # from its own first line on.
        starts = kernel_first_lines(source)
        for k in range(len(lines) + 1):
            tried = [kn for kn in kernels if k >= starts.get(kn, 0)]
            for kernel in tried or kernels[:1]:
                jobs.append(("".join(lines[:k]), kernel, signatures[kernel],
                             f"{name} first {k} lines, -k {kernel}"))
        rng = random.Random(SEED + file_index)
        ranges = jit_line_ranges(source)
        for m in range(args.mutations):
            kernel = kernels[m % len(kernels)]
            jobs.append((mutate(source, rng, ranges), kernel, signatures[kernel],
                         f"{name} mutation {m}, -k {kernel}"))

    tmp = tempfile.mkdtemp(prefix="tilec-truncate-")
    failures = []
    try:
        def work(item):
            index, (text, kernel, signature, what) = item
            path = os.path.join(tmp, f"input{index}.py")
            why = run_one(tilec, path, text, kernel, signature, what)
            if why and args.keep:
                os.makedirs(args.keep, exist_ok=True)
                shutil.copy(path, os.path.join(args.keep, f"input{index}.py"))
            os.remove(path)
            return why

        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for why in pool.map(work, enumerate(jobs)):
                if why:
                    failures.append(why)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    for why in failures:
        print("FAIL " + why, file=sys.stderr)
    print(f"{len(jobs)} runs, {len(failures)} crashes")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
