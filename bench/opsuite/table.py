"""The op suite's table: one place that lists every `triton.language`
function the suites exercise, the dtypes of each, the kernel that calls it,
and what its PTX must show.

Each entry becomes one kernel per dtype, `k_<function>_<label>` (dots in a
function's name become underscores: `libdevice.tanh` -> `k_libdevice_tanh_fp32`),
written with a `SPECS` entry (README.md) into one .py file per function by
`gen.py`. The CI suite (`ci.py`, test/OpSuite) compiles each for every
target of TARGETS and checks its PTX against `key`; the GPU harness
(prepare.py, run.py) compiles them for sm_90a and runs them next to Triton.

`key` is a regex the PTX must contain when tilec lowers the kernel: a
string for every dtype and target, or a dict whose keys are a label, a
target, `(label, target)`, or `"*"` (looked up in that order: most precise
first). None: no key instruction (shape ops and the like, which the GPU
diff checks by value), only that ptxas accepts the PTX.

`triton_refuses`: labels (or `(label, target)`) Triton 3.6 itself refuses
(its `_check_dtype` lists, fp8e4nv below sm_89): the suite expects a located
refusal there and notes, without failing, a kernel tilec lowers anyway;
the GPU harness skips them.
"""
from dataclasses import dataclass, field

TARGETS = ("sm_80", "sm_90a")

TL = {"fp8e4nv": "tl.float8e4nv", "fp8e5": "tl.float8e5",
      "fp16": "tl.float16", "bf16": "tl.bfloat16", "fp32": "tl.float32",
      "fp64": "tl.float64", "i1": "tl.int1", "i8": "tl.int8",
      "i16": "tl.int16", "i32": "tl.int32", "i64": "tl.int64",
      "u8": "tl.uint8", "u16": "tl.uint16", "u32": "tl.uint32",
      "u64": "tl.uint64"}

F = ("fp32", "fp64")
F16 = ("fp16", "bf16")
INTS = ("i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64")

# Tolerances for functions Triton computes with an approximate instruction
# or a libdevice routine; tilec should pick the same one (then "exact"
# holds) but may differ in a last bit where the polynomial is fused
# differently.
ULP2 = dict(ulp=2)
DOT_TOL = dict(rtol=1e-2, atol=1e-2)


@dataclass
class Case:
    """One generated kernel."""
    function: str
    label: str
    params: list
    body: str
    spec: dict
    key: object = None
    triton_refuses: tuple = ()
    helpers: tuple = ()      # names of HELPERS the kernel calls
    imports: tuple = ()      # extra import lines
    note: str = ""

    @property
    def kernel(self):
        return f"k_{self.function.replace('.', '_')}_{self.label}"

    @property
    def file_stem(self):
        return self.function.replace(".", "_")

    def key_for(self, target):
        k = self.key
        if not isinstance(k, dict):
            return k
        for probe in ((self.label, target), self.label, target, "*"):
            if probe in k:
                return k[probe]
        return None

    def refused_by_triton(self, target):
        return (self.label in self.triton_refuses
                or (self.label, target) in self.triton_refuses)


# @jit helpers some kernels call (combine functions), by name.
HELPERS = {
    "combine_mul": """\
@triton.jit
def combine_mul(a, b):
    return a * b
""",
    "combine_max_sum": """\
@triton.jit
def combine_max_sum(a0, a1, b0, b1):
    return tl.maximum(a0, b0), a1 + b1
""",
    "combine_first_order": """\
@triton.jit
def combine_first_order(a0, a1, b0, b1):
    # the linear recurrence y = a * y_prev + b, as pairs
    return a0 * b0, b0 * a1 + b1
""",
    # Scalar functions for tl.map_elementwise: branches, several results,
    # packed elements.
    "map_compare": """\
@triton.jit
def map_compare(x, y):
    if x < y:
        return -1
    elif x == y:
        return 0
    else:
        return 1
""",
    "map_divmod": """\
@triton.jit
def map_divmod(a, b):
    return a // b, a % b
""",
    "map_divmod2": """\
@triton.jit
def map_divmod2(a0, a1, b0, b1):
    return a0 // b0, a1 // b1, a0 % b0, a1 % b1
""",
    "map_selu": """\
@triton.jit
def map_selu(x, alpha, scale):
    if x > 0:
        return scale * x
    else:
        return scale * alpha * (tl.exp(x) - 1)
""",
}

N = 1000
BLOCK = 256
GRID = 4  # 4 * 256 >= 1000


def _tensor(dtype, shape, role="in", **kw):
    d = dict(dtype=dtype, shape=shape)
    if role != "in":
        d["role"] = role
    d.update(kw)
    return d


# ---------------------------------------------------------------------------
# Kernel shapes
# ---------------------------------------------------------------------------


def elementwise(function, expr, dtypes, nin=1, out=None, key=None,
                compare=None, fills=None, triton_refuses=(), labels=None,
                ins=None, imports=(), note=""):
    """`O = expr(x[, y[, z]])` over N elements with a mask. `out` is the
    output dtype (default: the input's; a dict per label; or a callable of
    the dtype). `ins`: per-label input dtypes when they differ from the
    label."""
    names = "XYZ"[:nin]
    cases = []
    for i, dt in enumerate(dtypes):
        label = labels[i] if labels else dt
        in_dts = ins[i] if ins else (dt,) * nin
        if isinstance(in_dts, str):
            in_dts = (in_dts,) * nin
        o = out(dt) if callable(out) else (out.get(label, dt)
                                           if isinstance(out, dict)
                                           else (out or in_dts[0]))
        loads = "".join(f"    {n.lower()} = tl.load({n} + offs, mask=mask)\n"
                        for n in names)
        body = ("    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
                "    mask = offs < N\n" + loads +
                f"    tl.store(O + offs, {expr}, mask=mask)\n")
        args = {}
        for n, idt in zip(names, in_dts):
            fill = (fills or {}).get(n, {})
            if callable(fill):
                fill = fill(idt)
            args[n] = _tensor(idt, N, **fill)
        c = compare(o) if callable(compare) else compare
        args["O"] = _tensor(o, N, "out", **({"compare": c} if c else {}))
        args["N"] = N
        args["BLOCK"] = BLOCK
        cases.append(Case(function, label,
                          list(names) + ["O", "N", "BLOCK: tl.constexpr"],
                          body, dict(args=args, grid=GRID), key,
                          triton_refuses, imports=imports, note=note))
    return cases


R, C = 8, 128


def rowwise(function, expr, dtypes, out=None, key=None, compare=None,
            store="row", fill=None, helpers=(), labels=None, extra_out=None):
    """Loads an R x C tile; `store`: "row" stores expr (a [R] value),
    "tile" stores an [R, C] value, "col" a [C] value, "scalar" one value.
    `extra_out`: (expr, dtype) of a second output stored the same way."""
    cases = []
    index = {"row": ("r", R), "col": ("c", C), "scalar": (None, 1),
             "tile": ("r[:, None] * C + c[None, :]", R * C)}[store]
    for i, dt in enumerate(dtypes):
        label = labels[i] if labels else dt
        o = out(dt) if callable(out) else (out or dt)
        outs = [("O", expr, o)]
        if extra_out:
            e2, t2 = extra_out
            outs.append(("O2", e2, t2(dt) if callable(t2) else t2))
        body = ("    r = tl.arange(0, R)\n    c = tl.arange(0, C)\n"
                "    x = tl.load(X + r[:, None] * C + c[None, :])\n")
        if len(outs) == 1:
            ptr = "O" if index[0] is None else f"O + {index[0]}"
            body += f"    tl.store({ptr}, {expr})\n"
        else:
            body += f"    v, w = {expr}\n"
            for name, var in (("O", "v"), ("O2", "w")):
                ptr = name if index[0] is None else f"{name} + {index[0]}"
                body += f"    tl.store({ptr}, {var})\n"
        args = {"X": _tensor(dt, R * C, **(fill or {}))}
        for name, _, odt in outs:
            c = compare(odt) if callable(compare) else compare
            args[name] = _tensor(odt, index[1], "out",
                                 **({"compare": c} if c and name == "O" else {}))
        args["R"] = R
        args["C"] = C
        params = ["X"] + [n for n, _, _ in outs] + ["R: tl.constexpr",
                                                     "C: tl.constexpr"]
        cases.append(Case(function, label, params, body, dict(args=args), key,
                          helpers=helpers))
    return cases


def atomic(function, dtypes, key, op_args="v", contention=False, cas=False,
           unused=False, label_suffix="", sem=None, fills=None):
    """`old = tl.<function>(P + idx, ...)` on distinct addresses (IDX is a
    permutation) or, with `contention`, all on P[idx % 4]."""
    cases = []
    for dt in dtypes:
        extra = f", sem=\"{sem}\"" if sem else ""
        body = ("    offs = tl.arange(0, BLOCK)\n    mask = offs < N\n"
                "    idx = tl.load(IDX + offs, mask=mask, other=0)\n")
        if contention:
            body += "    idx = idx % 4\n"
        body += "    v = tl.load(V + offs, mask=mask)\n"
        params = ["P", "IDX", "V"]
        if cas:
            # Even lanes compare with the current value (the swap happens),
            # odd lanes with random data (it almost never does).
            body += ("    cmp = tl.where(offs % 2 == 0, tl.load(P + idx),\n"
                     "                   tl.load(CMP + offs, mask=mask))\n")
            params.append("CMP")
            call = f"tl.atomic_cas(P + idx, cmp, v{extra})"
        else:
            call = f"tl.{function}(P + idx, {op_args}, mask=mask{extra})"
        if unused:
            body += f"    {call}\n"
        else:
            body += f"    old = {call}\n    tl.store(OLD + offs, old, mask=mask)\n"
            params.append("OLD")
        params += ["N", "BLOCK: tl.constexpr"]
        vfill = (fills or {}).get(dt, {})
        args = {
            "P": _tensor(dt, 256, "inout", **vfill),
            "IDX": _tensor("i32", 256, fill="perm"),
            "V": _tensor(dt, 256, **vfill),
        }
        if cas:
            args["CMP"] = _tensor(dt, 256)
        if not unused:
            args["OLD"] = _tensor(dt, 256, "out",
                                  **({"compare": "none"} if contention else {}))
        if contention and dt in ("fp16", "bf16", "fp32", "fp64"):
            args["P"]["compare"] = dict(rtol=1e-3, atol=1e-3)
        # atomic_cas takes no mask: every lane must hold a distinct address.
        args["N"] = 256 if cas else 200
        args["BLOCK"] = 256
        cases.append(Case(function, dt + label_suffix, params, body,
                          dict(args=args), key))
    return cases


def custom(function, label, params, body, args, key=None, grid=None,
           triton_refuses=(), helpers=(), imports=(), note="", **spec):
    s = dict(args=args, **spec)
    if grid:
        s["grid"] = grid
    return [Case(function, label, params, body, s, key, triton_refuses,
                 helpers, imports, note)]


