#!/usr/bin/env python3
"""Triage of Triton's language tests run through tilec (run.sh's JUnit XML).

  triage.py JUNIT.xml [--baseline TRITON_JUNIT.xml] [--md OUT.md]

Counts per test file: passed, failed, skipped (and, with --baseline, the
cases Triton itself passes). Every failure is put in one class, from its
message:
  internals  the test reads Triton's own compiler objects or IR text
             (`.asm['ttir']`, `ttgir`, `llir`, `ptx` text matching, the
             `triton.compiler` API, interpreter-only paths): not a
             language result, left out of the pass rate as issue 14 says;
  refused    tilec refused the kernel (a located `error:` from tilec);
  wrong      the kernel ran and a result check failed (an assertion on
             values: tilec computed something else);
  other      anything else (a Python-side API tilec lacks, a crash, a
             timeout), listed by message so it can be fixed.
The pass rate is passed / (passed + failed - internals) over the cases that
were not skipped.
"""

import argparse
import collections
import re
import sys
import xml.etree.ElementTree as ET

INTERNALS = re.compile(
    r"asm\[['\"](ttir|ttgir|llir|ptx|amdgcn)|\.asm\b|ttgir|ttir|"
    r"triton\.compiler|ASTSource|make_ir|get_ir|GluonASTSource|"
    r"interpret|TRITON_INTERPRET|\bir\.|_ir\b|MLIRError|"
    r"knobs\.|compile\(src", re.I)
WRONG = re.compile(r"Mismatched elements|Not equal to tolerance|"
                   r"assert_close|allclose|AssertionError: (assert )?"
                   r"(False|tensor|array)|Arrays are not", re.I)


def cases(path):
    for tc in ET.parse(path).getroot().iter("testcase"):
        name = f"{tc.get('classname', '')}::{tc.get('name', '')}"
        file = tc.get("classname", "").split(".")[-1] or "?"
        status, message = "passed", ""
        for child in tc:
            if child.tag in ("failure", "error"):
                status = "failed"
                message = (child.get("message") or "") + "\n" + (child.text or "")
            elif child.tag == "skipped":
                status = "skipped"
                message = child.get("message") or ""
        yield file, name, status, message


def classify(message):
    if INTERNALS.search(message):
        return "internals"
    if re.search(r"\berror:|CompilationError|TilecError", message):
        return "refused"
    if WRONG.search(message):
        return "wrong"
    return "other"


def short(message):
    for line in message.splitlines():
        line = line.strip()
        if line.startswith(("E ", "E\t")) or "error:" in line:
            return line[:160]
    return (message.strip().splitlines() or [""])[0][:160]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("junit")
    p.add_argument("--baseline")
    p.add_argument("--md")
    a = p.parse_args()
    base = {}
    if a.baseline:
        base = {n: s for _, n, s, _ in cases(a.baseline)}
    per = collections.defaultdict(collections.Counter)
    kinds = collections.Counter()
    reasons = collections.defaultdict(collections.Counter)
    for file, name, status, message in cases(a.junit):
        if base and base.get(name) != "passed":
            per[file]["triton-fails"] += 1
            continue
        per[file][status] += 1
        if status == "failed":
            k = classify(message)
            per[file][k] += 1
            kinds[k] += 1
            reasons[k][re.sub(r"\[.*?\]", "[...]", short(message))] += 1
    out = ["| file | passed | failed | of which internals | skipped | "
           "pass rate |", "| --- | --- | --- | --- | --- | --- |"]
    tot = collections.Counter()
    for file in sorted(per):
        c = per[file]
        tot.update(c)
        den = c["passed"] + c["failed"] - c["internals"]
        rate = f"{100 * c['passed'] / den:.1f}%" if den else "-"
        out.append(f"| {file} | {c['passed']} | {c['failed']} | "
                   f"{c['internals']} | {c['skipped']} | {rate} |")
    den = tot["passed"] + tot["failed"] - tot["internals"]
    out.append(f"| all | {tot['passed']} | {tot['failed']} | "
               f"{tot['internals']} | {tot['skipped']} | "
               f"{100 * tot['passed'] / max(den, 1):.1f}% |")
    out.append("")
    out.append("| class | failures |")
    out.append("| --- | --- |")
    for k in ("internals", "refused", "wrong", "other"):
        out.append(f"| {k} | {kinds[k]} |")
    for k in ("wrong", "refused", "other", "internals"):
        out.append("")
        out.append(f"Most frequent `{k}` messages:")
        out.append("")
        for msg, n in reasons[k].most_common(25):
            out.append(f"- {n}: `{msg.replace('`', chr(39))}`")
    text = "\n".join(out) + "\n"
    if a.md:
        with open(a.md, "w") as f:
            f.write(text)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
