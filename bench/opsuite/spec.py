"""What the op suites share, in the standard library alone: the dtypes, the
`SPECS` dictionary of a test/GPU/ops/*.py file read without importing the
file, and tilec's kernel ABI for a spec (signature, -D bindings, the runtime
parameters a launch passes and how wide each is).

prepare.py (where tilec builds: no torch, no Triton) and run.py (on the GPU
machine: no LLVM) both import it, so the two sides derive the same launch
from the same spec. bench/opsuite/README.md documents the format.
"""
import ast
import math
import re
from dataclasses import dataclass, field

# name -> (kind, bits, exponent bits, mantissa bits, has inf, torch dtype).
# kind: "float", "int" (signed), "uint", "bool". Names are Triton's signature
# names (the `*fp32` of a pointer parameter).
DTYPES = {
    "fp8e4nv": ("float", 8, 4, 3, False, "float8_e4m3fn"),
    "fp8e5": ("float", 8, 5, 2, True, "float8_e5m2"),
    "fp16": ("float", 16, 5, 10, True, "float16"),
    "bf16": ("float", 16, 8, 7, True, "bfloat16"),
    "fp32": ("float", 32, 8, 23, True, "float32"),
    "fp64": ("float", 64, 11, 52, True, "float64"),
    "i1": ("bool", 8, 0, 0, False, "bool"),
    "i8": ("int", 8, 0, 0, False, "int8"),
    "i16": ("int", 16, 0, 0, False, "int16"),
    "i32": ("int", 32, 0, 0, False, "int32"),
    "i64": ("int", 64, 0, 0, False, "int64"),
    "u8": ("uint", 8, 0, 0, False, "uint8"),
    "u16": ("uint", 16, 0, 0, False, "uint16"),
    "u32": ("uint", 32, 0, 0, False, "uint32"),
    "u64": ("uint", 64, 0, 0, False, "uint64"),
}

# torch.testing's default tolerances, the default comparison of floats.
DEFAULT_TOLERANCE = {
    "fp16": {"rtol": 1e-3, "atol": 1e-5},
    "bf16": {"rtol": 1.6e-2, "atol": 1e-5},
    "fp32": {"rtol": 1.3e-6, "atol": 1e-5},
    "fp64": {"rtol": 1e-7, "atol": 1e-7},
}

FILLS = ("edge", "normal", "uniform", "bits", "arange", "perm", "zeros",
         "ones", "full")
ROLES = ("in", "out", "inout")
KERNEL_KEYS = {"args", "grid", "num_warps", "num_stages", "runs", "compare",
               "signature", "xfail", "skip", "sanitize"}
TENSOR_KEYS = {"dtype", "shape", "role", "fill", "low", "high", "value",
               "scale", "compare"}
GUARD_BYTES = 256
INT_POISON_BYTE = 0xA5
FLOAT_POISON_BYTE = 0xFF


class SpecError(Exception):
    """A spec that does not describe a launch; the message names the kernel
    and the key."""


def is_float(dtype):
    return DTYPES[dtype][0] == "float"


def byte_width(dtype):
    return DTYPES[dtype][1] // 8


# ---------------------------------------------------------------------------
# Float bit patterns
# ---------------------------------------------------------------------------


