"""Element-wise comparison of two outputs, Triton's (the reference) and
tilec's, as README.md's "Comparisons" section defines it.

Everything works on bit patterns, so one code path serves every dtype
(bf16 and fp8 included): a backend turns a tensor into its bits as int64
(unsigned, zero-extended; 64-bit patterns wrap to negative int64 and still
compare equal bit for bit) and into float64 values (for rtol/atol). run.py
uses the torch backend; the unit tests use numpy, which has no bf16 or fp8,
through the same functions.
"""
from dataclasses import dataclass, field

import spec

MAX_REPORTED = 8


@dataclass
class Result:
    ok: bool
    mismatches: int = 0
    total: int = 0
    max_abs: float = 0.0
    max_ulp: int = 0
    examples: list = field(default_factory=list)   # dicts, first mismatches
    note: str = ""

    def to_json(self):
        return {"ok": self.ok, "mismatches": self.mismatches,
                "total": self.total, "max_abs_err": self.max_abs,
                "max_ulp": self.max_ulp, "examples": self.examples,
                "note": self.note}


class FloatLayout:
    """The fields of a float dtype's bit pattern, as int64 masks."""

    def __init__(self, dtype):
        _, bits, ebits, mbits, has_inf, _ = spec.DTYPES[dtype]
        self.bits = bits
        self.mbits = mbits
        self.has_inf = has_inf
        self.sign = 1 << (bits - 1)
        self.mag = self.sign - 1 if bits < 64 else 0x7FFFFFFFFFFFFFFF
        self.exp = ((1 << ebits) - 1) << mbits
        self.mant = (1 << mbits) - 1


def _sign_bit(b, lay):
    """Whether the sign bit of each pattern is set (64-bit patterns are
    negative int64)."""
    return (b < 0) if lay.bits == 64 else ((b & lay.sign) != 0)


def is_nan(b, lay):
    m = b & lay.mag
    if lay.has_inf:
        return ((m & lay.exp) == lay.exp) & ((m & lay.mant) != 0)
    return m == (lay.exp | lay.mant)  # fp8e4nv: S.1111.111 only


def is_inf(b, lay):
    if not lay.has_inf:
        return (b & 0) != 0
    return (b & lay.mag) == lay.exp


def ulp_distance(backend, a, b, lay):
    """Units in the last place between two finite patterns: their
    magnitudes' difference on the same side of zero, their sum across it
    (+0 and -0 are 0 apart); saturated where 64-bit arithmetic wraps."""
    ma, mb = a & lay.mag, b & lay.mag
    same_side = _sign_bit(a, lay) == _sign_bit(b, lay)
    d = backend.where(same_side, backend.abs(ma - mb), ma + mb)
    return backend.where(d < 0, 0x7FFFFFFFFFFFFFFF, d)


def compare(backend, ref, got, dtype, how):
    """Compares tilec's output `got` with Triton's `ref` (same dtype and
    shape) as `how` says ("bits", "exact", "sorted", "none", or a dict of
    ulp/rtol/atol). Returns a Result."""
    rb, gb = backend.bits(ref), backend.bits(got)
    total = backend.numel(rb)
    if how == "none":
        return Result(True, total=total, note="not compared")
    is_float = spec.is_float(dtype)
    lay = FloatLayout(dtype) if is_float else None
    if how == "sorted":
        if is_float:
            rb = backend.sort(backend.where(is_nan(rb, lay), lay.exp | lay.mant, rb))
            gb = backend.sort(backend.where(is_nan(gb, lay), lay.exp | lay.mant, gb))
        else:
            rb, gb = backend.sort(rb), backend.sort(gb)
        how = "bits"
    same = rb == gb
    if how == "bits" or not is_float:
        ok = same
    else:
        both_nan = is_nan(rb, lay) & is_nan(gb, lay)
        ok = same | both_nan
    max_abs, max_ulp = 0.0, 0
    if isinstance(how, dict) and is_float:
        finite = ~(is_nan(rb, lay) | is_nan(gb, lay) | is_inf(rb, lay) |
                   is_inf(gb, lay))
        close = backend.zeros_like_bool(ok)
        if "ulp" in how:
            d = ulp_distance(backend, rb, gb, lay)
            close = close | (finite & (d <= int(how["ulp"])))
            max_ulp = backend.max_int(backend.where(finite, d, 0))
        rv, gv = backend.f64(ref), backend.f64(got)
        err = backend.abs(rv - gv)
        if "rtol" in how or "atol" in how:
            bound = how.get("atol", 0.0) + how.get("rtol", 0.0) * backend.abs(rv)
            close = close | (finite & (err <= bound))
        max_abs = backend.max_float(backend.where(finite, err, 0.0))
        ok = ok | close
    bad = backend.nonzero(~ok)
    result = Result(len(bad) == 0, len(bad), total, max_abs, max_ulp)
    for i in bad[:MAX_REPORTED]:
        result.examples.append({
            "index": int(i),
            "triton": backend.value_at(ref, i, dtype),
            "tilec": backend.value_at(got, i, dtype),
            "triton_bits": _hex(backend.item(rb, i), dtype),
            "tilec_bits": _hex(backend.item(gb, i), dtype)})
    return result



def _hex(v, dtype):
    bits = spec.DTYPES[dtype][1]
    return f"0x{v & ((1 << bits) - 1):0{bits // 4}x}"


def unchanged(backend, before, after):
    """The indices where an input or a guard region was changed, as a
    Result compared bit for bit."""
    rb, gb = backend.bits(before), backend.bits(after)
    bad = backend.nonzero(rb != gb)
    r = Result(len(bad) == 0, len(bad), backend.numel(rb))
    r.examples = [{"index": int(i)} for i in bad[:MAX_REPORTED]]
    return r


class TorchBackend:
    """The backend of run.py: torch tensors on any device."""

    def __init__(self):
        import torch
        self.torch = torch
        self.ints = {1: torch.uint8, 2: torch.int16, 4: torch.int32,
                     8: torch.int64}
        self.masks = {1: 0xFF, 2: 0xFFFF, 4: 0xFFFFFFFF, 8: None}

    def bits(self, t):
        t = t.detach().contiguous().reshape(-1)
        w = t.element_size()
        if t.dtype == self.torch.bool:
            t = t.view(self.torch.uint8)
        b = t.view(self.ints[w]).to(self.torch.int64)
        return b & self.masks[w] if self.masks[w] else b

    def f64(self, t):
        return t.detach().reshape(-1).to(self.torch.float64)

    def numel(self, b):
        return b.numel()

    def sort(self, b):
        return self.torch.sort(b).values

    def zeros_like_bool(self, m):
        return self.torch.zeros_like(m, dtype=self.torch.bool)

    def abs(self, x):
        return self.torch.abs(x)

    def where(self, c, a, b):
        return self.torch.where(c, a, b)

    def max_int(self, x):
        return int(x.max().item()) if x.numel() else 0

    def max_float(self, x):
        return float(x.max().item()) if x.numel() else 0.0

    def nonzero(self, m):
        return self.torch.nonzero(m).reshape(-1)[:1 << 20].tolist()

    def item(self, b, i):
        return int(b[i].item())

    def value_at(self, t, i, dtype):
        v = t.detach().reshape(-1)[i]
        if spec.is_float(dtype):
            wide = self.torch.float64 if dtype == "fp64" else self.torch.float32
            return repr(float(v.to(wide).item()))
        return int(v.to(self.torch.int64).item()) if dtype != "u64" else int(
            v.view(self.torch.int64).item()) & 0xFFFFFFFFFFFFFFFF
