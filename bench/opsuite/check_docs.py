#!/usr/bin/env python3
"""Keeps docs/language.md's status table in step with the CI op suite.

The table lives between `<!-- BEGIN opsuite-status -->` and
`<!-- END opsuite-status -->` in docs/language.md, one row per function of
bench/opsuite/table.py:

    | function | status | GPU |
    | --- | --- | --- |
    | `exp` | lowered | pending |
    | `log` | partly lowered: fp32; not: fp64 | pending |

The status cell is generated from the suite's SUMMARY.json (`ci.py --out
DIR`); the GPU cell is kept as written, or with --gpu-results set from a
differential run's results.json (run.py): "verified DATE" for a function
all of whose generated kernels that ran passed. Without --write the script
checks the status cells and prints, for each row that differs, the row it
expects; with --write it rewrites the table in place.

    python3 bench/opsuite/check_docs.py --summary DIR/SUMMARY.json \\
        --docs docs/language.md [--write]
        [--gpu-results OUTDIR/results.json --gpu-date 2026-12-03]

With --write --gpu-results and no --summary, only the GPU cells change.
"""
import argparse
import json
import pathlib
import re
import sys

BEGIN = "<!-- BEGIN opsuite-status -->"
END = "<!-- END opsuite-status -->"
HEADER = ["| function | status | GPU |", "| --- | --- | --- |"]


def where(label, target, targets_of_label, all_targets):
    return label if targets_of_label == all_targets else f"{label}@{target}"


def status_cell(fn, info, targets):
    """The status cell of one function: lowered / partly lowered / refused /
    broken, with the dtypes and the first reason."""
    per = {}  # label -> {target: result}, Triton's own refusals left out
    for label, by_target in info["cases"].items():
        kept = {t: r for t, r in by_target.items()
                if "Triton 3.6 refuses" not in r.get("note", "")}
        if kept:
            per[label] = kept

    def group(kind):
        out = []
        for label, by_target in per.items():
            ts = [t for t, r in by_target.items() if r["status"] == kind]
            if len(ts) == len(by_target):
                out.append(label)
            else:
                out += [f"{label}@{t}" for t in ts]
        return out

    lowered, refused, failed = group("lowered"), group("refused"), group("failed")
    first = lambda kind: next(  # noqa: E731
        (r["detail"] for by_t in per.values() for r in by_t.values()
         if r["status"] == kind), "")
    def reason(text):
        # Addresses in LLVM's messages change from run to run.
        text = re.sub(r"0x[0-9a-fA-F]+", "0x...", text)
        # Lines of the generated files move when the table changes.
        text = re.sub(r"(,? at line \d+|at \d+:\d+ )", "", text)
        return " ".join(text.replace("|", "\\|").split())[:110].rstrip()
    if failed:
        return (f"broken ({', '.join(failed)}): {reason(first('failed'))}")
    if refused and not lowered:
        return f"refused: {reason(first('refused'))}"
    if refused:
        return (f"partly lowered: {', '.join(lowered)}; refused: "
                f"{', '.join(refused)} ({reason(first('refused'))})")
    return "lowered"


def expected_rows(summary):
    targets = summary["targets"]
    return {fn: status_cell(fn, info, targets)
            for fn, info in summary["functions"].items()}


def read_table(text):
    """{function: (status, gpu)} of the docs' table, or None without one."""
    if BEGIN not in text or END not in text:
        return None
    body = text.split(BEGIN, 1)[1].split(END, 1)[0]
    rows = {}
    for line in body.splitlines():
        m = re.match(r"^\|\s*`([^`]+)`\s*\|(.*)\|([^|]*)\|\s*$", line)
        if m:
            rows[m.group(1)] = (m.group(2).strip(), m.group(3).strip())
    return rows


def gpu_cells(results_path, date):
    """{function: GPU cell} from a differential run's results.json: the
    generated kernels of each function (src/gen/<stem>.py), "verified DATE"
    when every one that ran passed, "mismatch DATE: kernels" otherwise;
    functions none of whose kernels ran are left out."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    import table
    function_of = {c.kernel: c.function for c in table.cases()}
    ran, passed = {}, set()
    for r in json.loads(results_path.read_text())["results"].values():
        fn = function_of.get(r.get("kernel"))
        if fn is None or not r.get("file", "").startswith("src/gen/"):
            continue
        if r["status"] == "pass":
            passed.add(fn)
            ran.setdefault(fn, [])
        elif r["status"] == "xfail":
            ran.setdefault(fn, [])
        elif r["status"] not in ("compile error", "skipped"):
            ran.setdefault(fn, []).append(f"{r['kernel']} ({r['status']})")
    # A function whose kernels all ran as expected failures (Triton cannot
    # run them) was never compared: it is not verified.
    return {fn: (f"failed {date}: {', '.join(bad)[:120]}" if bad else
                 f"verified {date}" if fn in passed else
                 f"no Triton 3.6 reference to compare with ({date})")
            for fn, bad in ran.items()}


def render(expected, current, gpu=None):
    lines = [BEGIN] + HEADER
    for fn, status in expected.items():
        cell = (current or {}).get(fn, ("", "pending"))[1] or "pending"
        cell = (gpu or {}).get(fn, cell)
        lines.append(f"| `{fn}` | {status} | {cell} |")
    lines.append(END)
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--summary", type=pathlib.Path,
                    help="the CI suite's SUMMARY.json; without it only "
                         "--write --gpu-results runs, keeping the status "
                         "cells as the docs have them")
    ap.add_argument("--docs", required=True, type=pathlib.Path)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--gpu-results", type=pathlib.Path,
                    help="results.json of a differential run (run.py): "
                         "fills the GPU column with --write")
    ap.add_argument("--gpu-date", default="",
                    help="the date of that run, YYYY-MM-DD")
    args = ap.parse_args()
    if args.gpu_results and not args.gpu_date:
        ap.error("--gpu-results needs --gpu-date")
    if not args.summary and not (args.write and args.gpu_results):
        ap.error("--summary is needed, except with --write --gpu-results")
    text = args.docs.read_text()
    current = read_table(text)
    if args.summary:
        expected = expected_rows(json.loads(args.summary.read_text()))
    else:
        expected = {fn: status for fn, (status, _) in (current or {}).items()}
    if args.write:
        gpu = (gpu_cells(args.gpu_results, args.gpu_date)
               if args.gpu_results else None)
        table = render(expected, current, gpu)
        if current is None:
            sys.exit(f"{args.docs}: no '{BEGIN}' ... '{END}' block to write "
                     f"into; add one where the table belongs")
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        args.docs.write_text(head + table + tail)
        print(f"{args.docs}: {len(expected)} functions written")
        return 0
    if current is None:
        print(f"{args.docs}: no '{BEGIN}' block: the function status table "
              f"is missing")
        return 1
    problems = []
    for fn, status in expected.items():
        if fn not in current:
            problems.append(f"missing: | `{fn}` | {status} | pending |")
        elif current[fn][0] != status:
            problems.append(f"differs: `{fn}`\n  docs:  {current[fn][0]}\n"
                            f"  suite: {status}")
    for fn in current:
        if fn not in expected:
            problems.append(f"not in the op suite's table: `{fn}`")
    for p in problems:
        print(p)
    lowered = sum(1 for s in expected.values() if s == "lowered")
    print(f"docs check: {len(expected)} functions ({lowered} lowered), "
          f"{len(problems)} differences"
          + ("; rerun with --write to update the table" if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