def float_bits(dtype, value):
    """The bit pattern of `value` (a Python float, inf or nan) in a float
    dtype, rounded to nearest even; used for edge values and tests. NaN is
    the canonical quiet NaN; fp8e4nv's NaN is 0x7f. Overflow gives inf
    (NaN in fp8e4nv, which has no inf)."""
    _, bits, ebits, mbits, has_inf, _ = DTYPES[dtype]
    sign = 1 << (bits - 1)
    emax_field = (1 << ebits) - 1
    bias = (1 << (ebits - 1)) - 1
    if math.isnan(value):
        if not has_inf:  # fp8e4nv: S.1111.111
            return 0x7F
        return (emax_field << mbits) | (1 << (mbits - 1))
    s = sign if math.copysign(1.0, value) < 0 else 0
    a = abs(value)
    if math.isinf(a):
        if not has_inf:
            raise ValueError(f"{dtype} has no infinity")
        return s | (emax_field << mbits)
    if a == 0:
        return s
    # a = m * 2**e with 0.5 <= m < 1.
    m, e = math.frexp(a)
    exp = e - 1 + bias  # biased exponent of 1.xxx * 2**(e-1)
    if exp <= 0:  # denormal: value / 2**(1 - bias - mbits)
        q = a / math.ldexp(1.0, 1 - bias - mbits)
        mant = _round_even(q)
        return s | mant  # a carry into the exponent field is the right answer
    frac = (a / math.ldexp(1.0, e - 1) - 1.0) * (1 << mbits)
    mant = _round_even(frac)
    if mant == 1 << mbits:
        mant = 0
        exp += 1
    if has_inf and exp >= emax_field:  # overflows to infinity
        return s | (emax_field << mbits)
    if not has_inf and (exp > emax_field or (exp == emax_field
                                             and mant == (1 << mbits) - 1)):
        return s | 0x7F  # fp8e4nv: out of range is NaN
    return s | (exp << mbits) | mant


def _round_even(q):
    f = math.floor(q)
    r = q - f
    if r > 0.5 or (r == 0.5 and f % 2 == 1):
        f += 1
    return int(f)


def float_value(dtype, bits_):
    """The Python float a bit pattern of a float dtype holds."""
    _, bits, ebits, mbits, has_inf, _ = DTYPES[dtype]
    sign = -1.0 if bits_ >> (bits - 1) & 1 else 1.0
    exp = (bits_ >> mbits) & ((1 << ebits) - 1)
    mant = bits_ & ((1 << mbits) - 1)
    bias = (1 << (ebits - 1)) - 1
    if has_inf and exp == (1 << ebits) - 1:
        return sign * math.inf if mant == 0 else math.nan
    if not has_inf and exp == (1 << ebits) - 1 and mant == (1 << mbits) - 1:
        return math.nan
    if exp == 0:
        return sign * math.ldexp(mant, 1 - bias - mbits)
    return sign * math.ldexp((1 << mbits) + mant, exp - bias - mbits)


def max_finite_bits(dtype):
    _, bits, ebits, mbits, has_inf, _ = DTYPES[dtype]
    if has_inf:
        return (((1 << ebits) - 2) << mbits) | ((1 << mbits) - 1)
    return (((1 << ebits) - 1) << mbits) | ((1 << mbits) - 2)  # e4m3: 448


def edge_bits(dtype):
    """The edge values of a dtype, as unsigned bit patterns: what
    fill="edge" mixes into random data."""
    kind, bits, ebits, mbits, has_inf, _ = DTYPES[dtype]
    mask = (1 << bits) - 1
    if kind == "bool":
        return [0, 1]
    if kind == "int":
        lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
        return [v & mask for v in (lo, hi, 0, 1, -1, lo + 1)]
    if kind == "uint":
        return [0, 1, mask, mask - 1, 1 << (bits - 1)]
    sign = 1 << (bits - 1)
    out = [float_bits(dtype, math.nan), 0, sign]
    if has_inf:
        out += [float_bits(dtype, math.inf), float_bits(dtype, -math.inf)]
    out += [1, (1 << mbits) - 1, 1 << mbits,  # denormals, smallest normal
            sign | 1, sign | (1 << mbits) - 1,
            max_finite_bits(dtype), sign | max_finite_bits(dtype),
            float_bits(dtype, 1.0), float_bits(dtype, -1.0)]
    return out


def poison_byte(dtype):
    return FLOAT_POISON_BYTE if is_float(dtype) else INT_POISON_BYTE


# ---------------------------------------------------------------------------
# Reading a file's kernels and SPECS without importing it
# ---------------------------------------------------------------------------


@dataclass
class Param:
    name: str
    constexpr: bool
    has_default: bool


@dataclass
class KernelDef:
    name: str
    line: int
    params: list


def _is_jit(decorator):
    node = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(node, ast.Attribute):
        return node.attr == "jit"
    return isinstance(node, ast.Name) and node.id == "jit"


