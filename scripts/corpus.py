#!/usr/bin/env python3
"""Compile the corpus of real Triton kernels with tilec and report per kernel.

The corpus is a manifest (bench/corpus/manifest.tsv) of kernels taken unchanged
from public libraries of Triton kernels: repository, commit, path, kernel,
launch signature (read from the kernel's own launcher) and extra tilec flags.
The sources are never committed: this script reads them from local copies of
the repositories, either extracted trees `SRC/<owner>+<name>/` or bare git
directories `MIRROR/<owner>+<name>/repo` (what the fetch tool brings), which
it extracts at the manifest's commit into `SRC` first.

Each kernel is compiled for sm_90a to a cubin (so ptxas accepted its PTX) and
classified:
  compiles  exit 0 and a cubin was written;
  refused   exit 1 with a located diagnostic (`file:line:col: error:`) of
            tilec's own, naming what it does not take;
  failed    anything else: a signal, an unlocated error, an LLVM ERROR, a
            located MLIR legalization or verifier failure ("internal"), a
            time-out, exit 0 without output.
The run writes results.json and results.md to --out and prints a summary; it
exits non-zero only when the manifest or the sources cannot be read (the
pass rate is a measurement, not a test).
"""
import argparse
import concurrent.futures
import csv
import datetime
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

LOCATED = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$",
                     re.M)
# Messages of MLIR's conversion driver and op verifiers (not tilec's own
# diagnostics): "failed to legalize operation 'x.y'", "'llvm.z' op ...".
INTERNAL = re.compile(r"failed to legalize operation|'[a-z_]+\.[a-z_.]+' op ")
FILE_LEVEL = re.compile(r"^(?P<file>[^\s:][^:]*\.py): error: (?P<msg>.*)$", re.M)
COLUMNS = ["id", "repo", "commit", "path", "kernel", "signature", "flags", "launcher"]


def read_manifest(path):
    rows = []
    with open(path, newline="") as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
    for rec in csv.DictReader(lines, delimiter="\t"):
        missing = [c for c in COLUMNS if rec.get(c) is None]
        if missing:
            sys.exit(f"{path}: entry {rec.get('id')}: missing columns {missing}")
        rows.append({k: (v or "").strip() for k, v in rec.items()})
    ids = [r["id"] for r in rows]
    dups = {i for i in ids if ids.count(i) > 1}
    if dups:
        sys.exit(f"{path}: duplicate ids {sorted(dups)}")
    return rows


def absent_blobs(gitdir, commit):
    """Paths of `commit`'s files whose blobs the mirror lacks."""
    ls = subprocess.run(["git", "--git-dir", str(gitdir), "ls-tree", "-r", "-z", commit],
                        capture_output=True, text=True).stdout
    entries = [e.split("\t", 1) for e in ls.split("\0") if "\t" in e]
    blobs = [(meta.split()[2], path) for meta, path in entries if meta.split()[1] == "blob"]
    check = subprocess.run(["git", "--git-dir", str(gitdir), "cat-file", "--batch-check"],
                           input="".join(sha + "\n" for sha, _ in blobs),
                           capture_output=True, text=True).stdout.splitlines()
    return [path for (_, path), line in zip(blobs, check) if line.endswith(" missing")]


def source_tree(repo, commit, src, mirror, alternate=False):
    """The folder holding `repo` at `commit`, extracting it from a mirror once.
    A repository the manifest takes at a second commit (`alternate`) has that
    commit's tree in `<owner>+<name>@<commit>`, beside the first."""
    key = repo.replace("/", "+") + (f"@{commit[:12]}" if alternate else "")
    tree = pathlib.Path(src) / key
    stamp = tree / ".corpus-commit"
    if tree.is_dir() and (not stamp.exists() or stamp.read_text().strip() == commit):
        return tree
    gitdir = pathlib.Path(mirror) / repo.replace("/", "+") / "repo" if mirror else None
    if not gitdir or not gitdir.exists():
        return None
    tree.mkdir(parents=True, exist_ok=True)
    # Large files the mirror lacks (images, PDFs) make `git archive` stop at
    # the first of them, which can come before the sources in the tree's
    # order; so they are left out by pathspec.
    exclude = [f":(exclude,literal){p}" for p in absent_blobs(gitdir, commit)]
    archive = subprocess.run(["git", "--git-dir", str(gitdir), "archive", commit, "--", "."]
                             + exclude, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, capture_output=True)
    stamp.write_text(commit + "\n")
    return tree


def classify(proc, out_file, timed_out):
    text = (proc.stderr if proc else "") or ""
    if timed_out:
        return "failed", "time-out"
    if proc.returncode == 0:
        if out_file.exists() and out_file.stat().st_size > 0:
            return "compiles", ""
        return "failed", "exit 0 without a cubin"
    if proc.returncode < 0 or proc.returncode >= 128:
        return "failed", f"signal/exit {proc.returncode}: {text.strip().splitlines()[-1:]}"
    if "LLVM ERROR" in text:
        return "failed", text[text.index("LLVM ERROR"):].splitlines()[0]
    m = LOCATED.search(text)
    f = FILE_LEVEL.search(text)
    if proc.returncode == 1 and not m and f:
        # A file-level refusal (no such kernel, no autotune decorator for
        # --config): located at the file, as tilec prints it.
        return "refused", f"{pathlib.Path(f['file']).name}: {f['msg']}"
    if proc.returncode == 1 and m:
        where = f"{pathlib.Path(m['file']).name}:{m['line']}: {m['msg']}"
        # A pass or verifier failure carries the kernel's location but is not
        # a refusal by name: tilec took the construct and then broke on it.
        if INTERNAL.match(m["msg"]):
            return "failed", "internal: " + where
        return "refused", where
    first = text.strip().splitlines()[0] if text.strip() else f"exit {proc.returncode}"
    return "failed", f"unlocated: {first}"


