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


# Inputs chosen so that every compared value is a property of the kernel,
# not of the order in which the hardware serves the atomics: distinct
# addresses (old values exact), or colliding words whose final value does
# not depend on the order (integer add wraps, max, min, and, or, xor all
# commute). N is not a multiple of BLOCK and the grid has several programs,
# so masks and contention between programs are exercised; elements of X
# past N hold valid bins/values, so an ignored mask changes the result.
SPECS = {
    "k_atomic_add_int32": dict(
        args=dict(X=dict(dtype="i32", shape=5120, fill="uniform", low=0, high=64),
                  Hist=dict(dtype="i32", shape=64, role="inout", fill="zeros"),
                  N=5000, BLOCK=1024),
        grid=5, compare="exact"),
    "k_atomic_add_int64": dict(
        # Weights with INT64_MIN/MAX among them: the per-bin sums wrap, which
        # is still order-free.
        args=dict(X=dict(dtype="i64", shape=5120),
                  Hist=dict(dtype="i64", shape=64, role="inout"),
                  N=5000, BLOCK=1024),
        grid=5, compare="exact"),
    "k_atomic_add_uint32": dict(
        args=dict(X=dict(dtype="u32", shape=3072),
                  Out=dict(dtype="u32", shape=3072, role="inout"),
                  Old=dict(dtype="u32", shape=3072, role="out"),
                  N=3000, BLOCK=1024),
        grid=3, compare="exact"),
    "k_atomic_add_uint64": dict(
        args=dict(X=dict(dtype="u64", shape=3072),
                  Out=dict(dtype="u64", shape=3072, role="inout"),
                  Old=dict(dtype="u64", shape=3072, role="out"),
                  N=3000, BLOCK=1024),
        grid=3, compare="exact"),
    "k_atomic_max_int32": dict(
        # About 37 values per word: a word's maximum is INT_MAX only where
        # an edge value lands there, else a random one.
        args=dict(X=dict(dtype="i32", shape=640),
                  Out=dict(dtype="i32", shape=16, role="inout"),
                  N=600, BLOCK=128),
        grid=5, compare="exact"),
    "k_atomic_min_int64": dict(
        args=dict(X=dict(dtype="i64", shape=640),
                  Out=dict(dtype="i64", shape=16, role="inout"),
                  N=600, BLOCK=128),
        grid=5, compare="exact"),
    "k_atomic_max_uint32": dict(
        args=dict(X=dict(dtype="u32", shape=3072),
                  Out=dict(dtype="u32", shape=3072, role="inout"),
                  Old=dict(dtype="u32", shape=3072, role="out"),
                  N=3000, BLOCK=1024),
        grid=3, compare="exact"),
    "k_atomic_min_uint64": dict(
        args=dict(X=dict(dtype="u64", shape=640),
                  Out=dict(dtype="u64", shape=16, role="inout"),
                  N=600, BLOCK=128),
        grid=5, compare="exact"),
    "k_atomic_and_int32": dict(
        # Few values per word (5, from two programs) of random bits, so that
        # the AND and the OR are neither all zeros nor all ones; the XOR
        # catches any lost or doubled update. BLOCK fills one warp exactly.
        args=dict(X=dict(dtype="i32", shape=64, fill="bits"),
                  Out=dict(dtype="i32", shape=24, role="inout", fill="bits"),
                  N=40, BLOCK=32),
        grid=2, num_warps=1, runs=4, compare="exact"),
    "k_atomic_xor_uint64": dict(
        args=dict(X=dict(dtype="u64", shape=3072, fill="bits"),
                  Out=dict(dtype="u64", shape=3072, role="inout", fill="bits"),
                  Old=dict(dtype="u64", shape=3072, role="out"),
                  N=3000, BLOCK=1024),
        grid=3, compare="exact"),
    "k_atomic_xchg_int32": dict(
        args=dict(X=dict(dtype="i32", shape=3072),
                  Out=dict(dtype="i32", shape=3072, role="inout"),
                  Old=dict(dtype="i32", shape=3072, role="out"),
                  N=3000, BLOCK=1024),
        grid=3, compare="exact"),
    "k_atomic_cas_int32": dict(
        # Out and Cmp in {-1, 0, 1}: a third of the swaps succeed.
        args=dict(X=dict(dtype="i32", shape=1024),
                  Cmp=dict(dtype="i32", shape=1024, fill="uniform", low=-1, high=2),
                  Out=dict(dtype="i32", shape=1024, role="inout", fill="uniform",
                           low=-1, high=2),
                  Old=dict(dtype="i32", shape=1024, role="out"),
                  N=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_atomic_cas_int64": dict(
        # No mask: the tensors are exactly grid * BLOCK long.
        args=dict(X=dict(dtype="i64", shape=1024),
                  Cmp=dict(dtype="i64", shape=1024, fill="uniform", low=-1, high=2),
                  Out=dict(dtype="i64", shape=1024, role="inout", fill="uniform",
                           low=-1, high=2),
                  Old=dict(dtype="i64", shape=1024, role="out"),
                  BLOCK=256),
        grid=4, compare="exact"),
    "k_atomic_scalar_int32": dict(
        # The tickets come in any order, but as a set they are Counter's
        # start + 0 .. 63: compared sorted. Counter and Total end exact.
        args=dict(Counter=dict(dtype="i32", shape=1, role="inout", fill="uniform",
                               low=-1000, high=1000),
                  Tickets=dict(dtype="i32", shape=64, role="out", compare="sorted"),
                  Total=dict(dtype="i32", shape=1, role="inout", fill="zeros")),
        grid=64, compare="exact"),
    "k_atomic_small_block_int32": dict(
        # 32 elements for 128 threads, 8 programs: Hist[0:32] gains 8 and
        # Hist[32:64] gains 8 * offs, whatever the order. Non-negative
        # starting values keep every returned old value >= 0, so the racing
        # stores of Hist[64:96] all write 1.
        args=dict(Hist=dict(dtype="i32", shape=96, role="inout", fill="uniform",
                            low=0, high=1000),
                  BLOCK=32),
        grid=8, num_warps=4, compare="exact"),
    "k_atomic_lock_int32": dict(
        # 16 programs contend for the lock; whichever comes first stores its
        # row, the others add theirs: Acc ends as the wrapping sum of the 16
        # rows of X in any order, Count as 1, Lock as 0. (A lowering that
        # takes the lock per thread instead of per program deadlocks: the
        # harness has no timeout, the device run's limit ends it.)
        args=dict(Lock=dict(dtype="i32", shape=1, role="inout", fill="zeros"),
                  Count=dict(dtype="i32", shape=1, role="inout", fill="zeros"),
                  Acc=dict(dtype="i32", shape=256, role="inout"),
                  X=dict(dtype="i32", shape=[16, 256]),
                  BLOCK=256),
        grid=16, compare="exact"),
}