def _is_constexpr(annotation):
    if annotation is None:
        return False
    if isinstance(annotation, ast.Attribute):
        return annotation.attr == "constexpr"
    if isinstance(annotation, ast.Name):
        return annotation.id == "constexpr"
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return annotation.value.endswith("constexpr")
    return False


def literal(node, where="SPECS"):
    """ast.literal_eval plus dict(k=v) calls, float("nan"/"inf") and
    arithmetic on numbers: what README.md allows in a SPECS literal."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Dict):
        if any(k is None for k in node.keys):
            raise SpecError(f"{where}: '**' in a dict display is not allowed")
        return {literal(k, where): literal(v, where)
                for k, v in zip(node.keys, node.values)}
    if isinstance(node, (ast.List, ast.Tuple)):
        items = [literal(e, where) for e in node.elts]
        return items if isinstance(node, ast.List) else tuple(items)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = literal(node.operand, where)
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            raise SpecError(f"{where}: unary sign on a non-number")
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp):
        a, b = literal(node.left, where), literal(node.right, where)
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b,
               ast.Mult: lambda: a * b, ast.FloorDiv: lambda: a // b,
               ast.Div: lambda: a / b, ast.Pow: lambda: a ** b,
               ast.LShift: lambda: a << b, ast.Mod: lambda: a % b}
        if type(node.op) in ops and all(
                isinstance(v, (int, float)) and not isinstance(v, bool)
                for v in (a, b)):
            return ops[type(node.op)]()
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "dict" and not node.args:
            out = {}
            for kw in node.keywords:
                if kw.arg is None:
                    raise SpecError(f"{where}: '**' in dict() is not allowed")
                out[kw.arg] = literal(kw.value, where)
            return out
        if (node.func.id == "float" and len(node.args) == 1
                and not node.keywords):
            v = literal(node.args[0], where)
            if isinstance(v, str) and v.strip().lower() in (
                    "nan", "inf", "-inf", "+inf", "infinity", "-infinity"):
                return float(v)
    raise SpecError(f"{where}: line {getattr(node, 'lineno', '?')}: "
                    f"'{ast.unparse(node)}' is not a literal the op suite "
                    f"reads (dicts, lists, tuples, numbers, strings, dict(), "
                    f"float('nan'))")


def read_file(path, text=None):
    """(kernels: name -> KernelDef, specs: name -> dict) of a kernel file."""
    if text is None:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    tree = ast.parse(text, filename=str(path))
    kernels, specs = {}, {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any(
                _is_jit(d) for d in node.decorator_list):
            a = node.args
            positional = a.posonlyargs + a.args
            ndefaults = len(a.defaults)
            params = []
            for i, arg in enumerate(positional):
                params.append(Param(arg.arg, _is_constexpr(arg.annotation),
                                    i >= len(positional) - ndefaults))
            for arg, d in zip(a.kwonlyargs, a.kw_defaults):
                params.append(Param(arg.arg, _is_constexpr(arg.annotation),
                                    d is not None))
            kernels[node.name] = KernelDef(node.name, node.lineno, params)
        targets = []
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        if any(isinstance(t, ast.Name) and t.id == "SPECS" for t in targets):
            got = literal(value, f"{path}: SPECS")
            if not isinstance(got, dict):
                raise SpecError(f"{path}: SPECS must be a dict")
            specs.update(got)
    return kernels, specs


# ---------------------------------------------------------------------------
# A spec, checked and made explicit
# ---------------------------------------------------------------------------


@dataclass
class Arg:
    """One kernel parameter's argument. kind: "tensor", "scalar" (runtime)
    or "constexpr"."""
    name: str
    kind: str
    value: object = None     # scalar/constexpr value
    type: str = ""           # tilec signature type: "*fp32", "i32", "fp32"
    dtype: str = ""          # tensor element dtype
    shape: tuple = ()
    role: str = "in"
    fill: str = "edge"
    low: object = None
    high: object = None
    scale: float = 1.0
    compare: object = None   # normalized, outputs only

    def numel(self):
        n = 1
        for d in self.shape:
            n *= d
        return n

    def nbytes(self):
        return self.numel() * byte_width(self.dtype)


@dataclass
class Launch:
    kernel: str
    args: list               # Arg, in the def's order (defaults left out)
    grid: tuple
    num_warps: int = 4
    num_stages: int = 3
    runs: int = 2
    signature: str = ""
    defines: dict = field(default_factory=dict)
    xfail: str = ""
    skip: str = ""
    sanitize: bool = True

    def runtime_args(self):
        return [a for a in self.args if a.kind != "constexpr"]

    def constexpr_args(self):
        return [a for a in self.args if a.kind == "constexpr"]


def scalar_type(value):
    """The type Triton 3.6 gives a Python scalar argument."""
    if isinstance(value, bool):
        return "i1"
    if isinstance(value, int):
        if -(1 << 31) <= value < (1 << 31):
            return "i32"
        if -(1 << 63) <= value < (1 << 63):
            return "i64"
        if 0 <= value < (1 << 64):
            return "u64"
        raise SpecError(f"integer {value} does not fit in 64 bits")
    if isinstance(value, float):
        return "fp32"
    raise SpecError(f"{value!r} is not a scalar argument")


def normalize_compare(where, dtype, compare):
    """The comparison of an output: "bits", "exact", "sorted", "none", or a
    dict with some of ulp, rtol, atol."""
    if compare is None:
        if is_float(dtype) and dtype in DEFAULT_TOLERANCE:
            return dict(DEFAULT_TOLERANCE[dtype])
        return "exact"
    if isinstance(compare, str):
        if compare not in ("bits", "exact", "sorted", "none"):
            raise SpecError(f"{where}: compare '{compare}' is not one of "
                            f"bits, exact, sorted, none, dict(ulp/rtol/atol)")
        return compare
    if isinstance(compare, dict):
        extra = set(compare) - {"ulp", "rtol", "atol"}
        if extra or not compare:
            raise SpecError(f"{where}: compare dict takes ulp, rtol, atol; "
                            f"got {sorted(compare)}")
        if not is_float(dtype):
            raise SpecError(f"{where}: ulp/rtol/atol compare of {dtype}, "
                            f"which is not a float dtype")
        out = dict(compare)
        if ("rtol" in out) != ("atol" in out):
            out.setdefault("rtol", 0.0)
            out.setdefault("atol", 0.0)
        return out
    raise SpecError(f"{where}: compare {compare!r} is not a string or a dict")


def constexpr_text(value):
    """A constexpr as tilec's -D takes it."""
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, (int, float, str)):
        return repr(value) if isinstance(value, float) else str(value)
    raise SpecError(f"constexpr value {value!r} is not an int, float, bool "
                    f"or dtype string")


