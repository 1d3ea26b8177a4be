#!/usr/bin/env python3
"""Keeps docs/language.md and the op suite in step with tilec's builtin table.

tilec's builtins live in one table (lib/Frontend/Builtins.def), which
`tilec --list-builtins` prints. This script reads that listing and checks:

- docs/language.md: the function table between `<!-- BEGIN builtins -->`
  and `<!-- END builtins -->`, and the refused list between
  `<!-- BEGIN builtins-refused -->` and `<!-- END builtins-refused -->`,
  are exactly what the table generates (--write regenerates them);
- docs/language.md's op-suite status table (`opsuite-status`): a function
  the suite measured as refused is refused in the table, and one it lowers
  is supported there;
- bench/opsuite/table.py: every function of the op suite (libdevice
  aside, which resolves by name from libdevice.10.bc) is in the table, and
  every supported function that emits code has op-suite cases, unless
  NOT_IN_OPSUITE says why not;
- lib/Frontend/Prelude/*.py: every function of the prelude is an entry;
- TRITON_36_FUNCTIONS: every function of Triton 3.6's triton.language is
  an entry, lowered or refused by name; docs/language.md's
  `triton36-coverage` block counts them (--write regenerates it).

    python3 scripts/check_builtins.py --tilec build/bin/tilec [--write]

Exit status 1, with one line per mismatch, when something disagrees.
"""
import argparse
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Supported functions that emit code but have no case of their own in the op
# suite, and why. A new builtin needs a case (bench/opsuite/table.py) or an
# entry here.
NOT_IN_OPSUITE = {
    "to": "the tensor method of cast; the cast cases call x.to(...)",
    "broadcast": "broadcasting alone; every binary-op case broadcasts",
    "philox_impl": "random.py's core, run by the philox cases",
    "uint_to_uniform_float": "random.py's helper, run by the rand cases",
    "pair_uniform_to_normal": "random.py's helper, run by the randn cases",
    "rand4x": "four rand streams, built as the rand cases are",
    "randn4x": "four randn streams, built as the randn cases are",
    "gdc_wait": "no value to compare: it orders this grid after the one "
                "before it, which a differential run of one kernel cannot see",
    "gdc_launch_dependents": "no value to compare: a launch hint for the "
                             "grid after this one",
}
# The functions of Triton 3.6's `triton.language` (its `__all__` at commit
# 212600a2b, less what is not called in a kernel: the dtypes, the modules
# math, extra and target_info, TRITON_MAX_TENSOR_NUMEL, and the type classes
# PropagateNan, block_type, const, constexpr_type, dtype, tensor, pi32_t,
# void). Classes a kernel calls (constexpr, tuple, range, static_range,
# slice, condition, pointer_type, tensor_descriptor) count as functions.
TRITON_36_FUNCTIONS = """
load_tensor_descriptor store_tensor_descriptor make_tensor_descriptor
tensor_descriptor abs add advance arange argmax argmin associative_scan
assume atomic_add atomic_and atomic_cas atomic_max atomic_min atomic_or
atomic_xchg atomic_xor bitonic_merge broadcast broadcast_to cat cast cdiv
ceil clamp condition constexpr cos cumprod cumsum debug_barrier
device_assert device_print div_rn dot dot_scaled erf exp exp2 expand_dims
fdiv flip floor fma full gather histogram inline_asm_elementwise interleave
join load log log2 make_block_ptr map_elementwise max max_constancy
max_contiguous maximum min minimum mul multiple_of num_programs
pair_uniform_to_normal permute philox philox_impl pointer_type program_id
rand rand4x randint randint4x randn randn4x range ravel reduce reduce_or
reshape rsqrt slice sigmoid sin softmax sort split sqrt sqrt_rn squeeze
static_assert static_print static_range store sub sum swizzle2d topk
to_tensor trans tuple uint_to_uniform_float umulhi unsqueeze view where
xor_sum zeros zeros_like
""".split()

# Groups whose functions act at compile time (or only in a for loop), where
# the op suite has nothing to run.
COMPILE_TIME_GROUPS = {"compile time", "loops", "Python builtins", ""}

