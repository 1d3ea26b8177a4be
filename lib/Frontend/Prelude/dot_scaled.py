# tilec's prelude: tl.dot_scaled, written in the kernel language and inlined
# like any @jit helper (lib/Frontend/Prelude.cpp embeds this file).
#
# sm_80 and sm_90 have no block-scaled MMA, and Triton 3.6 does not refuse
# the op there: its DecomposeScaledBlocked rewrite turns it into a plain
# dot. Each operand is upcast to a 16-bit compute type (fp16 when either
# format is "fp16", else bf16), multiplied by its e8m0 scale (one uint8 per
# 32 elements along K, 2^(s - 127) as a number of the compute type), and
# replaced by NaN where the scale is 0xFF unless fast_math is set; then
# tl.dot(a, b, acc) accumulates in fp32. This file builds the same values
# from the same steps, so results match Triton's bit for bit before the dot:
# - e2m1 (two per uint8, the first in the low nibble) widens exactly: every
#   e2m1 number is a 16-bit float;
# - e4m3 and e5m2 go through the ordinary fp8 conversion (exact into bf16
#   and fp16), bf16 and fp16 through the ordinary cast;
# - the scale: bf16 gets its exponent field straight from the byte
#   (s << 7, so s = 0 gives 0, as in Triton); fp16 builds the fp32
#   2^(s - 127) the same way (s << 23) and rounds it to fp16;
# - the product is one multiplication in the compute type (exact unless it
#   overflows or leaves the normal range, where both round alike).
import triton
import triton.language as tl


@triton.jit
def _dot_scaled_fp4_bits(n, mant: tl.constexpr, bias: tl.constexpr):
    # The 16-bit float pattern (mant mantissa bits, exponent bias `bias`) of
    # the e2m1 number in the low 4 bits of each uint8 of n: s ee m, with
    # ee = 0 subnormal (0 or 0.5) and 2^(ee - 1) * (1 + m / 2) otherwise.
    em = (n & 7).to(tl.uint16)
    sign = (n & 8).to(tl.uint16) << 12
    e = em >> 1
    m = em & 1
    normal = ((e + (bias - 1)) << mant) | (m << (mant - 1))
    half = tl.full(em.shape, (bias - 1) << mant, tl.uint16)
    zero = tl.zeros(em.shape, tl.uint16)
    mag = tl.where(e != 0, normal, tl.where(em == 1, half, zero))
    return sign | mag


@triton.jit
def _dot_scaled_swap_last(x):
    # x with its last two dimensions exchanged.
    if len(x.shape) == 2:
        return tl.permute(x, (1, 0))
    else:
        return tl.permute(x, (0, 2, 1))


@triton.jit
def _dot_scaled_upcast_fp4(x, axis: tl.constexpr, compute: tl.constexpr):
    # The uint8 tensor x of packed e2m1 pairs, unpacked along `axis` (the
    # last or the second-to-last dimension) into `compute` numbers, the low
    # nibble first.
    tl.static_assert(x.dtype == tl.uint8,
                     "dot_scaled: e2m1 operands must be packed as uint8")
    if compute == tl.bfloat16:
        lo = _dot_scaled_fp4_bits(x, 7, 127)
        hi = _dot_scaled_fp4_bits(x >> 4, 7, 127)
    else:
        lo = _dot_scaled_fp4_bits(x, 10, 15)
        hi = _dot_scaled_fp4_bits(x >> 4, 10, 15)
    if axis == len(x.shape) - 1:
        bits = tl.interleave(lo, hi)
    else:
        bits = _dot_scaled_swap_last(
            tl.interleave(_dot_scaled_swap_last(lo), _dot_scaled_swap_last(hi)))
    return bits.to(compute, bitcast=True)


@triton.jit
def _dot_scaled_upcast(x, fmt: tl.constexpr, axis: tl.constexpr,
                       compute: tl.constexpr):
    # The operand x in format `fmt`, as `compute` numbers.
    if fmt == "e2m1":
        return _dot_scaled_upcast_fp4(x, axis, compute)
    else:
        if fmt == "e4m3":
            ty: tl.constexpr = tl.float8e4nv
            raw: tl.constexpr = tl.uint8
        elif fmt == "e5m2":
            ty: tl.constexpr = tl.float8e5
            raw: tl.constexpr = tl.uint8
        elif fmt == "bf16":
            ty: tl.constexpr = tl.bfloat16
            raw: tl.constexpr = tl.uint16
        else:
            ty: tl.constexpr = tl.float16
            raw: tl.constexpr = tl.uint16
        tl.static_assert(x.dtype == ty or x.dtype == raw,
                         "dot_scaled: an operand's dtype does not match its "
                         "format")
        if x.dtype == raw:
            x = x.to(ty, bitcast=True)
        if ty == compute:
            return x
        else:
            return x.to(compute)