def normalize(kdef, spec):
    """Checks a kernel's spec against its def; returns a Launch. Unknown
    keys are errors, so a typo does not silently change a test."""
    k = kdef.name
    if not isinstance(spec, dict):
        raise SpecError(f"{k}: spec must be a dict")
    extra = set(spec) - KERNEL_KEYS
    if extra:
        raise SpecError(f"{k}: unknown spec keys {sorted(extra)} "
                        f"(known: {sorted(KERNEL_KEYS)})")
    given = spec.get("args")
    if not isinstance(given, dict):
        raise SpecError(f"{k}: 'args' must be a dict of parameter name -> "
                        f"argument")
    names = [p.name for p in kdef.params]
    unknown = [n for n in given if n not in names]
    if unknown:
        raise SpecError(f"{k}: args {unknown} are not parameters of the "
                        f"kernel ({', '.join(names)})")
    default_compare = spec.get("compare")
    args = []
    for p in kdef.params:
        if p.name not in given:
            if p.has_default:
                continue
            raise SpecError(f"{k}: parameter '{p.name}' has no argument in "
                            f"'args'")
        v = given[p.name]
        where = f"{k}: argument '{p.name}'"
        if p.constexpr:
            if isinstance(v, dict):
                raise SpecError(f"{where} is a tl.constexpr: give its value")
            constexpr_text(v)
            args.append(Arg(p.name, "constexpr", value=v))
            continue
        if isinstance(v, dict):
            args.append(_tensor_arg(where, p.name, v, default_compare))
            continue
        if isinstance(v, str):
            raise SpecError(f"{where}: a string is only a constexpr's value")
        if v is None:
            raise SpecError(f"{where}: None arguments are not supported")
        args.append(Arg(p.name, "scalar", value=v, type=scalar_type(v)))
    grid = spec.get("grid", (1,))
    if isinstance(grid, int):
        grid = (grid,)
    grid = tuple(grid)
    if not 1 <= len(grid) <= 3 or not all(
            isinstance(g, int) and not isinstance(g, bool) and g > 0
            for g in grid):
        raise SpecError(f"{k}: grid must be 1 to 3 positive ints, got {grid}")
    launch = Launch(k, args, grid + (1,) * (3 - len(grid)))
    for key in ("num_warps", "num_stages", "runs"):
        if key in spec:
            v = spec[key]
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise SpecError(f"{k}: {key} must be a positive int")
            setattr(launch, key, v)
    if launch.num_warps & (launch.num_warps - 1):
        raise SpecError(f"{k}: num_warps must be a power of two")
    for key in ("xfail", "skip", "signature"):
        if key in spec:
            if not isinstance(spec[key], str) or not spec[key]:
                raise SpecError(f"{k}: {key} must be a non-empty string")
            setattr(launch, key, spec[key])
    if "sanitize" in spec:
        launch.sanitize = bool(spec["sanitize"])
    launch.defines = {a.name: constexpr_text(a.value)
                      for a in launch.constexpr_args()}
    if not launch.signature:
        launch.signature = derive_signature(launch)
    return launch


