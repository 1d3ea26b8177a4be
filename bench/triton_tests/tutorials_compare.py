#!/usr/bin/env python3
"""Triton's tutorials timed beside Triton: the tables each tutorial prints
(`triton.testing.perf_report(...).run(print_data=True)`), read from a run
through tilec and a run under Triton, put side by side.

    python3 bench/triton_tests/tutorials_compare.py OUTDIR

reads OUTDIR/tilec/NAME.log and OUTDIR/triton/NAME.log (as
tutorials_beside.sh writes them) and writes OUTDIR/tutorials.md: per table,
each row's x values, the columns of the tutorial's own kernels (their names
start with "Triton") under tilec and under Triton with the ratio, and the
other providers (torch, cuBLAS) as a control: they run the same code in
both runs, so their ratio shows the noise of the comparison. A summary
gives each table's geometric mean ratio. A table printed by only one run
(a run that timed out) is listed as missing, not compared.
"""
import math
import pathlib
import re
import sys

ROW = re.compile(r"^\s*\d+\s+\S")


def tables(text):
    """{plot name: (columns, [rows of floats])} of the perf_report tables in
    one log: a line 'NAME:', a header whose columns are separated by two or
    more spaces, rows that start with the DataFrame's integer index."""
    out = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if (line.endswith(":") and " " not in line.strip()
                and i + 1 < len(lines)):
            header = [c for c in re.split(r"\s{2,}", lines[i + 1].strip()) if c]
            rows = []
            j = i + 2
            while j < len(lines) and ROW.match(lines[j]):
                cells = lines[j].split()[1:]
                try:
                    rows.append([float(c) for c in cells])
                except ValueError:
                    break
                j += 1
            if header and rows and all(len(r) == len(header) for r in rows):
                out[line[:-1]] = (header, rows)
                i = j
                continue
        i += 1
    return out


def is_x(column):
    """perf_report writes a provider as 'NAME (ylabel)'; x names bare."""
    return " (" not in column


def compare(name, tilec, triton):
    """Markdown lines of one table's comparison and its ratios of the
    tutorial's kernels."""
    cols_a, rows_a = tilec
    cols_b, rows_b = triton
    if cols_a != cols_b or len(rows_a) != len(rows_b):
        return [f"### {name}", "", "the two runs printed different tables",
                ""], [], []
    xs = [i for i, c in enumerate(cols_a) if is_x(c)]
    ours = [i for i, c in enumerate(cols_a) if not is_x(c) and
            c.startswith("Triton")]
    others = [i for i, c in enumerate(cols_a) if not is_x(c) and i not in ours]
    head = [cols_a[i] for i in xs]
    for i in ours:
        head += [f"{cols_a[i]} tilec", f"{cols_a[i]} Triton", "ratio"]
    for i in others:
        head += [f"{cols_a[i]} ratio (control)"]
    lines = [f"### {name}", "", "| " + " | ".join(head) + " |",
             "|" + " --- |" * len(head)]
    ratios, controls = [], []
    for a, b in zip(rows_a, rows_b):
        cells = [f"{a[i]:g}" for i in xs]
        if any(a[i] != b[i] for i in xs):
            cells.append("x values differ between the runs")
            lines.append("| " + " | ".join(cells) + " |")
            continue
        for i in ours:
            r = a[i] / b[i] if b[i] else float("nan")
            cells += [f"{a[i]:.4g}", f"{b[i]:.4g}", f"{r:.3f}"]
            if r > 0 and math.isfinite(r):
                ratios.append(r)
        for i in others:
            r = a[i] / b[i] if b[i] else float("nan")
            cells.append(f"{r:.3f}")
            if r > 0 and math.isfinite(r):
                controls.append(r)
        lines.append("| " + " | ".join(cells) + " |")
    return lines + [""], ratios, controls


def geomean(values):
    return math.exp(sum(map(math.log, values)) / len(values)) if values else None


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = pathlib.Path(sys.argv[1])
    names = sorted({p.stem for d in ("tilec", "triton")
                    for p in (out / d).glob("*.log")})
    body, summary = [], []
    for name in names:
        logs = [out / d / f"{name}.log" for d in ("tilec", "triton")]
        found = [tables(p.read_text(errors="replace")) if p.exists() else {}
                 for p in logs]
        for plot in sorted(set(found[0]) | set(found[1])):
            if plot not in found[0] or plot not in found[1]:
                which = "tilec" if plot not in found[0] else "Triton"
                summary.append(f"| {name} | {plot} | missing under {which} "
                               "| | |")
                continue
            lines, ratios, controls = compare(plot, found[0][plot],
                                              found[1][plot])
            body += lines
            g, c = geomean(ratios), geomean(controls)
            summary.append(f"| {name} | {plot} | "
                           f"{'' if g is None else f'{g:.3f}'} | "
                           f"{len(ratios)} | "
                           f"{'' if c is None else f'{c:.3f}'} |")
    text = ["# Triton's tutorials: tilec beside Triton", "",
            "Ratios are tilec / Triton of what the tutorial prints (GB/s or "
            "TFLOP/s: higher is better; a time: lower is better). The "
            "control is the same ratio for the providers that are not the "
            "tutorial's kernels (torch, cuBLAS): the run-to-run noise.", "",
            "| tutorial | table | geomean ratio | points | control |",
            "| --- | --- | --- | --- | --- |", *summary, "", *body]
    (out / "tutorials.md").write_text("\n".join(text) + "\n")
    print("\n".join(text[:6 + len(summary)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