def dot(label, a_dt, out_dt, key, kwargs="", compare=DOT_TOL,
        triton_refuses=(), fill=None, acc=False, b_dt=None):
    M, Nn, K = 64, 64, 32
    body = ("    m = tl.arange(0, M)\n    n = tl.arange(0, N)\n"
            "    k = tl.arange(0, K)\n"
            "    a = tl.load(A + m[:, None] * K + k[None, :])\n"
            "    b = tl.load(B + k[:, None] * N + n[None, :])\n")
    if acc:
        body += ("    acc = tl.load(C + m[:, None] * N + n[None, :])\n"
                 f"    c = tl.dot(a, b, acc{kwargs})\n")
    else:
        body += f"    c = tl.dot(a, b{kwargs})\n"
    body += "    tl.store(C + m[:, None] * N + n[None, :], c)\n"
    f = fill or dict(fill="uniform", low=-1, high=1)
    args = dict(A=_tensor(a_dt, M * K, **f), B=_tensor(b_dt or a_dt, K * Nn, **f),
                C=_tensor(out_dt, M * Nn, "inout" if acc else "out",
                          compare=compare, **(dict(fill="uniform", low=-1,
                                                   high=1) if acc else {})),
                M=M, N=Nn, K=K)
    return custom("dot", label, ["A", "B", "C", "M: tl.constexpr",
                                 "N: tl.constexpr", "K: tl.constexpr"], body,
                  args, key, triton_refuses=triton_refuses)


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------

APPROX = r"(\.approx(\.ftz)?\.f32|fma\.rn(\.ftz)?\.f32)"
LIBDEVICE = "from triton.language.extra import libdevice"
# fp32 exp: Triton multiplies by log2(e) and uses ex2.approx.f32
# (ExpOpConversionApprox); fp64 calls libdevice's __nv_exp.
EX2 = r"ex2\.approx(\.ftz)?\.f32"
POS = dict(fill="uniform", low=0.01, high=100.0)
NONZERO_INT = dict(fill="uniform", low=1, high=100)


def cast_cases():
    pairs = [
        ("fp32", "fp16", r"cvt\.rn\.f16\.f32"),
        ("fp32", "bf16", {"sm_80": r"cvt\.rn\.bf16\.f32", "sm_90a": r"cvt\.rn\.bf16\.f32"}),
        ("fp16", "fp32", r"cvt\.f32\.f16"),
        ("bf16", "fp32", r"(cvt\.f32\.bf16|shl\.b32|mov\.b32)"),
        ("fp32", "fp64", r"cvt\.f64\.f32"),
        ("fp64", "fp32", r"cvt\.rn\.f32\.f64"),
        ("fp32", "i32", r"cvt\.rzi\.s32\.f32"),
        ("i32", "fp32", r"cvt\.rn\.f32\.s32"),
        ("u32", "fp32", r"cvt\.rn\.f32\.u32"),
        ("fp32", "u8", r"cvt\.rzi\.u\d+\.f32"),
        ("i64", "i32", r"cvt\.u32\.u64|mov\.b64"),
        ("i8", "i32", r"cvt\.s32\.s8|ld\.global(\.\w+)*\.s8"),
        # stored as a byte (Triton's int1 memory is int8): setp, then selp
        ("i32", "i1", r"setp\.ne\.[sb]32"),
        ("i1", "i32", r"setp\.ne\.s16|setp\.ne\.b16|and\.b16|cvt\.u32\.u8|ld\.global(\.\w+)*\.u8"),
    ]
    out = []
    for src, dst, key in pairs:
        label = f"{src}_to_{dst}"
        out += elementwise("cast", f"x.to({TL[dst]})", [src], out=dst,
                           key=key, compare="exact", labels=[label])
    out += fp8_cast_cases()
    out += elementwise("cast", "x.to(tl.int32, bitcast=True)", ["fp32"],
                       out="i32", key=None, compare="bits",
                       labels=["fp32_bitcast_i32"])
    out += elementwise("cast", 'x.to(tl.float16, fp_downcast_rounding="rtz")',
                       ["fp32"], out="fp16", key=r"cvt\.rz\.f16\.f32",
                       compare="exact", labels=["fp32_to_fp16_rtz"])
    return out


def fp8_cast_cases():
    """fp8 conversions in every direction and rounding Triton 3.6 lowers,
    with the instruction Triton uses on each target (its
    ElementwiseOpToLLVM.cpp): the packed cvt from sm_89 on; below it, e5m2 by
    bit manipulation and no e4m3 at all (Triton aborts: refused). Outputs
    compare bit for bit; fp8 inputs take every bit pattern."""
    up = {  # fp8 -> wider: (sm_90a key, sm_80 key)
        ("fp8e5", "fp16"): (r"cvt\.rn\.f16x2\.e5m2x2", None),
        ("fp8e5", "bf16"): (r"mul\.rn\.bf16x2", r"mul(\.rn)?\.f32"),
        ("fp8e5", "fp32"): (r"cvt\.rn\.f16x2\.e5m2x2", r"cvt\.f32\.f16"),
        ("fp8e4nv", "fp16"): (r"cvt\.rn\.f16x2\.e4m3x2", None),
        ("fp8e4nv", "bf16"): (r"cvt\.rn\.f16x2\.e4m3x2", None),
        ("fp8e4nv", "fp32"): (r"cvt\.rn\.f16x2\.e4m3x2", None),
    }
    down = {  # wider -> fp8, rounding to nearest even
        ("fp16", "fp8e5"): (r"cvt\.rn\.satfinite\.e5m2x2\.f16x2", None),
        ("bf16", "fp8e5"): (r"cvt\.rn\.satfinite\.e5m2x2\.f32",
                            r"max\.u16"),
        ("fp32", "fp8e5"): (r"cvt\.rn\.satfinite\.e5m2x2\.f32",
                            r"cvt\.rz\.f16\.f32"),
        ("fp16", "fp8e4nv"): (r"cvt\.rn\.satfinite\.e4m3x2\.f16x2", None),
        ("bf16", "fp8e4nv"): (r"cvt\.rn\.satfinite\.e4m3x2\.f32", None),
        ("fp32", "fp8e4nv"): (r"cvt\.rn\.satfinite\.e4m3x2\.f32", None),
    }
    out = []
    for (src, dst), (k90, k80) in list(up.items()) + list(down.items()):
        label = f"{src}_to_{dst}"
        refuses = ((label, "sm_80"),) if "fp8e4nv" in (src, dst) else ()
        fill = {"X": dict(fill="bits")} if src.startswith("fp8") else None
        # e4m3 -> bf16 goes f16 -> f32 -> bf16 here where Triton's sm_90
        # code has one cvt.bf16.f16: equal values, NaN payloads may differ.
        cmp = "exact" if label == "fp8e4nv_to_bf16" else "bits"
        out += elementwise("cast", f"x.to({TL[dst]})", [src], out=dst,
                           key={"sm_90a": k90, "sm_80": k80},
                           compare=cmp, labels=[label], fills=fill,
                           triton_refuses=refuses)
    # Round toward zero into fp8: fp32 -> e5m2 only (through an fp16
    # rounded toward zero, then its high byte), on every target.
    out += elementwise("cast", 'x.to(tl.float8e5, fp_downcast_rounding="rtz")',
                       ["fp32"], out="fp8e5", key=r"cvt\.rz\.f16\.f32",
                       compare="bits", labels=["fp32_to_fp8e5_rtz"])
    # Bitcasts between fp8 and 8-bit integers, both ways.
    out += elementwise("cast", "x.to(tl.uint8, bitcast=True)", ["fp8e4nv"],
                       out="u8", compare="bits", labels=["fp8e4nv_bitcast_u8"],
                       fills={"X": dict(fill="bits")})
    out += elementwise("cast", "x.to(tl.float8e5, bitcast=True)", ["i8"],
                       out="fp8e5", compare="bits", labels=["i8_bitcast_fp8e5"],
                       fills={"X": dict(fill="bits")})
    out += fp8e4b15_cast_cases()
    # What Triton 3.6 cannot compile either (its cast has no rule, or its
    # lowering aborts): refused by name at the conversion.
    refused = [
        ("fp8e5", "fp8e4nv", ""), ("fp8e4nv", "fp8e5", ""),
        ("fp8e5", "fp64", ""), ("fp64", "fp8e5", ""),
        ("fp8e5", "i32", ""), ("i32", "fp8e4nv", ""),
        ("fp16", "fp8e5", "rtz"), ("bf16", "fp8e5", "rtz"),
        ("fp32", "fp8e4nv", "rtz"),
    ]
    for src, dst, rnd in refused:
        label = f"{src}_to_{dst}" + (f"_{rnd}" if rnd else "")
        arg = f', fp_downcast_rounding="{rnd}"' if rnd else ""
        out += elementwise("cast", f"x.to({TL[dst]}{arg})", [src], out=dst,
                           compare="bits", labels=[label],
                           triton_refuses=(label,))
    return out


def fp8e4b15_cast_cases():
    """tl.float8e4b15 (bias 15, no NaN) to and from fp16 and fp32, Triton's
    software conversion on every target. The harness has no fp8e4b15
    tensors (torch has no such dtype), so the bytes travel as uint8 and are
    bitcast in the kernel, as Triton users do."""
    out = []
    e4b15 = "x.to(tl.float8e4b15, bitcast=True)"
    for dst in ("fp16", "fp32"):
        out += elementwise("cast", f"{e4b15}.to({TL[dst]})", ["u8"], out=dst,
                           compare="bits", labels=[f"fp8e4b15_to_{dst}"],
                           fills={"X": dict(fill="bits")})
    for src in ("fp16", "fp32"):
        down = "x.to(tl.float8e4b15).to(tl.uint8, bitcast=True)"
        out += elementwise("cast", down, [src], out="u8", compare="bits",
                           labels=[f"{src}_to_fp8e4b15"])
        out += elementwise("cast", down, [src], out="u8", compare="bits",
                           labels=[f"{src}_to_fp8e4b15_bits"],
                           fills={"X": dict(fill="bits")})
    # Only fp16 and fp32 (Triton's conversion asserts on other sources).
    for src in ("bf16", "i32"):
        label = f"{src}_to_fp8e4b15"
        out += elementwise("cast", "x.to(tl.float8e4b15).to(tl.uint8, "
                           "bitcast=True)", [src], out="u8", compare="bits",
                           labels=[label], triton_refuses=(label,))
    return out