def compile_one(entry, tree, tilec, arch, timeout):
    src = tree / entry["path"]
    if not src.exists():
        return "failed", f"source missing: {entry['path']}"
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "k.cubin"
        cmd = [tilec, str(src), "-k", entry["kernel"], "-s", entry["signature"],
               f"--arch={arch}", "--emit=cubin", "--no-cache", "-o", str(out)]
        cmd += shlex.split(entry["flags"])
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
            return classify(proc, out, False)
        except subprocess.TimeoutExpired:
            return classify(None, out, True)


def reason_class(reason, kernel):
    """A bucket for the reason, for the summary table: the message without its
    location, with the kernel's own name and entry numbers generalized and the
    detail after a '; ' or ': expected' dropped."""
    msg = re.sub(r"^(internal: )?[^\s:]+:\d+: ", r"\1", reason)
    msg = msg.replace(f"'{kernel}'", "KERNEL")
    msg = re.sub(r"\bentry \d+\b", "entry N", msg)
    msg = re.sub(r"^in the signature of KERNEL: ", "signature: ", msg)
    msg = re.split(r"; |: expected", msg)[0]
    return msg[:100]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    root = pathlib.Path(__file__).resolve().parent.parent
    ap.add_argument("--manifest", default=str(root / "bench/corpus/manifest.tsv"))
    ap.add_argument("--src", default=os.environ.get("TILEC_CORPUS_SRC", "/work/corpus-src"),
                    help="folder of extracted trees <owner>+<name>/")
    ap.add_argument("--mirror", default=os.environ.get("TILEC_CORPUS_MIRROR", "/work/.mirror"),
                    help="folder of bare git mirrors <owner>+<name>/repo to extract from")
    ap.add_argument("--tilec", default=str(root / "build/bin/tilec"))
    ap.add_argument("--arch", default="sm_90a")
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--only", default="", help="regex on ids")
    args = ap.parse_args()

    entries = read_manifest(args.manifest)
    if args.only:
        entries = [e for e in entries if re.search(args.only, e["id"])]
    trees = {}
    # The first commit the whole manifest names for a repository is its main
    # tree; any other commit of it is an alternate tree.
    first = {}
    for e in read_manifest(args.manifest):
        first.setdefault(e["repo"], e["commit"])
    for e in entries:
        k = (e["repo"], e["commit"])
        if k not in trees:
            trees[k] = source_tree(e["repo"], e["commit"], args.src, args.mirror,
                                   alternate=e["commit"] != first[e["repo"]])
    absent = sorted({r for (r, _), t in trees.items() if t is None})
    if absent:
        sys.exit("no local copy of: " + ", ".join(absent) +
                 f" (looked in {args.src} and {args.mirror})")

    results = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futs = {pool.submit(compile_one, e, trees[(e["repo"], e["commit"])], args.tilec,
                            args.arch, args.timeout): e for e in entries}
        for fut in concurrent.futures.as_completed(futs):
            e = futs[fut]
            status, reason = fut.result()
            results.append(dict(e, status=status, reason=reason))
    results.sort(key=lambda r: r["id"])

    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    counts = {s: sum(r["status"] == s for r in results) for s in ("compiles", "refused", "failed")}
    libs = sorted({r["repo"] for r in results})
    # The commit of the checkout the tilec binary was built in (BUILD/bin/tilec),
    # which need not be this script's checkout.
    tilec_tree = pathlib.Path(args.tilec).resolve().parent.parent.parent
    commit = subprocess.run(["git", "-C", str(tilec_tree), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    summary = dict(date=datetime.date.today().isoformat(), tilec_commit=commit, arch=args.arch,
                   kernels=len(results), libraries=len(libs), **counts)
    (out / "results.json").write_text(json.dumps(dict(summary=summary, results=results),
                                                 indent=1) + "\n")
    lines = [f"# Corpus run {summary['date']} (tilec {commit}, {args.arch})", "",
             f"{len(results)} kernels from {len(libs)} libraries: "
             f"{counts['compiles']} compile, {counts['refused']} refused, "
             f"{counts['failed']} failed "
             f"({100.0 * counts['compiles'] / max(1, len(results)):.0f}% compile).", "",
             "| library | kernels | compile | refused | failed |", "| --- | --- | --- | --- | --- |"]
    for lib in libs:
        rs = [r for r in results if r["repo"] == lib]
        lines.append(f"| {lib} | {len(rs)} | " + " | ".join(
            str(sum(r['status'] == s for r in rs)) for s in ("compiles", "refused", "failed")) + " |")
    buckets = {}
    for r in results:
        if r["status"] != "compiles":
            buckets.setdefault(reason_class(r["reason"], r["kernel"]), []).append(r["id"])
    lines += ["", "## Why kernels do not compile", "", "| reason | kernels |", "| --- | --- |"]
    for k, ids in sorted(buckets.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"| {k} | {len(ids)}: {', '.join(ids)} |")
    lines += ["", "## Per kernel", "", "| id | status | reason |", "| --- | --- | --- |"]
    for r in results:
        lines.append(f"| {r['id']} | {r['status']} | {r['reason'].replace('|', '/')} |")
    (out / "results.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:4 + len(libs) + 3]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
