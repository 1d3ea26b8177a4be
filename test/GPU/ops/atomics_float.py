# Float atomics for the differential harness (tilec against Triton 3.6 on
# the same inputs); each kernel runs unchanged under Triton. One program
# handles BLOCK elements of X; N masks the tail.
# RUN: tilec %s -k k_atomic_add_fp32 -s "*fp32, *i32, *fp32, i32, 1024" --emit=ptx -o %t.add.ptx
# RUN: tilec %s -k k_atomic_max_fp32 -s "*fp32, *fp32, *fp32, *fp32, i32, 1024" --emit=ptx -o %t.max.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.add.ptx -o %t.add.cubin %}
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.max.ptx -o %t.max.cubin %}

import triton
import triton.language as tl


@triton.jit
def k_atomic_add_fp32(X, Bins, Hist, N, BLOCK: tl.constexpr):
    # Colliding addresses: sums in any order (compare within tolerance).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0.0)
    b = tl.load(Bins + offs, mask=m, other=0)
    tl.atomic_add(Hist + b, x, mask=m)


@triton.jit
def k_atomic_add_distinct_fp32(X, Out, Old, N, BLOCK: tl.constexpr):
    # Distinct addresses: one rounding each, bit-exact; old values used.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0.0)
    old = tl.atomic_add(Out + offs, x, mask=m)
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_add_fp64(X, Out, Old, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0.0)
    old = tl.atomic_add(Out + offs, x, mask=m)
    tl.store(Old + offs, old, mask=m)
    tl.atomic_add(Out + N + (offs % 4), x, mask=m)


@triton.jit
def k_atomic_add_fp16(X, Out, Old, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0.0)
    old = tl.atomic_add(Out + offs, x, mask=m)
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_add_bf16(X, Out, Old, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0.0)
    old = tl.atomic_add(Out + offs, x, mask=m)
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_max_fp32(X, Out, Dist, Old, N, BLOCK: tl.constexpr):
    # Triton's float max by sign, on inputs with negatives, +-0, +-inf and
    # NaNs: into 16 colliding words (order-free, bit-exact) and into
    # distinct words with the old values.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0.0)
    tl.atomic_max(Out + (offs % 16), x, mask=m)
    old = tl.atomic_max(Dist + offs, x, mask=m)
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_min_fp32(X, Out, Dist, Old, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0.0)
    tl.atomic_min(Out + (offs % 16), x, mask=m)
    old = tl.atomic_min(Dist + offs, x, mask=m)
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_max_fp64(X, Out, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0.0)
    tl.atomic_max(Out + (offs % 16), x, mask=m, sem="relaxed")


@triton.jit
def k_atomic_min_fp64(X, Out, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0.0)
    tl.atomic_min(Out + (offs % 16), x, mask=m, scope="sys")


@triton.jit
def k_atomic_xchg_fp32(X, Out, Old, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0.0)
    old = tl.atomic_xchg(Out + offs, x, mask=m)
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_cas_fp32(X, Cmp, Out, Old, BLOCK: tl.constexpr):
    # Compares bits: a NaN in Cmp matches the same NaN in Out.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    c = tl.load(Cmp + offs)
    old = tl.atomic_cas(Out + offs, c, x)
    tl.store(Old + offs, old)


@triton.jit
def k_atomic_scalar_fp32(X, Sum, Olds, BLOCK: tl.constexpr):
    # A scalar float atomic per program, old value used (compare Sum within
    # tolerance, Olds as a set of partial sums: order-dependent).
    pid = tl.program_id(0)
    s = tl.sum(tl.load(X + pid * BLOCK + tl.arange(0, BLOCK)), axis=0)
    old = tl.atomic_add(Sum, s)
    tl.store(Olds + pid, old)


