# Integer atomics for the differential harness (tilec against Triton 3.6 on
# the same inputs); each kernel runs unchanged under Triton. One program
# handles BLOCK elements of X; N masks the tail.
# RUN: tilec %s -k k_atomic_add_int32 -s "*i32, *i32, i32, 1024" --emit=ptx -o %t.add.ptx
# RUN: tilec %s -k k_atomic_lock_int32 -s "*i32, *i32, *i32, *i32, 256" --emit=ptx -o %t.lock.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.add.ptx -o %t.add.cubin %}
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.lock.ptx -o %t.lock.cubin %}

import triton
import triton.language as tl


@triton.jit
def k_atomic_add_int32(X, Hist, N, BLOCK: tl.constexpr):
    # A histogram: X holds bin numbers, many elements share a bin.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    b = tl.load(X + offs, mask=m, other=0)
    tl.atomic_add(Hist + b, 1, mask=m)


@triton.jit
def k_atomic_add_int64(X, Hist, N, BLOCK: tl.constexpr):
    # Bins from X (int64), weights X itself: exact sums per bin.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    tl.atomic_add(Hist + (x & 63), x, mask=m, sem="relaxed")


@triton.jit
def k_atomic_add_uint32(X, Out, Old, N, BLOCK: tl.constexpr):
    # Distinct addresses, old values used: Old = Out before, Out += X.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    old = tl.atomic_add(Out + offs, x, mask=m)
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_add_uint64(X, Out, Old, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    old = tl.atomic_add(Out + offs, x, mask=m, scope="sys")
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_max_int32(X, Out, N, BLOCK: tl.constexpr):
    # 16 colliding addresses, negative values included: the final maxima
    # do not depend on the order.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    tl.atomic_max(Out + (offs % 16), x, mask=m)


@triton.jit
def k_atomic_min_int64(X, Out, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    tl.atomic_min(Out + (offs % 16), x, mask=m, sem="acquire")


@triton.jit
def k_atomic_max_uint32(X, Out, Old, N, BLOCK: tl.constexpr):
    # Distinct addresses: unsigned order (values past 2**31 included).
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    old = tl.atomic_max(Out + offs, x, mask=m)
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_min_uint64(X, Out, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    tl.atomic_min(Out + (offs % 16), x, mask=m, sem="release", scope="gpu")


@triton.jit
def k_atomic_and_int32(X, Out, N, BLOCK: tl.constexpr):
    # and/or/xor into 8 colliding words: order-free results.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    tl.atomic_and(Out + (offs % 8), x, mask=m)
    tl.atomic_or(Out + 8 + (offs % 8), x, mask=m)
    tl.atomic_xor(Out + 16 + (offs % 8), x, mask=m)


@triton.jit
def k_atomic_xor_uint64(X, Out, Old, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    old = tl.atomic_xor(Out + offs, x, mask=m, sem="relaxed", scope="cta")
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_xchg_int32(X, Out, Old, N, BLOCK: tl.constexpr):
    # Distinct addresses: Old = Out before, Out = X.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    old = tl.atomic_xchg(Out + offs, x, mask=m)
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_cas_int32(X, Cmp, Out, Old, N, BLOCK: tl.constexpr):
    # Distinct addresses: Out = X where Out == Cmp; Old = Out before.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < N
    x = tl.load(X + offs, mask=m, other=0)
    c = tl.load(Cmp + offs, mask=m, other=0)
    # atomic_cas has no mask: a masked-off lane swaps 0 for 0 at Out[0],
    # which changes nothing whatever Out[0] holds.
    p = Out + tl.where(m, offs, 0)
    old = tl.atomic_cas(p, tl.where(m, c, 0), tl.where(m, x, 0))
    tl.store(Old + offs, old, mask=m)


@triton.jit
def k_atomic_cas_int64(X, Cmp, Out, Old, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    c = tl.load(Cmp + offs)
    old = tl.atomic_cas(Out + offs, c, x, sem="relaxed")
    tl.store(Old + offs, old)


@triton.jit
def k_atomic_scalar_int32(Counter, Tickets, Total):
    # One scalar atomic per program, old value used: the tickets are a
    # permutation of 0..programs-1 (compare sorted). Total counts programs
    # once each, not once per thread.
    pid = tl.program_id(0)
    t = tl.atomic_add(Counter, 1)
    tl.store(Tickets + pid, t)
    tl.atomic_add(Total, 1)


@triton.jit
def k_atomic_small_block_int32(Hist, BLOCK: tl.constexpr):
    # BLOCK smaller than the threads of the program (run with num_warps=4
    # and BLOCK=32): threads share elements, yet each element adds once.
    offs = tl.arange(0, BLOCK)
    tl.atomic_add(Hist + offs, 1)
    old = tl.atomic_add(Hist + BLOCK + offs, offs)
    tl.store(Hist + 2 * BLOCK + offs, tl.where(old >= 0, 1, 0))


@triton.jit
def k_atomic_lock_int32(Lock, Count, Acc, X, BLOCK: tl.constexpr):
    # The layer-norm backward lock: every program adds its row of X into
    # Acc under a spin lock; the first one stores instead of adding.
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + pid * BLOCK + offs)
    while tl.atomic_cas(Lock, 0, 1) == 1:
        pass
    count = tl.load(Count)
    if count == 0:
        tl.atomic_xchg(Count, 1)
    else:
        x += tl.load(Acc + offs)
    tl.store(Acc + offs, x)
    tl.debug_barrier()
    tl.atomic_xchg(Lock, 0)