@triton.jit
def _dot_scaled_along_k(s, is_lhs: tl.constexpr):
    # The per-32-elements tensor s ([..., M, K/32] for lhs, [..., N, K/32]
    # for rhs, as Triton takes both) repeated 32 times along K and laid out
    # as the operand is: [..., M, K] or [..., K, N].
    rank: tl.constexpr = len(s.shape)
    rows: tl.constexpr = s.shape[rank - 2]
    groups: tl.constexpr = s.shape[rank - 1]
    if is_lhs:
        s = tl.expand_dims(s, rank)
        if rank == 2:
            s = tl.broadcast_to(s, (rows, groups, 32))
            return tl.reshape(s, (rows, groups * 32))
        else:
            s = tl.broadcast_to(s, (s.shape[0], rows, groups, 32))
            return tl.reshape(s, (s.shape[0], rows, groups * 32))
    else:
        s = tl.expand_dims(_dot_scaled_swap_last(s), rank - 1)
        if rank == 2:
            s = tl.broadcast_to(s, (groups, 32, rows))
            return tl.reshape(s, (groups * 32, rows))
        else:
            s = tl.broadcast_to(s, (s.shape[0], groups, 32, rows))
            return tl.reshape(s, (s.shape[0], groups * 32, rows))


@triton.jit
def _dot_scaled_operand(x, scale, fmt: tl.constexpr, k_pack: tl.constexpr,
                        is_lhs: tl.constexpr, fast_math: tl.constexpr,
                        compute: tl.constexpr):
    # One operand of the dot: upcast, scaled and NaN-masked as Triton's
    # DecomposeScaledBlocked does it.
    rank: tl.constexpr = len(x.shape)
    k_axis: tl.constexpr = rank - 1 if is_lhs else rank - 2
    other_axis: tl.constexpr = rank - 2 if is_lhs else rank - 1
    tl.static_assert(k_pack or fmt == "e2m1",
                     "dot_scaled: only e2m1 operands can be packed along a "
                     "dimension other than K")
    v = _dot_scaled_upcast(x, fmt, k_axis if k_pack else other_axis, compute)
    if scale is None:
        return v
    else:
        tl.static_assert(scale.dtype == tl.uint8,
                         "dot_scaled: scales must be e8m0 numbers stored as "
                         "uint8")
        tl.static_assert(len(scale.shape) == rank,
                         "dot_scaled: a scale must have the operand's rank")
        k: tl.constexpr = v.shape[k_axis]
        rows: tl.constexpr = v.shape[other_axis]
        tl.static_assert(scale.shape[rank - 2] == rows and
                         scale.shape[rank - 1] * 32 == k,
                         "dot_scaled: a scale must be [M, K // 32] for lhs "
                         "and [N, K // 32] for rhs")
        if compute == tl.bfloat16:
            s = (scale.to(tl.uint16) << 7).to(tl.bfloat16, bitcast=True)
        else:
            s = (scale.to(tl.uint32) << 23).to(tl.float32, bitcast=True)
            s = s.to(tl.float16)
        v = v * _dot_scaled_along_k(s, is_lhs)
        if not fast_math:
            v = tl.where(_dot_scaled_along_k(scale == 0xFF, is_lhs),
                         float("nan"), v)
        return v


@triton.jit
def dot_scaled(lhs, lhs_scale, lhs_format: tl.constexpr, rhs, rhs_scale,
               rhs_format: tl.constexpr, acc=None,
               fast_math: tl.constexpr = False,
               lhs_k_pack: tl.constexpr = True,
               rhs_k_pack: tl.constexpr = True,
               out_dtype: tl.constexpr = tl.float32):
    tl.static_assert(out_dtype == tl.float32,
                     "dot_scaled: out_dtype must be float32")
    tl.static_assert(lhs_format == "e2m1" or lhs_format == "e4m3" or
                     lhs_format == "e5m2" or lhs_format == "bf16" or
                     lhs_format == "fp16",
                     "dot_scaled: lhs_format must be 'e2m1', 'e4m3', "
                     "'e5m2', 'bf16' or 'fp16'")
    tl.static_assert(rhs_format == "e2m1" or rhs_format == "e4m3" or
                     rhs_format == "e5m2" or rhs_format == "bf16" or
                     rhs_format == "fp16",
                     "dot_scaled: rhs_format must be 'e2m1', 'e4m3', "
                     "'e5m2', 'bf16' or 'fp16'")
    tl.static_assert(len(lhs.shape) == len(rhs.shape) and
                     (len(lhs.shape) == 2 or len(lhs.shape) == 3),
                     "dot_scaled: operands must both be 2-D or both 3-D")
    if lhs_format == "fp16" or rhs_format == "fp16":
        compute: tl.constexpr = tl.float16
    else:
        compute: tl.constexpr = tl.bfloat16
    a = _dot_scaled_operand(lhs, lhs_scale, lhs_format, lhs_k_pack, True,
                            fast_math, compute)
    b = _dot_scaled_operand(rhs, rhs_scale, rhs_format, rhs_k_pack, False,
                            fast_math, compute)
    tl.static_assert(a.shape[len(a.shape) - 1] == b.shape[len(b.shape) - 2],
                     "dot_scaled: lhs and rhs must pack the same number of "
                     "elements along K")
    return tl.dot(a, b, acc, out_dtype=tl.float32)
