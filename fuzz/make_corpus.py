#!/usr/bin/env python3
"""Write the seed corpora of tilec's fuzzers from the samples and the tests.

frontend/: one seed per kernel a sample declares (its TILEC_SIGNATURES dict,
read with `ast` as scripts/compile_examples.py does) and one per `tilec` RUN
line of test/Frontend and test/Examples: the kernel file (each chunk alone
under --split-input-file), its signature, kernel name and -D bindings, in
tilec-frontend-fuzzer's input form (SOURCE NUL SIGNATURE NUL KERNEL NUL
DEFINES, see fuzz/FrontendFuzzer.cpp).

cache/ (with --tilec): the cache entries `tilec --emit=ptx` writes for the
samples' kernels, each twice for tilec-cache-fuzzer: as they are (flags 0:
the key check refuses them, as it must) and with flags 7, which put the
fuzzer's key, payload length and checksum in place so the payload parser
reads the whole entry (see fuzz/CacheReaderFuzzer.cpp).

Seeds are named by their SHA-1, as libFuzzer names what it adds. Nothing here
is committed: fuzz/run.sh writes the seeds into the build folder.
"""
import argparse
import ast
import hashlib
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent


def sample_signatures(path):
    """The TILEC_SIGNATURES dict of a sample: {kernel: (signature, warps)}."""
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                getattr(t, "id", None) == "TILEC_SIGNATURES" for t in node.targets):
            return ast.literal_eval(node.value)
    return {}


def run_line_invocations(test):
    """(file, kernel, signature, defines, split, flags) per tilec RUN line."""
    for line in test.read_text().splitlines():
        m = re.match(r"\s*#\s*RUN:(.*)", line)
        if not m:
            continue
        cmd = m.group(1).replace("%{", " ").replace("%}", " ")
        try:
            words = shlex.split(cmd)
        except ValueError:
            continue
        if "tilec" not in words:
            continue
        args = words[words.index("tilec") + 1:]
        file, kernel, sig, defines, split, flags = None, "", "", [], False, []
        i = 0
        while i < len(args):
            a = args[i]
            if a in ("|", "2>&1", ">", "2>") or a.startswith(("2>", ">")):
                break
            value = args[i + 1] if i + 1 < len(args) else ""
            if a in ("-k", "--kernel"):
                kernel, i = value, i + 1
            elif a in ("-s", "--signature"):
                sig, i = value, i + 1
            elif a == "-D":
                defines.append(value)
                i += 1
            elif a.startswith("-D"):
                defines.append(a[2:])
            elif a in ("-o", "--num-warps", "--num-stages"):
                i += 1
            elif a == "--split-input-file":
                split = True
            elif a.startswith("-"):
                flags.append(a)
            elif file is None:
                file = a
            i += 1
        if file == "%s":
            file = test
        elif file and file.startswith("%examples/"):
            file = ROOT / "examples" / file[len("%examples/"):]
        else:
            continue
        yield pathlib.Path(file), kernel, sig, defines, split, flags


def chunks(source, split):
    if not split:
        return [source]
    parts, cur = [], []
    for line in source.splitlines(keepends=True):
        if line.lstrip().startswith("# -----"):
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(line)
    parts.append("".join(cur))
    return parts


def frontend_seed(source, sig, kernel, defines):
    fields = [source.encode(), sig.encode(), kernel.encode(),
              "\n".join(defines).encode()]
    while len(fields) > 1 and not fields[-1]:
        fields.pop()
    return b"\0".join(fields)


def write_seed(out, data):
    name = hashlib.sha1(data).hexdigest()
    (out / name).write_bytes(data)
    return name


def frontend_seeds(out):
    seeds = set()
    for src in sorted((ROOT / "examples").glob("*.py")):
        text = src.read_text()
        for kernel, (sig, _warps) in sample_signatures(src).items():
            seeds.add(frontend_seed(text, sig, kernel, []))
    tests = sorted((ROOT / "test" / "Frontend").rglob("*.py"))
    tests += sorted((ROOT / "test" / "Examples").glob("*.py"))
    for test in tests:
        if "Inputs" in test.parts:
            continue
        for file, kernel, sig, defines, split, _flags in run_line_invocations(test):
            for chunk in chunks(file.read_text(), split):
                seeds.add(frontend_seed(chunk, sig, kernel, defines))
    # In a fixed order: libFuzzer reads the folder in directory order, which
    # can follow creation order, and runs seeds of equal size in that order.
    for s in sorted(seeds):
        write_seed(out, s)
    return len(seeds)


def cache_seeds(out, tilec):
    """Entries tilec writes for the samples, raw and with repairs asked."""
    count = 0
    with tempfile.TemporaryDirectory(prefix="tilec-seed-cache-") as cache_dir:
        env = dict(os.environ, TILEC_CACHE_DIR=cache_dir)
        for src in sorted((ROOT / "examples").glob("*.py")):
            for kernel, (sig, warps) in sample_signatures(src).items():
                r = subprocess.run(
                    [tilec, str(src), "-k", kernel, "-s", sig,
                     f"--num-warps={warps}", "--emit=ptx", "-o", os.devnull],
                    env=env, capture_output=True, text=True)
                if r.returncode != 0:
                    print(f"make_corpus: {src.name} {kernel}: tilec failed:\n"
                          f"{r.stderr}", file=sys.stderr)
                    return -1
        for entry in sorted(pathlib.Path(cache_dir).glob("*.tkc")):
            data = entry.read_bytes()
            write_seed(out, b"\x00" + data)
            write_seed(out, b"\x07" + data)
            count += 2
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out", help="folder to write frontend/ and cache/ into")
    ap.add_argument("--tilec", help="the tilec that writes the cache entries "
                    "(without it, no cache seeds)")
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    (out / "frontend").mkdir(parents=True, exist_ok=True)
    n = frontend_seeds(out / "frontend")
    print(f"make_corpus: {n} frontend seeds in {out / 'frontend'}")
    if args.tilec:
        (out / "cache").mkdir(parents=True, exist_ok=True)
        n = cache_seeds(out / "cache", args.tilec)
        if n < 0:
            return 1
        print(f"make_corpus: {n} cache seeds in {out / 'cache'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