def libdevice_cases():
    unary = [  # name, dtypes, key
        ("tanh", F, {"fp32": EX2}), ("asin", F, None), ("acos", F, None),
        ("atan", F, None), ("sinh", F, None), ("cosh", F, None),
        ("expm1", F, None), ("log1p", F, None), ("cbrt", F, None),
        ("erfinv", ("fp32",), None), ("rsqrt", F,
                                       {"fp32": r"rsqrt\.approx(\.ftz)?\.f32"}),
        ("trunc", F, {"fp32": r"cvt\.rzi\.f32\.f32"}),
        ("round", F, None), ("fast_expf", ("fp32",), EX2),
        ("fast_logf", ("fp32",), r"lg2\.approx(\.ftz)?\.f32"),
        ("isnan", F, None), ("signbit", F, None),
        ("popc", ("i32", "i64"), r"popc\.b(32|64)"),
        ("clz", ("i32", "i64"), r"clz\.b(32|64)"),
        ("brev", ("i32", "i64"), r"brev\.b(32|64)"),
    ]
    out = []
    for name, dts, key in unary:
        is_int_result = name in ("isnan", "signbit", "popc", "clz")
        out += elementwise(
            f"libdevice.{name}", f"libdevice.{name}(x)", dts, key=key,
            compare=None if is_int_result or name in ("brev", "trunc", "round")
            else (lambda o: ULP2 if o in F else None),
            out=(lambda dt: "i32") if is_int_result else None,
            imports=(LIBDEVICE,))
    for name, key in (("pow", None), ("atan2", None), ("hypot", None),
                      ("fmod", None)):
        out += elementwise(f"libdevice.{name}", f"libdevice.{name}(x, y)", F,
                           nin=2, key=key,
                           compare=lambda o: ULP2, imports=(LIBDEVICE,))
    return out