def _tensor_arg(where, name, v, default_compare):
    extra = set(v) - TENSOR_KEYS
    if extra:
        raise SpecError(f"{where}: unknown tensor keys {sorted(extra)} "
                        f"(known: {sorted(TENSOR_KEYS)})")
    dtype = v.get("dtype")
    if dtype not in DTYPES:
        raise SpecError(f"{where}: dtype {dtype!r} is not one of "
                        f"{', '.join(DTYPES)}")
    shape = v.get("shape")
    if isinstance(shape, int):
        shape = (shape,)
    if not isinstance(shape, (list, tuple)) or not shape or not all(
            isinstance(d, int) and not isinstance(d, bool) and d > 0
            for d in shape):
        raise SpecError(f"{where}: shape must be a positive int or a list of "
                        f"them, got {v.get('shape')!r}")
    role = v.get("role", "in")
    if role not in ROLES:
        raise SpecError(f"{where}: role {role!r} is not one of {ROLES}")
    fill = v.get("fill", "edge")
    if fill not in FILLS:
        raise SpecError(f"{where}: fill {fill!r} is not one of {FILLS}")
    if fill == "full" and "value" not in v:
        raise SpecError(f"{where}: fill 'full' needs 'value'")
    if fill == "normal" and not is_float(dtype):
        raise SpecError(f"{where}: fill 'normal' needs a float dtype")
    if role == "out" and any(key in v for key in ("fill", "low", "high",
                                                  "value")):
        raise SpecError(f"{where}: an 'out' tensor is poisoned, not filled")
    if "compare" in v and role == "in":
        raise SpecError(f"{where}: 'compare' is for 'out'/'inout' tensors")
    arg = Arg(name, "tensor", type=f"*{dtype}", dtype=dtype,
              shape=tuple(shape), role=role, fill=fill, low=v.get("low"),
              high=v.get("high"), scale=v.get("scale", 1.0),
              value=v.get("value"))
    if role != "in":
        arg.compare = normalize_compare(where, dtype,
                                        v.get("compare", default_compare))
    return arg


def derive_signature(launch):
    """tilec's -s for the launch, as Triton 3.6 would specialize it:
    pointers `:16` (torch aligns allocations), ints divisible by 16 `:16`.
    Constexprs go through -D and are left out."""
    entries = []
    for a in launch.runtime_args():
        t = a.type
        if a.kind == "tensor":
            t += ":16"
        elif (t in ("i32", "i64", "u64") and a.value % 16 == 0):
            t += ":16"
        entries.append(t)
    return ", ".join(entries)


