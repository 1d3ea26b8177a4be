# Debug ops and hints for the differential harness (tilec against Triton 3.6
# on the same inputs); each kernel runs unchanged under Triton.
# RUN: tilec %s -k k_debug_barrier_int32 -s "*i32, *i32, 256" --emit=ptx -o %t.bar.ptx
# RUN: env TRITON_DEBUG=1 tilec %s -k k_device_assert_int32 -s "*i32, *i32, i32, 256" --emit=ptx -o %t.assert.ptx
# RUN: tilec %s -k k_device_print_int32 -s "*i32, 8" --emit=ptx -o %t.print.ptx
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.bar.ptx -o %t.bar.cubin %}
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.assert.ptx -o %t.assert.cubin %}
# RUN: %if ptxas %{ %ptxas --gpu-name=sm_90a %t.print.ptx -o %t.print.cubin %}

import triton
import triton.language as tl


@triton.jit
def k_debug_barrier_int32(X, Out, BLOCK: tl.constexpr):
    # Each program adds its row into a shared row of Out with atomics, waits
    # at the barrier, then reads the row back: every thread's atomics of
    # this program are in before the load.
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + pid * BLOCK + offs)
    tl.atomic_add(Out + pid * BLOCK + offs, x)
    tl.atomic_add(Out + pid * BLOCK + (offs + 1) % BLOCK, x)
    tl.debug_barrier()
    y = tl.load(Out + pid * BLOCK + offs, volatile=True)
    tl.store(Out + pid * BLOCK + offs, y * 2)


@triton.jit
def k_assume_int32(X, Out, n, BLOCK: tl.constexpr):
    # tl.assume changes nothing in what is computed.
    tl.assume(n > 0)
    pid = tl.program_id(0)
    tl.assume(pid >= 0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(X + offs, mask=m, other=0)
    tl.store(Out + offs, x // n + x % n, mask=m)


@triton.jit
def k_device_assert_int32(X, Out, n, BLOCK: tl.constexpr):
    # With TRITON_DEBUG=1 an element of X that is negative (within the mask)
    # stops the kernel; without it the asserts vanish. Python's assert is
    # the same as tl.device_assert.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(X + offs, mask=m, other=0)
    tl.device_assert(x >= 0, "x must be non-negative", mask=m)
    assert n > 0, "n must be positive"
    tl.store(Out + offs, x + 1, mask=m)


@triton.jit
def k_device_print_int32(X, BLOCK: tl.constexpr):
    # One line per element and thread: compare the sorted lines.
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + pid * BLOCK + offs)
    tl.device_print("x", x)
    tl.device_print("hex", x, hex=True)
    print("pid", pid)


@triton.jit
def k_device_print_fp32(X, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + pid * BLOCK + offs)
    tl.device_print("vals: ", x, offs)


@triton.jit
def k_static_print_int32(X, Out, BLOCK: tl.constexpr):
    # Prints at compile time only; the kernel copies X.
    tl.static_print("BLOCK", BLOCK)
    offs = tl.arange(0, BLOCK)
    tl.store(Out + offs, tl.load(X + offs))


# The harness compares memory only: what device_print/print write to
# stdout and what static_print writes at compile time are not compared
# (printed text is order-dependent across threads anyway). The print
# kernels still run: a crash, a launch error, a write past a tensor or into
# X fails them. The harness compiles and runs without TRITON_DEBUG, so the
# asserts are compiled out on both sides and must change nothing; that an
# assert fires under TRITON_DEBUG=1 is not checked here (a trap ends the
# CUDA context).
SPECS = {
    "k_debug_barrier_int32": dict(
        # Out[i] = 2 * (Out[i] + X[i] + X[i - 1 mod BLOCK]) per row, wrapping.
        args=dict(X=dict(dtype="i32", shape=[4, 256]),
                  Out=dict(dtype="i32", shape=[4, 256], role="inout"),
                  BLOCK=256),
        grid=4, compare="exact"),
    "k_assume_int32": dict(
        # Negative x included: // and % truncate toward zero in both.
        args=dict(X=dict(dtype="i32", shape=1024),
                  Out=dict(dtype="i32", shape=1024, role="out"),
                  n=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_device_assert_int32": dict(
        # Negative elements in X (edge values: INT_MIN, -1, random): without
        # TRITON_DEBUG the assert is absent and Out = X + 1 (wrapping) on
        # every element below n.
        args=dict(X=dict(dtype="i32", shape=1024),
                  Out=dict(dtype="i32", shape=1024, role="out"),
                  n=1000, BLOCK=256),
        grid=4, compare="exact"),
    "k_device_print_int32": dict(
        # No output: the printed lines are not compared.
        args=dict(X=dict(dtype="i32", shape=[2, 8]), BLOCK=8),
        grid=2),
    "k_device_print_fp32": dict(
        # No output: the printed lines are not compared.
        args=dict(X=dict(dtype="fp32", shape=[2, 8]), BLOCK=8),
        grid=2),
    "k_static_print_int32": dict(
        # The compile-time print is not compared; the copy is.
        args=dict(X=dict(dtype="i32", shape=64, fill="bits"),
                  Out=dict(dtype="i32", shape=64, role="out"),
                  BLOCK=64),
        compare="exact"),
}
