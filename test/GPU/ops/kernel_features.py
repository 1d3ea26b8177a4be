"""Kernel-language features of issue 13 item 6 whose runtime behaviour the
differential run checks against Triton 3.6: loops unrolled by
tl.range(loop_unroll_factor=) (with a remainder loop), the tensor method
x.cast (rounding and bitcast), code selected at compile time by dtype
predicates, isinstance and a constexpr function, and tuples passed to and
returned from @jit helpers."""
import triton
import triton.language as tl


@triton.jit
def k_range_unroll_fp32(X, O, n_blocks, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    # Three iterations per unrolled step; n_blocks = 7 leaves a remainder.
    for i in tl.range(0, n_blocks, loop_unroll_factor=3):
        acc = acc * 0.5 + tl.load(X + i * BLOCK + offs)
    for j in tl.range(1, n_blocks, 2, loop_unroll_factor=2, num_stages=2):
        acc += tl.load(X + j * BLOCK + offs) * j
    tl.store(O + offs, acc)


@triton.jit
def k_cast_method_fp32(X, H, B, I, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(H + offs, x.cast(tl.float16, fp_downcast_rounding="rtz"), mask=mask)
    tl.store(B + offs, x.cast(tl.bfloat16), mask=mask)
    tl.store(I + offs, x.cast(tl.int32, bitcast=True), mask=mask)


@triton.constexpr_function
def wider(dt):
    if dt.is_fp16() or dt.is_bf16():
        return tl.float32
    return dt


@triton.jit
def twice(v, s):
    if isinstance(s, tl.tensor):
        return v * s, s
    return v * 2, s


@triton.jit
def k_dtype_select_bf16(X, O, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    acc_dtype: tl.constexpr = wider(X.dtype.element_ty)
    y = x.to(acc_dtype)
    if y.dtype.is_fp32() and isinstance(N, tl.tensor):
        y = y + 1.0
    if X.type.element_ty == tl.bfloat16:
        y = y * 3.0
    y, _ = twice(y, y)
    z, two = twice(y, 2)
    tl.store(O + offs, z + two, mask=mask)


@triton.jit
def min_max(pair):
    a, b = pair
    return tl.minimum(a, b), tl.maximum(a, b)


@triton.jit
def k_tuple_helper_i32(X, Y, LO, HI, N, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < N
    t = (tl.load(X + offs, mask=mask), tl.load(Y + offs, mask=mask))
    lo, hi = min_max(t)
    r = min_max((hi, lo))
    tl.store(LO + offs, r[0], mask=mask)
    tl.store(HI + offs, r[-1], mask=mask)


SPECS = {
    "k_range_unroll_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=7 * 128, fill="normal"),
            # Sums in the same order on both sides; fma contraction may differ.
            O=dict(dtype="fp32", shape=128, role="out"),
            n_blocks=7,
            BLOCK=128,
        ),
    ),
    "k_cast_method_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            H=dict(dtype="fp16", shape=1000, role="out", compare="exact"),
            B=dict(dtype="bf16", shape=1000, role="out", compare="exact"),
            I=dict(dtype="i32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_dtype_select_bf16": dict(
        args=dict(
            X=dict(dtype="bf16", shape=1000),
            O=dict(dtype="fp32", shape=1000, role="out"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_tuple_helper_i32": dict(
        args=dict(
            X=dict(dtype="i32", shape=1000),
            Y=dict(dtype="i32", shape=1000),
            LO=dict(dtype="i32", shape=1000, role="out"),
            HI=dict(dtype="i32", shape=1000, role="out"),
            N=1000,
            BLOCK=1024,
        ),
    ),
}