def build():
    t = []
    # --- math ---------------------------------------------------------
    t += elementwise("exp", "tl.exp(x)", F + ("fp16",),
                     key={"fp32": EX2}, compare=lambda o: ULP2,
                     triton_refuses=("fp16",))
    t += elementwise("exp2", "tl.exp2(x)", F, key={"fp32": EX2},
                     compare=lambda o: ULP2)
    for fn in ("log", "log2"):
        t += elementwise(fn, f"tl.{fn}(x)", F + ("fp16",),
                         key={"fp32": APPROX}, compare=lambda o: ULP2,
                         triton_refuses=("fp16",))
    for fn in ("sin", "cos"):
        t += elementwise(fn, f"tl.{fn}(x)", F, key={"fp32": APPROX},
                         compare=lambda o: ULP2)
    t += elementwise("sqrt", "tl.sqrt(x)", F + ("bf16",),
                     key={"fp32": r"sqrt\.(rn|approx)(\.ftz)?\.f32",
                          "fp64": r"sqrt\.rn\.f64"}, compare="exact",
                     triton_refuses=("bf16",))
    t += elementwise("sqrt_rn", "tl.sqrt_rn(x)", ("fp32", "fp64"),
                     key=r"sqrt\.rn\.f32", compare="exact",
                     triton_refuses=("fp64",))
    t += elementwise("rsqrt", "tl.rsqrt(x)", F,
                     key={"fp32": r"rsqrt\.approx(\.ftz)?\.f32",
                          "fp64": r"rsqrt\.approx\.f64|(div|rcp)\.rn\.f64"},
                     compare=lambda o: ULP2)
    t += elementwise("erf", "tl.erf(x)", F, key=None, compare=lambda o: ULP2)
    t += elementwise("floor", "tl.floor(x)", F,
                     key={"fp32": r"cvt\.rmi(\.ftz)?\.f32\.f32", "fp64": r"cvt\.rmi\.f64\.f64"},
                     compare="exact")
    t += elementwise("ceil", "tl.ceil(x)", F,
                     key={"fp32": r"cvt\.rpi(\.ftz)?\.f32\.f32", "fp64": r"cvt\.rpi\.f64\.f64"},
                     compare="exact")
    t += elementwise("sigmoid", "tl.sigmoid(x)", F + ("fp16",),
                     key={"fp32": EX2}, compare=lambda o: ULP2,
                     triton_refuses=("fp16",))
    t += elementwise("abs", "tl.abs(x)", ("fp16", "bf16", "fp32", "fp64", "i8",
                                          "i32", "i64", "u32"),
                     # abs.f32 (Triton's fabs) or clearing the sign bit: the
                     # same bits either way.
                     key={"fp32": r"abs(\.ftz)?\.f32|and\.b32",
                          "fp64": r"abs\.f64|and\.b64",
                          "i32": r"abs\.s32"}, compare="exact")
    t += elementwise("fma", "tl.fma(x, y, z)", ("fp32", "fp64", "fp16"), nin=3,
                     key={"fp32": r"fma\.rn\.f32", "fp64": r"fma\.rn\.f64"},
                     compare="exact")
    for fn in ("maximum", "minimum"):
        op = fn[:3]
        t += elementwise(fn, f"tl.{fn}(x, y)", ("fp32", "fp64", "fp16", "bf16",
                                                 "i32", "u32", "i64"), nin=2,
                         key={"fp32": rf"{op}(\.ftz)?\.f32", "i32": rf"{op}\.s32",
                              "u32": rf"{op}\.u32"}, compare="exact")
        t += elementwise(fn, f"tl.{fn}(x, y, propagate_nan=tl.PropagateNan.ALL)",
                         ("fp32",), nin=2, labels=["fp32_propagate_nan"],
                         key=rf"{op}\.NaN\.f32", compare="exact")
    t += elementwise("clamp", "tl.clamp(x, y, z)", ("fp32", "fp16"), nin=3,
                     fills={"Y": dict(fill="uniform", low=-2, high=-1),
                            "Z": dict(fill="uniform", low=1, high=2)},
                     key={"fp32": r"(max|min)(\.ftz)?(\.NaN)?\.f32"},
                     compare="exact")
    t += elementwise("div_rn", "tl.div_rn(x, y)", ("fp32", "fp64"), nin=2,
                     key=r"div\.rn\.f32", compare="exact",
                     triton_refuses=("fp64",))
    t += elementwise("fdiv", "tl.fdiv(x, y)", ("fp32",), nin=2,
                     key=r"div\.full\.f32", compare="exact")
    # Triton 3.6's fdiv ignores ieee_rounding (semantic.fdiv builds the same
    # division either way); the H200 run matched it bit for bit.
    t += elementwise("fdiv", "tl.fdiv(x, y, ieee_rounding=True)", ("fp32",),
                     nin=2, labels=["fp32_ieee"], key=r"div\.full\.f32",
                     compare="exact")
    t += elementwise("umulhi", "tl.umulhi(x, y)", ("i32", "u32", "i64", "i16"),
                     nin=2, key={"i32": r"mul\.hi\.[su]32",
                                 "u32": r"mul\.hi\.u32",
                                 "i64": r"mul\.hi\.[su]64"},
                     compare="exact", triton_refuses=("i16",))
    t += elementwise("cdiv", "tl.cdiv(x, y)", ("i32",), nin=2,
                     fills={"Y": NONZERO_INT}, key=r"div\.s32",
                     compare="exact")
    t += elementwise("where", "tl.where(x > 0, x, y)", ("fp32", "i32", "fp16"),
                     nin=2, key=r"selp\.|setp\.", compare="exact")
    # tl.add, tl.sub, tl.mul: the operators; integers wrap (no overflow
    # check without Triton's sanitize_overflow option).
    for fn, ops in (("add", r"add"), ("sub", r"sub"), ("mul", r"mul")):
        t += elementwise(fn, f"tl.{fn}(x, y)", ("fp32", "fp16", "i32", "u8"),
                         nin=2, key={"fp32": rf"{ops}(\.rn)?(\.ftz)?\.f32",
                                     "i32": rf"{ops}(\.lo)?\.[su]32"},
                         compare="exact")
    t += elementwise("add", "tl.add(x, 3, sanitize_overflow=False)", ("i64",),
                     labels=["i64_scalar"], key=r"add(\.cc)?\.[su]64",
                     compare="exact")
    t += cast_cases()

    # --- reductions and scans -----------------------------------------
    SHFL = r"shfl\.sync"
    t += rowwise("sum", "tl.sum(x, axis=1)", ("fp32", "fp16", "fp64", "i32",
                                              "i8"),
                 out=lambda dt: "i32" if dt == "i8" else dt, key=SHFL,
                 compare=lambda o: dict(rtol=1e-4, atol=1e-4) if o == "fp32"
                 else (dict(rtol=1e-2, atol=1e-2) if o == "fp16" else None),
                 fill=dict(fill="uniform", low=-1, high=1))
    t += rowwise("sum", "tl.sum(x, axis=0)", ("fp32",), store="col", key=None,
                 labels=["fp32_axis0"], compare=dict(rtol=1e-4, atol=1e-4),
                 fill=dict(fill="uniform", low=-1, high=1))
    t += rowwise("sum", "tl.sum(x)", ("i32",), store="scalar", key=SHFL,
                 labels=["i32_all"])
    # The index reductions (argmax/argmin, max/min with return_indices) get
    # NaN-free float inputs: Triton's combine (`value1 > value2 or tie`,
    # resp. `<`) is not associative when a NaN is present (every comparison
    # with it is false, so which element wins depends on which pairs meet),
    # so the index then depends on the reduction order, not on the
    # function, and Triton is no reference for it. Ties stay in: with
    # tie_break_left (the default) the lowest index among equal values
    # wins, whatever the order. Uniform floats in [-4, 4) never tie, so the
    # `_ties` variants draw from [1, 1 + 8 ulp), which rounds to nine
    # neighbouring values: every row repeats its maximum and its minimum.
    # Integers keep the edge fill: no NaN, and INT_MIN/INT_MAX repeat.
    NO_NAN = dict(fill="uniform", low=-4, high=4)
    TIES = {"fp32": dict(fill="uniform", low=1.0, high=1.0 + 8 * 2.0 ** -23),
            "fp16": dict(fill="uniform", low=1.0, high=1.0 + 8 * 2.0 ** -10)}
    for fn in ("max", "min"):
        t += rowwise(fn, f"tl.{fn}(x, axis=1)", ("fp32", "fp16", "i32", "u32",
                                                   "i64"),
                     key=SHFL, compare="exact")
        t += rowwise(fn, f"tl.{fn}(x, axis=1, return_indices=True)", ("fp32",),
                     labels=["fp32_indices"], key=SHFL, compare="exact",
                     extra_out=("", "i32"), fill=NO_NAN)
        t += rowwise(fn, f"tl.{fn}(x, axis=1, return_indices=True)", ("fp32",),
                     labels=["fp32_indices_ties"], key=SHFL, compare="exact",
                     extra_out=("", "i32"), fill=TIES["fp32"])
    for fn in ("argmax", "argmin"):
        t += rowwise(fn, f"tl.{fn}(x, axis=1)", ("fp32", "fp16"), out="i32",
                     key=SHFL, compare="exact", fill=NO_NAN)
        t += rowwise(fn, f"tl.{fn}(x, axis=1)", ("i32",), out="i32", key=SHFL,
                     compare="exact")
        for dt in ("fp32", "fp16"):
            t += rowwise(fn, f"tl.{fn}(x, axis=1)", (dt,), out="i32",
                         labels=[dt + "_ties"], key=SHFL, compare="exact",
                         fill=TIES[dt])
    t += rowwise("xor_sum", "tl.xor_sum(x, axis=1)", ("i32", "u8", "i64"),
                 key=SHFL, compare="exact")
    t += rowwise("reduce_or", "tl.reduce_or(x, axis=1)", ("i32", "u8", "i64"),
                 key=SHFL, compare="exact")
    t += rowwise("reduce_or", "x.reduce_or(0)", ("i16",),
                 labels=["i16_method_axis0"], store="col", key=None,
                 compare="exact")
    t += rowwise("reduce", "tl.reduce(x, 1, combine_mul)", ("fp32",),
                 key=SHFL, helpers=("combine_mul",),
                 fill=dict(fill="uniform", low=0.9, high=1.1),
                 compare=dict(rtol=1e-4, atol=1e-30))
    t += rowwise("reduce", "tl.reduce(x, 1, combine_mul)", ("i32",),
                 key=SHFL, helpers=("combine_mul",))
    t += rowwise("softmax", "tl.softmax(x, dim=1, keep_dims=True)", ("fp32",), store="tile",
                 key=EX2, compare=dict(ulp=4, rtol=1e-5, atol=1e-7))
    t += rowwise("reduce", "tl.reduce((x, x.to(tl.int32)), 1, combine_max_sum)",
                 ("fp32",), labels=["fp32_two_operands"], key=SHFL,
                 helpers=("combine_max_sum",), compare="exact",
                 extra_out=("", "i32"),
                 fill=dict(fill="uniform", low=-100, high=100))
    SCAN = r"shfl\.sync(\.up)?|bar\.sync"
    t += rowwise("cumsum", "tl.cumsum(x, axis=1)", ("fp32", "i32", "i64",
                                                     "fp16"),
                 store="tile", key=SCAN,
                 compare=lambda o: dict(rtol=1e-4, atol=1e-4) if o == "fp32"
                 else (dict(rtol=1e-2, atol=1e-2) if o == "fp16" else None),
                 fill=dict(fill="uniform", low=-3, high=3))
    t += rowwise("cumsum", "tl.cumsum(x, axis=0)", ("i32",), store="tile",
                 labels=["i32_axis0"], key=None)
    t += rowwise("cumsum", "tl.cumsum(x, axis=1, reverse=True)", ("i32",),
                 store="tile", labels=["i32_reverse"], key=SCAN)
    t += rowwise("cumprod", "tl.cumprod(x, axis=1)", ("fp32", "i32"),
                 store="tile", key=SCAN,
                 fill=dict(fill="uniform", low=-1.2, high=1.2),
                 compare=lambda o: dict(rtol=1e-4, atol=1e-6) if o == "fp32" else None)
    t += rowwise("associative_scan",
                 "tl.associative_scan(x, 1, combine_mul)", ("i32",),
                 store="tile", key=SCAN, helpers=("combine_mul",),
                 fill=dict(fill="uniform", low=-2, high=3))
    t += rowwise("associative_scan",
                 "tl.associative_scan((x, x), 1, combine_first_order, "
                 "reverse=True)", ("i32",), labels=["i32_two_operands_reverse"],
                 store="tile", key=SCAN, helpers=("combine_first_order",),
                 extra_out=("", "i32"),
                 fill=dict(fill="uniform", low=-2, high=3))

    # --- atomics ------------------------------------------------------
    def ATOM(op):
        return rf"(atom|red)(\.\w+)*\.{op}(\.noftz)?\.[a-z]*\d+"
    small = {"fp16": dict(fill="uniform", low=-4, high=4),
             "bf16": dict(fill="uniform", low=-4, high=4)}
    # bf16 atomic add below sm_90: Triton 3.6 emits LLVM's atomicrmw fadd,
    # which NVPTX expands into a compare-and-swap loop (no bf16 atom.add
    # before sm_90).
    t += atomic("atomic_add", ("i32", "u32", "i64", "fp32", "fp64", "fp16"),
                ATOM("add"), fills=small)
    t += atomic("atomic_add", ("bf16",),
                {"sm_80": r"atom(\.\w+)*\.cas\.b(16|32)", "*": ATOM("add")},
                fills=small)
    t += atomic("atomic_add", ("fp32",), ATOM("add"), unused=True,
                label_suffix="_unused")
    t += atomic("atomic_add", ("i32", "fp32"), ATOM("add"), contention=True,
                label_suffix="_contention",
                fills={"fp32": dict(fill="uniform", low=-1, high=1)})
    t += atomic("atomic_add", ("i32",), ATOM("add"), sem="relaxed",
                label_suffix="_relaxed")
    for fn in ("atomic_max", "atomic_min"):
        t += atomic(fn, ("i32", "u32", "i64", "fp32", "fp64"),
                    rf"atom(\.\w+)*\.(max|min)\.[su](32|64)")
    for fn in ("atomic_and", "atomic_or", "atomic_xor"):
        t += atomic(fn, ("i32", "i64"), ATOM(fn[7:]))
    t += atomic("atomic_xchg", ("i32", "fp32", "i64"), ATOM("exch"))
    t += atomic("atomic_cas", ("i32", "i64", "fp32"), ATOM("cas"), cas=True)

    # --- shapes, indexing, sorting --------------------------------------
    ld = lambda n: f"    x = tl.load(X + tl.arange(0, {n}))\n"  # noqa: E731
    for dt in ("fp32", "fp16"):
        t += custom("trans", dt, ["X", "O"],
                    "    r = tl.arange(0, 32)\n    c = tl.arange(0, 64)\n"
                    "    x = tl.load(X + r[:, None] * 64 + c[None, :])\n"
                    "    tl.store(O + c[:, None] * 32 + r[None, :], tl.trans(x))\n",
                    dict(X=_tensor(dt, 2048), O=_tensor(dt, 2048, "out",
                                                        compare="exact")))
    idx3 = ("    a = tl.arange(0, 4)\n    b = tl.arange(0, 8)\n"
            "    c = tl.arange(0, 16)\n"
            "    x = tl.load(X + a[:, None, None] * 128 + b[None, :, None] * 16"
            " + c[None, None, :])\n")
    t += custom("permute", "fp32", ["X", "O"], idx3 +
                "    y = tl.permute(x, (2, 0, 1))\n"
                "    tl.store(O + c[:, None, None] * 32 + a[None, :, None] * 8"
                " + b[None, None, :], y)\n",
                dict(X=_tensor("fp32", 512), O=_tensor("fp32", 512, "out",
                                                       compare="exact")))
    t += custom("reshape", "fp32", ["X", "O"], idx3 +
                "    y = tl.reshape(x, (32, 16))\n"
                "    r = tl.arange(0, 32)\n"
                "    tl.store(O + r[:, None] * 16 + c[None, :], y)\n",
                dict(X=_tensor("fp32", 512), O=_tensor("fp32", 512, "out",
                                                       compare="exact")))
    t += custom("reshape", "fp32_1d_to_2d", ["X", "O"], ld(512) +
                "    y = tl.reshape(x, (16, 32))\n"
                "    r = tl.arange(0, 16)\n    c = tl.arange(0, 32)\n"
                "    tl.store(O + r[:, None] * 32 + c[None, :], y)\n",
                dict(X=_tensor("fp32", 512), O=_tensor("fp32", 512, "out",
                                                       compare="exact")))
    t += custom("view", "fp32", ["X", "O"], idx3 +
                "    y = tl.view(x, (512,))\n"
                "    tl.store(O + tl.arange(0, 512), y)\n",
                dict(X=_tensor("fp32", 512), O=_tensor("fp32", 512, "out",
                                                       compare="sorted")))
    t += custom("ravel", "i32", ["X", "O"], idx3 +
                "    tl.store(O + tl.arange(0, 512), tl.ravel(x))\n",
                dict(X=_tensor("i32", 512), O=_tensor("i32", 512, "out")))
    t += custom("expand_dims", "fp32", ["X", "O"], ld(64) +
                "    y = tl.expand_dims(x, 0) + tl.zeros((4, 64), tl.float32)\n"
                "    r = tl.arange(0, 4)\n    c = tl.arange(0, 64)\n"
                "    tl.store(O + r[:, None] * 64 + c[None, :], y)\n",
                dict(X=_tensor("fp32", 64), O=_tensor("fp32", 256, "out",
                                                      compare="exact")))
    t += custom("broadcast_to", "i32", ["X", "O"], ld(64) +
                "    y = tl.broadcast_to(x[None, :], (4, 64))\n"
                "    r = tl.arange(0, 4)\n    c = tl.arange(0, 64)\n"
                "    tl.store(O + r[:, None] * 64 + c[None, :], y)\n",
                dict(X=_tensor("i32", 64), O=_tensor("i32", 256, "out")))
    t += custom("join", "fp32", ["X", "Y", "O"],
                "    a = tl.load(X + tl.arange(0, 128))\n"
                "    b = tl.load(Y + tl.arange(0, 128))\n"
                "    j = tl.join(a, b)\n    r = tl.arange(0, 128)\n"
                "    tl.store(O + r[:, None] * 2 + tl.arange(0, 2)[None, :], j)\n",
                dict(X=_tensor("fp32", 128), Y=_tensor("fp32", 128),
                     O=_tensor("fp32", 256, "out", compare="exact")))
    t += custom("split", "fp32", ["X", "O", "O2"],
                "    r = tl.arange(0, 128)\n"
                "    x = tl.load(X + r[:, None] * 2 + tl.arange(0, 2)[None, :])\n"
                "    a, b = tl.split(x)\n"
                "    tl.store(O + r, a)\n    tl.store(O2 + r, b)\n",
                dict(X=_tensor("fp32", 256), O=_tensor("fp32", 128, "out",
                                                       compare="exact"),
                     O2=_tensor("fp32", 128, "out", compare="exact")))
    t += custom("interleave", "i32", ["X", "Y", "O"],
                "    a = tl.load(X + tl.arange(0, 128))\n"
                "    b = tl.load(Y + tl.arange(0, 128))\n"
                "    tl.store(O + tl.arange(0, 256), tl.interleave(a, b))\n",
                dict(X=_tensor("i32", 128), Y=_tensor("i32", 128),
                     O=_tensor("i32", 256, "out")))
    t += custom("cat", "i32", ["X", "Y", "O"],
                "    a = tl.load(X + tl.arange(0, 128))\n"
                "    b = tl.load(Y + tl.arange(0, 128))\n"
                "    tl.store(O + tl.arange(0, 256), tl.cat(a, b, can_reorder=True))\n",
                dict(X=_tensor("i32", 128), Y=_tensor("i32", 128),
                     O=_tensor("i32", 256, "out", compare="sorted")))
    for dt in ("fp32", "i32"):
        t += custom("flip", dt, ["X", "O"], ld(256) +
                    "    tl.store(O + tl.arange(0, 256), tl.flip(x, 0))\n",
                    dict(X=_tensor(dt, 256), O=_tensor(dt, 256, "out",
                                                       compare="exact")))
    # sort and topk: tilec's prelude runs Triton's bitonic network, so the
    # results are bit-identical, NaNs, infinities and signed zeros included
    # (edge fills).
    # Booleans travel as int8 (tilec does not load or store i1 yet).
    t += custom("sort", "i1", ["X", "O"], ld(256) +
                "    tl.store(O + tl.arange(0, 256), tl.sort(x != 0).to(tl.int8))\n",
                dict(X=_tensor("i8", 256, fill="uniform", low=0, high=2),
                     O=_tensor("i8", 256, "out", compare="bits")))
    sort_dts = ("fp32", "fp16", "bf16", "fp64") + INTS
    for dt in sort_dts:
        t += custom("sort", dt, ["X", "O"], ld(256) +
                    "    tl.store(O + tl.arange(0, 256), tl.sort(x))\n",
                    dict(X=_tensor(dt, 256), O=_tensor(dt, 256, "out",
                                                       compare="bits")))
    for dt in ("fp32", "fp16", "i32", "u8"):
        t += custom("sort", dt + "_descending", ["X", "O"], ld(256) +
                    "    tl.store(O + tl.arange(0, 256), "
                    "tl.sort(x, descending=True))\n",
                    dict(X=_tensor(dt, 256), O=_tensor(dt, 256, "out",
                                                       compare="bits")))
    t += custom("sort", "fp32_descending_2d", ["X", "O"],
                "    r = tl.arange(0, 8)\n    c = tl.arange(0, 64)\n"
                "    x = tl.load(X + r[:, None] * 64 + c[None, :])\n"
                "    tl.store(O + r[:, None] * 64 + c[None, :], "
                "tl.sort(x, dim=1, descending=True))\n",
                dict(X=_tensor("fp32", 512),
                     O=_tensor("fp32", 512, "out", compare="bits")))
    t += custom("sort", "i32_3d", ["X", "O"], idx3 +
                "    y = tl.sort(x, 2)\n"
                "    tl.store(O + a[:, None, None] * 128 + b[None, :, None] * 16"
                " + c[None, None, :], y)\n",
                dict(X=_tensor("i32", 512),
                     O=_tensor("i32", 512, "out", compare="bits")))
    t += custom("sort", "fp32_bits", ["X", "O"], ld(1024) +
                "    tl.store(O + tl.arange(0, 1024), tl.sort(x))\n",
                dict(X=_tensor("fp32", 1024, fill="bits"),
                     O=_tensor("fp32", 1024, "out", compare="bits")))
    # bitonic_merge: one merge of the network over the last dimension; the
    # input need not be bitonic (the network's output is compared bit for
    # bit all the same), and a sorted-then-flipped half pair is.
    for dt in ("fp32", "i32", "fp16"):
        t += custom("bitonic_merge", dt, ["X", "O"], ld(256) +
                    "    tl.store(O + tl.arange(0, 256), tl.bitonic_merge(x))\n",
                    dict(X=_tensor(dt, 256), O=_tensor(dt, 256, "out",
                                                       compare="bits")))
    t += custom("bitonic_merge", "fp32_descending_2d", ["X", "O"],
                "    r = tl.arange(0, 8)\n    c = tl.arange(0, 64)\n"
                "    x = tl.load(X + r[:, None] * 64 + c[None, :])\n"
                "    x = tl.where(c[None, :] < 32, x, -x)\n"
                "    tl.store(O + r[:, None] * 64 + c[None, :], "
                "tl.bitonic_merge(x, dim=1, descending=True))\n",
                dict(X=_tensor("fp32", 512),
                     O=_tensor("fp32", 512, "out", compare="bits")))
    t += custom("squeeze", "fp32", ["X", "O"],
                "    r = tl.arange(0, 4)\n    c = tl.arange(0, 64)\n"
                "    x = tl.load(X + r[:, None, None] * 64 + c[None, None, :])\n"
                "    y = tl.squeeze(x, 1)\n"
                "    tl.store(O + r[:, None] * 64 + c[None, :], y)\n",
                dict(X=_tensor("fp32", 256), O=_tensor("fp32", 256, "out",
                                                       compare="exact")),
                xfail="not in triton.language 3.6.0 (AttributeError on the device): a tilec extension with no Triton reference")
    t += custom("unsqueeze", "i32", ["X", "O"],
                "    r = tl.arange(0, 4)\n    c = tl.arange(0, 64)\n"
                "    x = tl.load(X + r[:, None] * 64 + c[None, :])\n"
                "    y = tl.unsqueeze(x, 1)\n"
                "    tl.store(O + r[:, None, None] * 64 + c[None, None, :], y)\n",
                dict(X=_tensor("i32", 256), O=_tensor("i32", 256, "out")),
                xfail="not in triton.language 3.6.0 (AttributeError on the device): a tilec extension with no Triton reference")
    t += custom("unsqueeze", "fp16_last", ["X", "O"], ld(64) +
                "    y = tl.unsqueeze(x, 1) + tl.zeros((64, 2), tl.float16)\n"
                "    r = tl.arange(0, 64)\n    c = tl.arange(0, 2)\n"
                "    tl.store(O + r[:, None] * 2 + c[None, :], y)\n",
                dict(X=_tensor("fp16", 64), O=_tensor("fp16", 128, "out",
                                                      compare="exact")),
                xfail="not in triton.language 3.6.0 (AttributeError on the device): a tilec extension with no Triton reference")
    # tl.condition: the test of a while loop (a per-program trip count).
    t += custom("condition", "i32", ["X", "O", "N"],
                "    i = 0\n    acc = tl.zeros((64,), tl.int32)\n"
                "    while tl.condition(i < N, disable_licm=True):\n"
                "        acc += tl.load(X + i * 64 + tl.arange(0, 64))\n"
                "        i += 1\n"
                "    tl.store(O + tl.arange(0, 64), acc)\n",
                dict(X=_tensor("i32", 640, fill="uniform", low=-1000,
                               high=1000),
                     O=_tensor("i32", 64, "out"), N=10))
    # topk: tl.max widens fp16/bf16 and narrow integers to 32 bits (as in
    # Triton), so the outputs of those are 32-bit when k < n.
    topk2d = ("    r = tl.arange(0, 8)\n    c = tl.arange(0, 64)\n"
              "    x = tl.load(X + r[:, None] * 64 + c[None, :])\n"
              "    k = tl.arange(0, K)\n"
              "    tl.store(O + r[:, None] * K + k[None, :], tl.topk(x, K, dim=1))\n")
    wide = {"fp16": "fp32", "bf16": "fp32", "i8": "i32", "u8": "i32",
            "i16": "i32", "u16": "i32"}
    for dt in ("fp32", "fp16", "bf16", "fp64", "i32", "u8", "i64", "u32"):
        t += custom("topk", dt, ["X", "O", "K: tl.constexpr"], topk2d,
                    dict(X=_tensor(dt, 512),
                         O=_tensor(wide.get(dt, dt), 64, "out",
                                   compare="bits"),
                         K=8))
    t += custom("topk", "fp32_k1", ["X", "O", "K: tl.constexpr"], topk2d,
                dict(X=_tensor("fp32", 512),
                     O=_tensor("fp32", 8, "out", compare="bits"), K=1))
    t += custom("topk", "fp32_k64", ["X", "O", "K: tl.constexpr"], topk2d,
                dict(X=_tensor("fp32", 512),
                     O=_tensor("fp32", 512, "out", compare="bits"), K=64))
    t += custom("topk", "i32_1d", ["X", "O"], ld(1024) +
                "    tl.store(O + tl.arange(0, 16), tl.topk(x, 16))\n",
                dict(X=_tensor("i32", 1024),
                     O=_tensor("i32", 16, "out", compare="bits")))
    # gather: through shared memory; indices in range (out-of-range indices
    # read an unspecified element in Triton too).
    gather2d = ("    r = tl.arange(0, 8)\n    c = tl.arange(0, 64)\n"
                "    x = tl.load(X + r[:, None] * 64 + c[None, :])\n"
                "    i = tl.load(I + r[:, None] * 64 + c[None, :])\n"
                "    tl.store(O + r[:, None] * 64 + c[None, :], tl.gather(x, i, 1))\n")
    t += custom("gather", "i1", ["X", "I", "O"],
                gather2d.replace("tl.gather(x, i, 1)",
                                 "tl.gather(x != 0, i, 1).to(tl.int8)"),
                dict(X=_tensor("i8", 512, fill="uniform", low=0, high=2),
                     I=_tensor("i32", 512, fill="uniform", low=0, high=64),
                     O=_tensor("i8", 512, "out", compare="bits")),
                key=r"ld\.shared")
    for dt in ("fp32", "fp16", "bf16", "fp64", "i8", "i16", "i32", "i64",
               "u32"):
        t += custom("gather", dt, ["X", "I", "O"], gather2d,
                    dict(X=_tensor(dt, 512),
                         I=_tensor("i32", 512, fill="uniform", low=0, high=64),
                         O=_tensor(dt, 512, "out", compare="bits")),
                    key=r"ld\.shared")
    for it in ("i64", "i16", "u8"):
        t += custom("gather", "fp32_index_" + it, ["X", "I", "O"], gather2d,
                    dict(X=_tensor("fp32", 512),
                         I=_tensor(it, 512, fill="uniform", low=0, high=64),
                         O=_tensor("fp32", 512, "out", compare="bits")),
                    key=r"ld\.shared")
    t += custom("gather", "fp32_axis0", ["X", "I", "O"],
                "    r = tl.arange(0, 32)\n    c = tl.arange(0, 16)\n"
                "    rr = tl.arange(0, 64)\n"
                "    x = tl.load(X + r[:, None] * 16 + c[None, :])\n"
                "    i = tl.load(I + rr[:, None] * 16 + c[None, :])\n"
                "    tl.store(O + rr[:, None] * 16 + c[None, :], tl.gather(x, i, 0))\n",
                dict(X=_tensor("fp32", 512),
                     I=_tensor("i32", 1024, fill="uniform", low=0, high=32),
                     O=_tensor("fp32", 1024, "out", compare="bits")),
                key=r"ld\.shared")
    t += custom("gather", "i32_1d", ["X", "I", "O"],
                "    x = tl.load(X + tl.arange(0, 256))\n"
                "    i = tl.load(I + tl.arange(0, 64))\n"
                "    tl.store(O + tl.arange(0, 64), x.gather(i, axis=0))\n",
                dict(X=_tensor("i32", 256),
                     I=_tensor("i32", 64, fill="uniform", low=0, high=256),
                     O=_tensor("i32", 64, "out", compare="bits")),
                key=r"ld\.shared")
    # histogram: 32-bit integers only (Triton 3.6's lowering); a value's bin
    # is its low bits modulo max(num_bins, 32), so out-of-range values (edge
    # fills: INT_MIN, -1, INT_MAX) wrap or drop as in Triton.
    HIST_KEY = r"(atom|red)(\.\w+)*\.shared(\.\w+)*\.add"
    hist = ("    x = tl.load(X + tl.arange(0, 1024))\n"
            "    tl.store(O + tl.arange(0, B), tl.histogram(x, B))\n")
    t += custom("histogram", "i32", ["X", "O", "B: tl.constexpr"], hist,
                dict(X=_tensor("i32", 1024, fill="uniform", low=0, high=64),
                     O=_tensor("i32", 64, "out"), B=64),
                key=HIST_KEY)
    t += custom("histogram", "i32_edge", ["X", "O", "B: tl.constexpr"], hist,
                dict(X=_tensor("i32", 1024, low=-300, high=300),
                     O=_tensor("i32", 256, "out"), B=256),
                key=HIST_KEY)
    t += custom("histogram", "i32_bins8", ["X", "O", "B: tl.constexpr"], hist,
                dict(X=_tensor("i32", 1024, fill="uniform", low=-40, high=40),
                     O=_tensor("i32", 8, "out"), B=8),
                key=HIST_KEY)
    t += custom("histogram", "u32", ["X", "O", "B: tl.constexpr"], hist,
                dict(X=_tensor("u32", 1024, fill="uniform", low=0, high=2048),
                     O=_tensor("i32", 2048, "out"), B=2048),
                key=HIST_KEY)
    t += custom("histogram", "i32_masked", ["X", "M", "O"],
                "    x = tl.load(X + tl.arange(0, 512))\n"
                "    m = tl.load(M + tl.arange(0, 512)) != 0\n"
                "    tl.store(O + tl.arange(0, 32), x.histogram(32, mask=m))\n",
                dict(X=_tensor("i32", 512, fill="uniform", low=0, high=32),
                     M=_tensor("i8", 512, fill="uniform", low=0, high=2),
                     O=_tensor("i32", 32, "out")),
                key=HIST_KEY)
    t += custom("histogram", "i32_small", ["X", "O"],
                "    x = tl.load(X + tl.arange(0, 16))\n"
                "    tl.store(O + tl.arange(0, 64), tl.histogram(x, 64))\n",
                dict(X=_tensor("i32", 16, fill="uniform", low=0, high=64),
                     O=_tensor("i32", 64, "out")),
                key=HIST_KEY)
    t += custom("swizzle2d", "i32", ["O"],
                "    i = tl.arange(0, 16)\n    j = tl.arange(0, 16)\n"
                "    ii, jj = tl.swizzle2d(i[:, None], j[None, :], 16, 16, 4)\n"
                "    tl.store(O + i[:, None] * 16 + j[None, :], ii * 16 + jj)\n",
                dict(O=_tensor("i32", 256, "out")))

    # --- creation and indexing ----------------------------------------
    t += custom("arange", "i32", ["O"],
                "    tl.store(O + tl.arange(0, 256), tl.arange(0, 256) * 3)\n",
                dict(O=_tensor("i32", 256, "out")))
    for dt in ("fp32", "i64", "fp16"):
        t += custom("full", dt, ["O"],
                    "    tl.store(O + tl.arange(0, 256), "
                    f"tl.full((256,), 7, {TL[dt]}))\n",
                    dict(O=_tensor(dt, 256, "out", compare="exact")))
    t += custom("zeros", "fp32", ["O"],
                "    tl.store(O + tl.arange(0, 256), tl.zeros((256,), tl.float32))\n",
                dict(O=_tensor("fp32", 256, "out", compare="bits")))
    t += custom("zeros_like", "i32", ["X", "O"], ld(256) +
                "    tl.store(O + tl.arange(0, 256), tl.zeros_like(x))\n",
                dict(X=_tensor("i32", 256), O=_tensor("i32", 256, "out")))
    t += custom("program_id", "i32", ["O"],
                "    pid = tl.program_id(0) + tl.program_id(1) * 4\n"
                "    tl.store(O + pid, pid + tl.num_programs(0) * 100)\n",
                dict(O=_tensor("i32", 16, "out")), grid=(4, 4),
                key=r"%ctaid\.y")
    t += custom("num_programs", "i32", ["O"],
                "    tl.store(O + tl.program_id(0), tl.num_programs(0))\n",
                dict(O=_tensor("i32", 8, "out")), grid=(8,),
                key=r"%nctaid\.x")

    # --- memory -------------------------------------------------------
    mem = ("    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
           "    mask = offs < N\n")
    def memargs(n=N):
        return dict(X=_tensor("fp32", n), O=_tensor("fp32", n, "out",
                                                    compare="bits"),
                    N=n, BLOCK=BLOCK)
    mp = ["X", "O", "N", "BLOCK: tl.constexpr"]
    t += custom("load", "fp32", mp, mem +
                "    x = tl.load(X + offs, mask=mask, other=0.0)\n"
                "    tl.store(O + offs, x, mask=mask)\n", memargs(1024),
                key=r"ld\.global(\.\w+)*\.v[24]\.(b|f|u)32", grid=GRID)
    t += custom("load", "fp32_unaligned", mp, mem +
                "    x = tl.load(X + offs, mask=mask, other=0.0)\n"
                "    tl.store(O + offs, x, mask=mask)\n", memargs(),
                key=r"ld\.global", grid=GRID)
    for label, kw, key in (
            ("fp32_cg", 'cache_modifier=".cg"', r"ld\.global\.cg"),
            ("fp32_ca", 'cache_modifier=".ca"', r"ld\.global\.ca"),
            ("fp32_evict_last", 'eviction_policy="evict_last"',
             r"evict_last"),
            ("fp32_volatile", "volatile=True", r"ld\.volatile\.global")):
        t += custom("load", label, mp, mem +
                    f"    x = tl.load(X + offs, mask=mask, {kw})\n"
                    "    tl.store(O + offs, x, mask=mask)\n", memargs(),
                    key=key, grid=GRID)
    t += custom("store", "fp32_cs", mp, mem +
                "    x = tl.load(X + offs, mask=mask)\n"
                '    tl.store(O + offs, x, mask=mask, cache_modifier=".cs")\n',
                memargs(), key=r"st\.global\.cs", grid=GRID)
    t += custom("make_block_ptr", "fp32", ["X", "O", "M", "N"],
                "    p = tl.make_block_ptr(X, (M, N), (N, 1), (0, 0), (32, 64), (1, 0))\n"
                "    q = tl.make_block_ptr(O, (M, N), (N, 1), (0, 0), (32, 64), (1, 0))\n"
                "    x = tl.load(p, boundary_check=(0, 1), padding_option=\"zero\")\n"
                "    tl.store(q, x * 2, boundary_check=(0, 1))\n",
                dict(X=_tensor("fp32", 30 * 60), O=_tensor("fp32", 30 * 60, "out",
                                                           compare="exact"),
                     M=30, N=60), key=r"ld\.global")
    t += custom("advance", "fp32", ["X", "O", "M", "N"],
                "    p = tl.make_block_ptr(X, (M, N), (N, 1), (0, 0), (16, 64), (1, 0))\n"
                "    q = tl.make_block_ptr(O, (M, N), (N, 1), (0, 0), (16, 64), (1, 0))\n"
                "    for i in range(2):\n"
                "        tl.store(q, tl.load(p, boundary_check=(0, 1)), boundary_check=(0, 1))\n"
                "        p = tl.advance(p, (16, 0))\n"
                "        q = tl.advance(q, (16, 0))\n",
                dict(X=_tensor("fp32", 30 * 64), O=_tensor("fp32", 30 * 64, "out",
                                                           compare="exact"),
                     M=30, N=64), key=r"ld\.global")
    t += custom("make_tensor_descriptor", "fp16", ["X", "O", "M", "N"],
                "    d = tl.make_tensor_descriptor(X, [M, N], [N, 1], [64, 64])\n"
                "    e = tl.make_tensor_descriptor(O, [M, N], [N, 1], [64, 64])\n"
                "    e.store([0, 0], d.load([0, 0]))\n",
                dict(X=_tensor("fp16", 64 * 64), O=_tensor("fp16", 64 * 64, "out",
                                                           compare="exact"),
                     M=64, N=64),
                key=r"ld\.global",
                note="needs a global scratch allocator on the host in Triton; "
                "tilec lowers device-side descriptors as masked loads and "
                "stores (docs/language.md)")
    # Out of bounds on every side, a negative offset included: the TMA
    # reads zeros there and writes nothing; the functional forms.
    t += custom("load_tensor_descriptor", "fp32_oob",
                ["X", "O", "M", "N"],
                "    d = tl.make_tensor_descriptor(X, [M, N], [N, 1], [32, 32])\n"
                "    e = tl.make_tensor_descriptor(O, [M, N], [N, 1], [32, 32])\n"
                "    pm = tl.program_id(0) * 32\n"
                "    pn = tl.program_id(1) * 32\n"
                "    x = tl.load_tensor_descriptor(d, [pm - 8, pn])\n"
                "    tl.store_tensor_descriptor(e, [pm, pn], x + 1.0)\n",
                dict(X=_tensor("fp32", 50 * 60), O=_tensor("fp32", 50 * 60, "out",
                                                           compare="exact"),
                     M=50, N=60),
                key=r"ld\.global", grid=(2, 2),
                note="needs a global scratch allocator on the host in Triton")
    # padding_option="nan": rows above the tensor read as NaN.
    t += custom("store_tensor_descriptor", "fp16_nan",
                ["X", "O", "M", "N"],
                "    d = tl.make_tensor_descriptor(X, [M, N], [N, 1], [32, 64],\n"
                "                                  padding_option=\"nan\")\n"
                "    e = tl.make_tensor_descriptor(O, [M, N], [N, 1], [32, 64])\n"
                "    pm = tl.program_id(0) * 32\n"
                "    x = d.load([pm - 4, 0])\n"
                "    tl.store_tensor_descriptor(e, [pm, 0], x)\n",
                dict(X=_tensor("fp16", 50 * 64), O=_tensor("fp16", 50 * 64, "out",
                                                           compare="exact"),
                     M=50, N=64),
                key=r"st\.global", grid=(2,),
                note="needs a global scratch allocator on the host in Triton")

    # --- random -------------------------------------------------------
    rnd = ("    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
           "    mask = offs < N\n")
    rp = ["O", "seed", "N", "BLOCK: tl.constexpr"]
    for fn, odt in (("rand", "fp32"), ("randn", "fp32"), ("randint", "u32")):
        t += custom(fn, odt, rp, rnd +
                    f"    tl.store(O + offs, tl.{fn}(seed, offs), mask=mask)\n",
                    dict(O=_tensor(odt, N, "out", compare="exact"), seed=12345,
                         N=N, BLOCK=BLOCK),
                    key=r"mul\.hi\.u32", grid=GRID)
    t += custom("randint4x", "u32", ["O", "O2", "O3", "O4", "seed", "N",
                                     "BLOCK: tl.constexpr"], rnd +
                "    a, b, c, d = tl.randint4x(seed, offs)\n"
                "    tl.store(O + offs, a, mask=mask)\n"
                "    tl.store(O2 + offs, b, mask=mask)\n"
                "    tl.store(O3 + offs, c, mask=mask)\n"
                "    tl.store(O4 + offs, d, mask=mask)\n",
                dict(O=_tensor("u32", N, "out"), O2=_tensor("u32", N, "out"),
                     O3=_tensor("u32", N, "out"), O4=_tensor("u32", N, "out"),
                     seed=777, N=N, BLOCK=BLOCK),
                key=r"mul\.hi\.u32", grid=GRID)
    t += custom("philox", "u32", ["O", "O2", "seed", "N", "BLOCK: tl.constexpr"],
                rnd +
                "    c = offs.to(tl.uint32)\n"
                "    a, b, _, _ = tl.philox(seed, c, c + 1, c + 2, c + 3)\n"
                "    tl.store(O + offs, a, mask=mask)\n"
                "    tl.store(O2 + offs, b, mask=mask)\n",
                dict(O=_tensor("u32", N, "out"), O2=_tensor("u32", N, "out"),
                     seed=42, N=N, BLOCK=BLOCK),
                key=r"mul\.hi\.u32", grid=GRID)

    # --- dot ----------------------------------------------------------
    MMA90 = r"wgmma\.mma_async|mma\.sync\.aligned"
    t += dot("fp16", "fp16", "fp32",
             {"sm_80": r"mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16",
              "sm_90a": MMA90})
    # fp8e4b15 operands (bytes in uint8 tensors) convert to fp16 first, as
    # in Triton: an fp16 MMA on every target.
    t += custom("dot", "fp8e4b15", ["A", "B", "C", "M: tl.constexpr",
                                    "N: tl.constexpr", "K: tl.constexpr"],
                "    m = tl.arange(0, M)\n    n = tl.arange(0, N)\n"
                "    k = tl.arange(0, K)\n"
                "    a = tl.load(A + m[:, None] * K + k[None, :])\n"
                "    b = tl.load(B + k[:, None] * N + n[None, :])\n"
                "    c = tl.dot(a.to(tl.float8e4b15, bitcast=True),\n"
                "               b.to(tl.float8e4b15, bitcast=True))\n"
                "    tl.store(C + m[:, None] * N + n[None, :], c)\n",
                dict(A=_tensor("u8", 64 * 32, fill="bits"),
                     B=_tensor("u8", 32 * 64, fill="bits"),
                     C=_tensor("fp32", 64 * 64, "out", compare=DOT_TOL),
                     M=64, N=64, K=32),
                key={"sm_80": r"mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16",
                     "sm_90a": MMA90})
    t += dot("bf16", "bf16", "fp32",
             {"sm_80": r"mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.bf16",
              "sm_90a": MMA90})
    t += dot("fp32_tf32", "fp32", "fp32",
             {"sm_80": r"mma\.sync\.aligned\.m16n8k8\.row\.col\.f32\.tf32",
              "sm_90a": MMA90})
    t += dot("fp32_ieee", "fp32", "fp32", r"fma\.rn\.f32",
             kwargs=', input_precision="ieee"', compare=dict(rtol=1e-5, atol=1e-5))
    t += dot("fp32_tf32x3", "fp32", "fp32", r"tf32",
             kwargs=', input_precision="tf32x3"', compare=dict(rtol=1e-4, atol=1e-4))
    t += dot("i8", "i8", "i32", {"sm_80": r"mma\.sync\.aligned\.m16n8k32\.row\.col\.s32\.s8",
                                 "sm_90a": r"wgmma\.mma_async.*s8|mma\.sync.*s8"},
             compare="exact", fill=dict(fill="uniform", low=-20, high=20))
    t += dot("fp16_out_fp16", "fp16", "fp16", r"mma.*f16\.f16\.f16\.f16|wgmma.*f16\.f16\.f16",
             kwargs=", out_dtype=tl.float16", compare=dict(rtol=1e-2, atol=1e-1))
    t += dot("fp16_acc", "fp16", "fp32", {"sm_80": r"mma\.sync", "sm_90a": MMA90},
             acc=True)
    # fp8: wgmma m64nNk32 on sm_90a with both operands K-major in shared
    # memory (B, loaded N-contiguous, is transposed on its way there);
    # elsewhere the operands become fp16 and take mma.sync, as in Triton
    # (which cannot convert fp8e4nv below sm_89: refused there).
    MMA80_F16 = r"mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32"
    F8FILL = dict(fill="uniform", low=-1, high=1)
    for f8 in ("fp8e4nv", "fp8e5"):
        t8 = {"fp8e4nv": "e4m3", "fp8e5": "e5m2"}[f8]
        t += dot(f8, f8, "fp32",
                 {"sm_90a": rf"wgmma\.mma_async\.sync\.aligned\.m64n\d+k32\.f32\.{t8}\.{t8}",
                  "sm_80": MMA80_F16},
                 triton_refuses=((f8, "sm_80"),) if f8 == "fp8e4nv" else (),
                 fill=F8FILL)
    t += dot("fp8e4nv_fp8e5", "fp8e4nv", "fp32",
             {"sm_90a": r"wgmma\.mma_async\.sync\.aligned\.m64n\d+k32\.f32\.e4m3\.e5m2",
              "sm_80": MMA80_F16},
             triton_refuses=(("fp8e4nv_fp8e5", "sm_80"),), fill=F8FILL,
             b_dt="fp8e5")
    t += dot("fp8e5_acc", "fp8e5", "fp32",
             {"sm_90a": r"wgmma\.mma_async\.sync\.aligned\.m64n\d+k32\.f32\.e5m2\.e5m2",
              "sm_80": MMA80_F16}, fill=F8FILL, acc=True)
    # fp16 out: tilec's wgmma takes f32 accumulators only, so mma.sync with
    # fp16 operands on both targets (Triton uses wgmma .f16 on sm_90a: the
    # sums may differ in rounding, hence the tolerance).
    t += dot("fp8e5_out_fp16", "fp8e5", "fp16",
             r"mma\.sync\.aligned\.m16n8k16\.row\.col\.f16\.f16\.f16\.f16",
             kwargs=", out_dtype=tl.float16", fill=F8FILL,
             compare=dict(rtol=1e-2, atol=1e-1))

    # fp64 (FMA in tilec, DMMA in Triton on sm_80/sm_90: fp64 rounding,
    # another order), bf16x3/bf16x6 (bf16 splits of fp32), int8 with
    # out_dtype=int8 (Triton ignores it: int32), batched (3-D) operands.
    t += dot("fp64", "fp64", "fp64", r"fma\.rn\.f64",
             compare=dict(rtol=1e-12, atol=1e-12))
    for x in ("bf16x3", "bf16x6"):
        t += dot(f"fp32_{x}", "fp32", "fp32",
                 {"sm_80": r"mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.bf16",
                  "sm_90a": MMA90},
                 kwargs=f', input_precision="{x}"',
                 compare=dict(rtol=1e-4, atol=1e-4))
    t += dot("i8_out_i8", "i8", "i32", r"mma\.sync.*s8|wgmma\.mma_async.*s8",
             kwargs=", out_dtype=tl.int8", compare="exact",
             fill=dict(fill="uniform", low=-20, high=20))
    t += custom("dot", "fp16_3d", ["A", "B", "C"],
                "    b = tl.arange(0, 2)[:, None, None]\n"
                "    r = tl.arange(0, 32)\n"
                "    x = tl.load(A + b * 1024 + r[None, :, None] * 32 + r[None, None, :])\n"
                "    y = tl.load(B + b * 1024 + r[None, :, None] * 32 + r[None, None, :])\n"
                "    z = tl.dot(x, y)\n"
                "    tl.store(C + b * 1024 + r[None, :, None] * 32 + r[None, None, :], z)\n",
                dict(A=_tensor("fp16", 2048, fill="uniform", low=-1, high=1),
                     B=_tensor("fp16", 2048, fill="uniform", low=-1, high=1),
                     C=_tensor("fp32", 2048, "out", compare=DOT_TOL)),
                key=r"mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16")
    # dot_scaled: Triton's decomposition (upcast, scale, NaN mask, bf16 or
    # fp16 dot); e4m3 converts only from sm_89 on, in Triton too.
    for fa, fb in (("e2m1", "bf16"), ("e5m2", "e4m3"), ("fp16", "e2m1")):
        pa = 2 if fa == "e2m1" else 1
        pb = 2 if fb == "e2m1" else 1
        dts = {"bf16": "bf16", "fp16": "fp16"}
        ca = "f16" if "fp16" in (fa, fb) else "bf16"
        t += custom(
            "dot_scaled", f"{fa}_{fb}_32x32", ["A", "AS", "B", "BS", "C"],
            "    m = tl.arange(0, 32)\n    g = tl.arange(0, 2)\n"
            f"    a = tl.load(A + m[:, None] * {64 // pa} + tl.arange(0, {64 // pa})[None, :])\n"
            f"    b = tl.load(B + tl.arange(0, {64 // pb})[:, None] * 32 + m[None, :])\n"
            "    sa = tl.load(AS + m[:, None] * 2 + g[None, :])\n"
            "    sb = tl.load(BS + m[:, None] * 2 + g[None, :])\n"
            f"    c = tl.dot_scaled(a, sa, \"{fa}\", b, sb, \"{fb}\")\n"
            "    tl.store(C + m[:, None] * 32 + m[None, :], c)\n",
            dict(A=_tensor(dts.get(fa, "u8"), 32 * 64 // pa, fill="uniform",
                           **(dict(low=-2, high=2) if fa in dts else
                              dict(low=0, high=0x78))),
                 AS=_tensor("u8", 64, fill="uniform", low=124, high=132),
                 B=_tensor(dts.get(fb, "u8"), 32 * 64 // pb, fill="uniform",
                           **(dict(low=-2, high=2) if fb in dts else
                              dict(low=0, high=0x78))),
                 BS=_tensor("u8", 64, fill="uniform", low=124, high=132),
                 # fp16 operands: products up to 32 * 96 = 3072 are too
                 # wide for exact fp32 partial sums, so the summation order
                 # shows, by up to one fp32 ulp of the largest product.
                 C=_tensor("fp32", 1024, "out",
                           compare=dict(rtol=1e-5, atol=2.5e-4 if "fp16" in
                                        (fa, fb) else 1e-5))),
            key=rf"mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.{ca}|"
                rf"wgmma\.mma_async.*\.{ca}\.{ca}",
            triton_refuses=((f"{fa}_{fb}_32x32", "sm_80"),)
            if "e4m3" in (fa, fb) else ())

    # --- hints, debug, inline asm -------------------------------------
    t += custom("multiple_of", "fp32", mp,
                "    offs = tl.multiple_of(tl.program_id(0) * BLOCK, 256) + tl.arange(0, BLOCK)\n"
                "    offs = tl.max_contiguous(offs, 256)\n"
                "    x = tl.load(X + offs)\n    tl.store(O + offs, x)\n",
                dict(X=_tensor("fp32", 1024), O=_tensor("fp32", 1024, "out",
                                                        compare="bits"),
                     N=1024, BLOCK=256), key=r"ld\.global(\.\w+)*\.v[24]", grid=GRID)
    t += custom("max_contiguous", "fp32", mp,
                "    base = tl.load(X + N - 1).to(tl.int32) * 0\n"
                "    offs = tl.max_contiguous(tl.multiple_of(base + tl.arange(0, BLOCK), 4), 4)\n"
                "    tl.store(O + offs, tl.load(X + offs))\n",
                dict(X=_tensor("fp32", 256, fill="uniform"),
                     O=_tensor("fp32", 256, "out", compare="bits"),
                     N=256, BLOCK=256), key=r"ld\.global(\.\w+)*\.v[24]")
    t += custom("max_constancy", "fp32", mp,
                "    offs = tl.arange(0, BLOCK) // 4\n"
                "    offs = tl.max_constancy(offs, 4)\n"
                "    tl.store(O + tl.arange(0, BLOCK), tl.load(X + offs))\n",
                dict(X=_tensor("fp32", 64), O=_tensor("fp32", 256, "out",
                                                      compare="bits"),
                     N=64, BLOCK=256), key=None)
    t += custom("assume", "fp32", mp, mem +
                "    tl.assume(N > 0)\n"
                "    tl.store(O + offs, tl.load(X + offs, mask=mask), mask=mask)\n",
                memargs(), key=None, grid=GRID)
    t += custom("debug_barrier", "fp32", mp, mem +
                "    x = tl.load(X + offs, mask=mask)\n    tl.debug_barrier()\n"
                "    tl.store(O + offs, x, mask=mask)\n",
                memargs(), key=r"bar\.sync\s+0|barrier\.sync", grid=GRID)
    t += custom("static_print", "fp32", mp, mem +
                "    tl.static_print(\"block\", BLOCK)\n"
                "    tl.static_assert(BLOCK == 256)\n"
                "    tl.store(O + offs, tl.load(X + offs, mask=mask), mask=mask)\n",
                memargs(), key=None, grid=GRID)
    t += custom("device_print", "i32", ["O"],
                "    tl.device_print(\"pid\", tl.program_id(0))\n"
                "    tl.store(O + tl.program_id(0), tl.program_id(0))\n",
                dict(O=_tensor("i32", 2, "out")), grid=(2,), key=r"vprintf")
    t += custom("device_assert", "fp32", mp, mem +
                "    x = tl.load(X + offs, mask=mask)\n"
                "    tl.device_assert(x == x, \"no NaN\", mask=mask)\n"
                "    tl.store(O + offs, x, mask=mask)\n",
                dict(X=_tensor("fp32", N, fill="normal"),
                     O=_tensor("fp32", N, "out", compare="bits"), N=N,
                     BLOCK=BLOCK), key=None, grid=GRID,
                note="Triton runs device_assert only with TRITON_DEBUG=1: "
                "without it the assert compiles away (test/Frontend/"
                "debug_ops.py checks __assertfail in debug mode)")
    t += custom("inline_asm_elementwise", "u32", mp, mem +
                "    x = tl.load(X + offs, mask=mask)\n"
                "    y = tl.inline_asm_elementwise(\"shf.l.wrap.b32 $0, $1, $1, 7;\", "
                "\"=r,r\", [x], dtype=tl.uint32, is_pure=True, pack=1)\n"
                "    tl.store(O + offs, y, mask=mask)\n",
                dict(X=_tensor("u32", N), O=_tensor("u32", N, "out"), N=N,
                     BLOCK=BLOCK), key=r"shf\.l\.wrap\.b32", grid=GRID)
    # Triton's documented example: two results, four elements per asm, the
    # four uint8 packed into one register.
    t += custom("inline_asm_elementwise", "u8_pack4",
                ["A", "B", "C", "D", "BLOCK: tl.constexpr"],
                "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
                "    a = tl.load(A + offs)\n"
                "    b = tl.load(B + offs)\n"
                "    (c, d) = tl.inline_asm_elementwise(\n"
                "        \"{ .reg .b8 t<4>; mov.b32 {t0, t1, t2, t3}, $8; \"\n"
                "        \"cvt.u32.u8 $0, t0; cvt.u32.u8 $1, t1; \"\n"
                "        \"cvt.u32.u8 $2, t2; cvt.u32.u8 $3, t3; } \"\n"
                "        \"cvt.rn.f32.s32 $4, $0; cvt.rn.f32.s32 $5, $1; \"\n"
                "        \"cvt.rn.f32.s32 $6, $2; cvt.rn.f32.s32 $7, $3; \"\n"
                "        \"max.f32 $4, $4, $9; max.f32 $5, $5, $10; \"\n"
                "        \"max.f32 $6, $6, $11; max.f32 $7, $7, $12;\",\n"
                "        \"=r,=r,=r,=r,=r,=r,=r,=r,r,r,r,r,r\", [a, b],\n"
                "        dtype=(tl.int32, tl.float32), is_pure=True, pack=4)\n"
                "    tl.store(C + offs, c)\n"
                "    tl.store(D + offs, d)\n",
                dict(A=_tensor("u8", 1024), B=_tensor("fp32", 1024),
                     C=_tensor("i32", 1024, "out"),
                     D=_tensor("fp32", 1024, "out", compare="exact"),
                     BLOCK=1024), key=r"cvt\.u32\.u8")
    # Two fp16 per register (pack 2), results packed back.
    t += custom("inline_asm_elementwise", "fp16_pack2", mp, mem +
                "    x = tl.load(X + offs, mask=mask)\n"
                "    y = tl.inline_asm_elementwise(\"neg.f16x2 $0, $1;\", "
                "\"=r,r\", [x], dtype=tl.float16, is_pure=True, pack=2)\n"
                "    tl.store(O + offs, y, mask=mask)\n",
                dict(X=_tensor("fp16", 1024), O=_tensor("fp16", 1024, "out",
                                                        compare="exact"),
                     N=1024, BLOCK=BLOCK), key=r"neg\.f16x2", grid=GRID)
    # A tensor, a scalar and a number broadcast together; impure asm.
    t += custom("inline_asm_elementwise", "i32_bcast",
                ["X", "O", "s", "N", "BLOCK: tl.constexpr"], mem +
                "    x = tl.load(X + offs, mask=mask)\n"
                "    y = tl.inline_asm_elementwise(\"mad.lo.s32 $0, $1, $2, $3;\", "
                "\"=r,r,r,r\", [x, s, 3], dtype=tl.int32, is_pure=False, "
                "pack=1)\n"
                "    tl.store(O + offs, y, mask=mask)\n",
                dict(X=_tensor("i32", N), O=_tensor("i32", N, "out"), s=-7,
                     N=N, BLOCK=BLOCK), key=r"mad\.lo\.s32", grid=GRID)
    # tl.map_elementwise: Triton's own three tests' shapes, and a float
    # function with a runtime scalar and a number broadcast in.
    ab = ["A", "B", "C", "D", "BLOCK: tl.constexpr"]
    ab_body = ("    a = tl.load(A + tl.arange(0, BLOCK))\n"
               "    b = tl.load(B + tl.arange(0, BLOCK))\n")
    t += custom("map_elementwise", "i32_compare", ["A", "B", "C",
                                                   "BLOCK: tl.constexpr"],
                ab_body + "    c = tl.map_elementwise(map_compare, a, b)\n"
                "    tl.store(C + tl.arange(0, BLOCK), c)\n",
                dict(A=_tensor("i32", 128, fill="uniform", low=-3, high=3),
                     B=_tensor("i32", 128, fill="uniform", low=-3, high=3),
                     C=_tensor("i32", 128, "out"), BLOCK=128),
                helpers=("map_compare",), key=None)
    for label, fn, pack in (("u32_divmod", "map_divmod", 1),
                            ("u32_divmod_pack2", "map_divmod2", 2)):
        t += custom("map_elementwise", label, ab,
                    ab_body + f"    c, d = tl.map_elementwise({fn}, a, b, "
                    f"pack={pack})\n"
                    "    tl.store(C + tl.arange(0, BLOCK), c)\n"
                    "    tl.store(D + tl.arange(0, BLOCK), d)\n",
                    dict(A=_tensor("u32", 512),
                         B=_tensor("u32", 512, fill="uniform", low=1,
                                   high=1000),
                         C=_tensor("u32", 512, "out"),
                         D=_tensor("u32", 512, "out"), BLOCK=512),
                    helpers=(fn,), key=r"div\.u32")
    # Both scalars as runtime arguments: Triton 3.6 cannot take a float
    # literal as a map_elementwise operand ('constexpr_type' object has no
    # attribute 'scalar').
    t += custom("map_elementwise", "fp32_selu", ["X", "O", "alpha", "scale",
                                                 "N", "BLOCK: tl.constexpr"],
                mem + "    x = tl.load(X + offs, mask=mask)\n"
                "    y = tl.map_elementwise(map_selu, x, alpha, scale)\n"
                "    tl.store(O + offs, y, mask=mask)\n",
                dict(X=_tensor("fp32", N, fill="normal"),
                     O=_tensor("fp32", N, "out",
                               compare=dict(rtol=1e-6, atol=1e-6)),
                     alpha=1.6733, scale=1.0507, N=N, BLOCK=BLOCK),
                helpers=("map_selu",), key=None, grid=GRID)
    t += libdevice_cases()
    return t


def cases():
    """Every case, checked for duplicate kernel names."""
    out = build()
    seen = {}
    for c in out:
        if c.kernel in seen:
            raise ValueError(f"duplicate kernel {c.kernel}")
        seen[c.kernel] = c
    return out


def functions():
    """The functions of the table, in order, each once."""
    seen = []
    for c in cases():
        if c.function not in seen:
            seen.append(c.function)
    return seen