# Inputs chosen so that each compared value is a property of the kernel, not
# of the order in which the hardware serves the atomics. Distinct addresses:
# one rounding each, edge values included, old values exact. Float max/min
# into colliding words: Triton's max is a signed-integer max on the bits
# where the sign bit of the value is clear and an unsigned min where it is
# set (min: signed min / unsigned max); those updates commute for every bit
# pattern (NaNs and -0 included), so the final words are exact whatever the
# order. Float add into colliding words rounds in arrival order: compared
# within a tolerance, on normal inputs (edge values such as +-max finite
# make even the overflow order-dependent). N is not a multiple of BLOCK.
SPECS = {
    "k_atomic_add_fp32": dict(
        # ~78 N(0, 1) values per bin: partial sums stay below ~30, whose
        # ulp is ~2e-6, so reordering moves a bin by well under atol; a lost
        # or doubled update moves it by about 1.
        args=dict(X=dict(dtype="fp32", shape=5120, fill="normal"),
                  Bins=dict(dtype="i32", shape=5120, fill="uniform", low=0, high=64),
                  Hist=dict(dtype="fp32", shape=64, role="inout", fill="zeros"),
                  N=5000, BLOCK=1024),
        grid=5, compare=dict(rtol=1e-5, atol=2e-4)),
    "k_atomic_add_distinct_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=3072),
                  Out=dict(dtype="fp32", shape=3072, role="inout"),
                  Old=dict(dtype="fp32", shape=3072, role="out"),
                  N=3000, BLOCK=1024),
        grid=3, compare="exact"),
    "k_atomic_add_fp64": dict(
        # Out[0:N] distinct (one rounding each), Out[N:N+4] ~250 colliding
        # N(0, 1) values each: Out within a tolerance far below one update,
        # Old exact.
        args=dict(X=dict(dtype="fp64", shape=1024, fill="normal"),
                  Out=dict(dtype="fp64", shape=1004, role="inout", fill="normal",
                           compare=dict(rtol=1e-12, atol=1e-12)),
                  Old=dict(dtype="fp64", shape=1024, role="out", compare="exact"),
                  N=1000, BLOCK=512),
        grid=2),
    "k_atomic_add_fp16": dict(
        # N odd: the last pair of halves is half masked (a paired f16x2
        # atomic must not touch Out[N]).
        args=dict(X=dict(dtype="fp16", shape=1024),
                  Out=dict(dtype="fp16", shape=1024, role="inout"),
                  Old=dict(dtype="fp16", shape=1024, role="out"),
                  N=999, BLOCK=256),
        grid=4, compare="exact"),
    "k_atomic_add_bf16": dict(
        args=dict(X=dict(dtype="bf16", shape=1024),
                  Out=dict(dtype="bf16", shape=1024, role="inout"),
                  Old=dict(dtype="bf16", shape=1024, role="out"),
                  N=999, BLOCK=256),
        grid=4, compare="exact"),
    "k_atomic_max_fp32": dict(
        # Edge values (NaN, +-0, +-inf, denormals, +-max) in X, Out and
        # Dist: Out[16] order-free, Dist and Old distinct; bit for bit.
        # ~19 values per word, so that most words end at a random value
        # rather than at the NaN or +inf some edge value brings.
        args=dict(X=dict(dtype="fp32", shape=384),
                  Out=dict(dtype="fp32", shape=16, role="inout"),
                  Dist=dict(dtype="fp32", shape=384, role="inout"),
                  Old=dict(dtype="fp32", shape=384, role="out"),
                  N=300, BLOCK=128),
        grid=3, runs=4, compare="bits"),
    "k_atomic_min_fp32": dict(
        args=dict(X=dict(dtype="fp32", shape=384),
                  Out=dict(dtype="fp32", shape=16, role="inout"),
                  Dist=dict(dtype="fp32", shape=384, role="inout"),
                  Old=dict(dtype="fp32", shape=384, role="out"),
                  N=300, BLOCK=128),
        grid=3, runs=4, compare="bits"),
    "k_atomic_max_fp64": dict(
        # ~37 values per word, so that not every word ends at +inf or NaN.
        args=dict(X=dict(dtype="fp64", shape=1024),
                  Out=dict(dtype="fp64", shape=16, role="inout"),
                  N=600, BLOCK=512),
        grid=2, compare="bits"),
    "k_atomic_min_fp64": dict(
        args=dict(X=dict(dtype="fp64", shape=1024),
                  Out=dict(dtype="fp64", shape=16, role="inout"),
                  N=600, BLOCK=512),
        grid=2, compare="bits"),
    "k_atomic_xchg_fp32": dict(
        # Random bit patterns (NaN payloads included) move unchanged.
        args=dict(X=dict(dtype="fp32", shape=3072, fill="bits"),
                  Out=dict(dtype="fp32", shape=3072, role="inout", fill="bits"),
                  Old=dict(dtype="fp32", shape=3072, role="out"),
                  N=3000, BLOCK=1024),
        grid=3, compare="bits"),
    "k_atomic_cas_fp32": dict(
        # Out and Cmp: uniform in [1, 1 + 4 ulp) rounded to fp32, i.e. five
        # neighbouring values, so ~1 swap in 5 succeeds; edge values mixed
        # in (a NaN in Cmp over the same NaN in Out swaps; +0 and -0 do
        # not). No mask: the tensors are exactly grid * BLOCK long.
        args=dict(X=dict(dtype="fp32", shape=1024, fill="bits"),
                  Cmp=dict(dtype="fp32", shape=1024, low=1.0, high=1.0 + 4 * 2.0 ** -23),
                  Out=dict(dtype="fp32", shape=1024, role="inout", low=1.0,
                           high=1.0 + 4 * 2.0 ** -23),
                  Old=dict(dtype="fp32", shape=1024, role="out"),
                  BLOCK=256),
        grid=4, runs=3, compare="bits"),
    "k_atomic_scalar_fp32": dict(
        # Every row sums to exactly 64 (256 x 0.25), so the partial sums
        # the programs get back are 0, 64, ..., 64 * 31 in some order:
        # Olds compared sorted, Sum exact. (Random rows would make the set
        # of partial sums depend on the order: not comparable.)
        args=dict(X=dict(dtype="fp32", shape=[32, 256], fill="full", value=0.25),
                  Sum=dict(dtype="fp32", shape=1, role="inout", fill="zeros"),
                  Olds=dict(dtype="fp32", shape=32, role="out", compare="sorted"),
                  BLOCK=256),
        grid=32, compare="exact"),
}