# ---------------------------------------------------------------------------
# tilec's ABI
# ---------------------------------------------------------------------------

# signature type -> the C-level type a launch packs it as.
def abi_ctype(type_):
    if type_.startswith("*"):
        return "u64"
    if type_ in ("fp32", "fp64"):
        return {"fp32": "f32", "fp64": "f64"}[type_]
    if type_ in ("fp16", "bf16"):
        return "u16"
    if type_ == "i1":
        return "u8"
    if type_ in DTYPES:
        return type_
    raise SpecError(f"no ABI type for '{type_}'")


def signature_types(signature):
    """The type entries of a signature string, specializations dropped,
    bare constexpr values left out (they are not parameters of the cubin)."""
    out = []
    depth, cur = 0, ""
    for ch in signature + ",":
        if ch == "," and depth == 0:
            e = cur.strip()
            cur = ""
            if not e:
                continue
            t = e.split(":")[0].strip()
            if t.startswith("*") or t in DTYPES or t.startswith("tensordesc"):
                out.append(t)
            continue
        depth += ch in "<[("
        depth -= ch in ">])"
        cur += ch
    return out


def abi_params(launch):
    """tilec's runtime parameters of the launch: non-constexpr parameters
    in the def's order, each typed by the signature (a `:1` parameter
    stays). Defaulted runtime parameters the spec leaves out are refused."""
    types = signature_types(launch.signature)
    runtime = launch.runtime_args()
    if len(types) != len(runtime):
        raise SpecError(f"{launch.kernel}: signature '{launch.signature}' has "
                        f"{len(types)} runtime entries for {len(runtime)} "
                        f"runtime arguments")
    params = []
    for a, t in zip(runtime, types):
        if t.startswith("tensordesc"):
            raise SpecError(f"{launch.kernel}: tensor descriptor parameter "
                            f"'{a.name}': not supported by the harness")
        params.append({"name": a.name, "type": t, "ctype": abi_ctype(t)})
    return params


CTYPE_PTX = {"u64": {"u64", "b64", "s64"}, "i64": {"s64", "u64", "b64"},
             "u32": {"u32", "b32", "s32"}, "i32": {"s32", "u32", "b32"},
             "u16": {"u16", "b16", "s16"}, "i16": {"s16", "u16", "b16"},
             "u8": {"u8", "b8", "s8"}, "i8": {"s8", "u8", "b8"},
             "f32": {"f32", "b32"}, "f64": {"f64", "b64"}}

_ENTRY = re.compile(r"\.entry\s+([\w$]+)\s*\(([^)]*)\)", re.S)
_PARAM = re.compile(r"\.param\s+(?:\.align\s+\d+\s+)?\.(\w+)\s+(?:\.ptr\s+[^\n,]*?)?([\w$]+)(\[\d+\])?")


def ptx_entries(ptx):
    """[(entry name, [ptx param type, ...])] of a PTX module."""
    out = []
    for m in _ENTRY.finditer(ptx):
        params = [p.group(1) for p in _PARAM.finditer(m.group(2))]
        out.append((m.group(1), params))
    return out


def check_ptx_abi(launch, params, ptx):
    """An error message if the PTX's .entry does not take `params`; else
    ("", entry name)."""
    entries = ptx_entries(ptx)
    if len(entries) != 1:
        return (f"expected one .entry in the PTX, found {len(entries)}", "")
    name, ptx_params = entries[0]
    if len(ptx_params) != len(params):
        return (f".entry {name} has {len(ptx_params)} parameters "
                f"({', '.join(ptx_params)}); the ABI derived from the spec has "
                f"{len(params)} ({', '.join(p['name'] for p in params)})", name)
    for p, t in zip(params, ptx_params):
        if t not in CTYPE_PTX[p["ctype"]]:
            return (f"parameter '{p['name']}' is {p['ctype']} in the ABI but "
                    f".{t} in the PTX", name)
    return ("", name)