GROUP_ORDER = ["indexing", "memory", "debugging", "synchronization",
               "elementwise", "reductions", "matrix", "shapes", "random",
               "compile time", "loops", "Python builtins"]


class Entry:
    def __init__(self, line):
        f = line.rstrip("\n").split("\t")
        if len(f) != 7:
            raise ValueError(f"bad --list-builtins line: {line!r}")
        self.name, reach, self.status, self.group, self.signature = f[:5]
        self.reach = set(reach.split(",")) if reach else set()
        self.min_cc = int(f[5])
        self.reason = f[6]

    @property
    def tl_side(self):
        return bool(self.reach & {"tl", "math", "method", "triton", "cuda"})


def read_table(tilec):
    out = subprocess.run([tilec, "--list-builtins"], capture_output=True,
                         text=True, check=True).stdout
    return [Entry(l) for l in out.splitlines() if l.strip()]


def spelled(e):
    """How the docs write an entry: `name(signature)`, with its target."""
    s = f"`{e.name}({e.signature})`"
    if e.min_cc:
        s += f" (sm_{e.min_cc} and newer)"
    return s


def generate_functions(entries):
    groups = {}
    for e in entries:
        if e.status == "supported" and e.group:
            groups.setdefault(e.group, []).append(e)
    unknown = set(groups) - set(GROUP_ORDER)
    order = GROUP_ORDER + sorted(unknown)
    lines = ["| group | functions |", "| --- | --- |"]
    for g in order:
        if g in groups:
            lines.append(f"| {g} | " + ", ".join(spelled(e) for e in groups[g])
                         + " |")

    def names(reach):
        return ", ".join(f"`{e.name}`" for e in entries
                         if e.status == "supported" and reach in e.reach)
    not_tl = ", ".join(f"`{e.name}`" for e in entries
                       if e.status == "supported" and e.tl_side
                       and "tl" not in e.reach)
    lines += [
        "",
        "Each is `tl.NAME`, except the Python builtins, called bare, and "
        f"those reached only another way ({not_tl}). Also reached as "
        f"`tl.math.NAME`: {names('math')}. As tensor methods `x.NAME(...)`: "
        f"{names('method')}. As `triton.NAME`: {names('triton')}. As "
        f"`tl.extra.cuda.NAME`: {names('cuda')}.",
    ]
    return lines


def generate_refused(entries):
    tl = [e for e in entries if e.status == "refused" and e.tl_side]
    py = [e for e in entries if e.status == "refused" and "py" in e.reach]
    lines = ["- Triton functions tilec does not implement, refused at the "
             "call: " + ", ".join(f"`{e.name}` ({e.reason})" for e in tl)
             + "; and the `tl.extra` functions other than libdevice and "
             "those of the table above."]
    lines.append("- Python builtins, refused where the name is read: "
                 + ", ".join(f"`{e.name}`" for e in py) + ".")
    return lines


def triton36_coverage(entries, problems=None):
    """(lowered, refused) entries of TRITON_36_FUNCTIONS reached as `tl.X`;
    a function with neither is a problem."""
    tl = {e.name: e for e in entries if "tl" in e.reach}
    lowered, refused = [], []
    for name in TRITON_36_FUNCTIONS:
        e = tl.get(name)
        if e is None:
            if problems is not None:
                problems.append(f"Triton 3.6 function 'tl.{name}' is neither "
                                "lowered nor refused by name")
        elif e.status == "refused":
            refused.append(e)
        else:
            lowered.append(e)
    return lowered, refused


def generate_coverage(entries):
    lowered, refused = triton36_coverage(entries)
    n = len(TRITON_36_FUNCTIONS)
    return [f"Of the {n} functions of Triton 3.6's `triton.language`, tilec "
            f"lowers {len(lowered)} ({100 * len(lowered) // n}%) and refuses "
            f"{len(refused)} by name: "
            + ", ".join(f"`{e.name}`" for e in refused) + "."]


def block(text, name):
    begin, end = f"<!-- BEGIN {name} -->", f"<!-- END {name} -->"
    i, j = text.find(begin), text.find(end)
    if i < 0 or j < i:
        return None
    return i + len(begin), j


