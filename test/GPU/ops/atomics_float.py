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