def check_opsuite(entries, problems):
    sys.path.insert(0, str(ROOT / "bench" / "opsuite"))
    import table  # noqa: E402
    tl = {e.name: e for e in entries if e.tl_side}
    suite = [f for f in table.functions() if not f.startswith("libdevice.")]
    for f in suite:
        if f not in tl:
            problems.append(f"op suite function '{f}' is not in the builtin "
                            "table")
    for e in tl.values():
        if (e.status == "supported" and e.group not in COMPILE_TIME_GROUPS
                and e.name not in suite and e.name not in NOT_IN_OPSUITE):
            problems.append(f"'{e.name}' has no op-suite case "
                            "(bench/opsuite/table.py) and no NOT_IN_OPSUITE "
                            "entry in scripts/check_builtins.py")
    for name in NOT_IN_OPSUITE:
        if name in suite:
            problems.append(f"'{name}' has op-suite cases now: remove it "
                            "from NOT_IN_OPSUITE")


def check_status(entries, docs, problems):
    span = block(docs, "opsuite-status")
    if span is None:
        problems.append("docs/language.md has no opsuite-status table")
        return
    tl = {e.name: e for e in entries if e.tl_side}
    for row in docs[span[0]:span[1]].splitlines():
        m = re.match(r"\| `([\w.]+)` \| ([^|]*) \|", row)
        if not m or m.group(1).startswith("libdevice."):
            continue
        name, status = m.group(1), m.group(2).strip()
        e = tl.get(name)
        if e is None:
            problems.append(f"status table row '{name}' is not in the builtin "
                            "table")
        elif status.startswith("refused") and e.status != "refused":
            problems.append(f"'{name}': the op suite measured it refused, the "
                            "table says supported")
        elif status.startswith(("lowered", "partly")) and e.status != "supported":
            problems.append(f"'{name}': the op suite lowers it, the table says "
                            f"{e.status}")


def check_prelude(entries, problems):
    tl = {e.name for e in entries if e.tl_side and e.status == "supported"}
    for f in sorted((ROOT / "lib" / "Frontend" / "Prelude").glob("*.py")):
        for name in re.findall(r"^def (\w+)\(", f.read_text(), re.M):
            # Private helpers (`_sort_merge`) are not triton.language names.
            if name not in tl and not name.startswith("_"):
                problems.append(f"prelude function '{name}' ({f.name}) is not "
                                "in the builtin table")


def check_unique(entries, problems):
    """A name has at most one entry per way of reaching it (lookups take the
    first)."""
    seen = {}
    for e in entries:
        for r in e.reach:
            if (e.name, r) in seen:
                problems.append(f"'{e.name}' has two entries reached as {r}")
            seen[(e.name, r)] = e


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tilec", default=str(ROOT / "build" / "bin" / "tilec"))
    ap.add_argument("--docs", default=str(ROOT / "docs" / "language.md"))
    ap.add_argument("--write", action="store_true",
                    help="regenerate the docs blocks instead of checking them")
    args = ap.parse_args()

    entries = read_table(args.tilec)
    docs_path = pathlib.Path(args.docs)
    docs = docs_path.read_text()
    problems = []
    for name, gen in (("builtins", generate_functions),
                      ("builtins-refused", generate_refused),
                      ("triton36-coverage", generate_coverage)):
        span = block(docs, name)
        if span is None:
            problems.append(f"{docs_path.name} has no '{name}' block")
            continue
        want = "\n" + "\n".join(gen(entries)) + "\n"
        if docs[span[0]:span[1]] == want:
            continue
        if args.write:
            docs = docs[:span[0]] + want + docs[span[1]:]
        else:
            problems.append(f"{docs_path.name}: the '{name}' block differs "
                            "from the builtin table; run "
                            "scripts/check_builtins.py --write")
    if args.write:
        docs_path.write_text(docs)
    check_unique(entries, problems)
    check_status(entries, docs, problems)
    check_opsuite(entries, problems)
    check_prelude(entries, problems)
    triton36_coverage(entries, problems)
    for p in problems:
        print(f"check_builtins: {p}")
    n = len(entries)
    print(f"check_builtins: {n} entries, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
