# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --emit=tile-raw | FileCheck %s
#
# Tuples as Triton 3.6 has them in kernels (tl.tuple): built from runtime
# values and constexprs, passed to and returned from @jit helpers, indexed
# with constexpr indices (negative ones too), unpacked, measured with len,
# and walked with tl.static_range(len(t)), which unrolls over the elements.

import triton
import triton.language as tl


@triton.jit
def sum_and_max(t):
    return t[0] + t[1], tl.maximum(t[0], t[1])


@triton.jit
def scale_all(t, s):
    return (t[0] * s, t[1] * s, t[2])


# CHECK-LABEL: func.func @k
# CHECK: %[[A:.*]] = tile.load
# CHECK: %[[B:.*]] = tile.load
# CHECK: arith.addf %[[A]], %[[B]]
# CHECK: arith.maxnumf %[[A]], %[[B]]
@triton.jit
def k(x_ptr, n):
    offs = tl.arange(0, 16)
    a = tl.load(x_ptr + offs)
    b = tl.load(x_ptr + 16 + offs)
    s, m = sum_and_max((a, b))
    t = scale_all((s, m, 3), 2.0)
    tl.static_assert(len(t) == 3)
    tl.static_assert(t[-1] == 3)
    u, v, w = t
    tl.store(x_ptr + offs, u + v + w)

# -----

import triton
import triton.language as tl


# A constexpr tuple (a parameter's default) walked by tl.static_range: one
# unrolled copy of the body per element, each element a constexpr.
# CHECK-LABEL: func.func @k
# CHECK: tile.make_range 0 to 4
# CHECK: tile.make_range 0 to 8
# CHECK: tile.make_range 0 to 16
# CHECK-NOT: tile.make_range
@triton.jit
def k(x_ptr, n, SIZES: tl.constexpr = (4, 8, 16)):
    for i in tl.static_range(len(SIZES)):
        r = tl.arange(0, SIZES[i])
        tl.store(x_ptr + r, r.to(tl.float32))

# -----

import triton
import triton.language as tl


# A tuple of runtime values carried through a loop and merged by an if.
# CHECK-LABEL: func.func @k
# CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i32, i32)
@triton.jit
def k(x_ptr, n):
    acc = (n, n * 2)
    for i in range(4):
        acc = (acc[1], acc[0] + i)
    if n > 3:
        acc = (acc[0] + 1, acc[1])
    tl.store(x_ptr, (acc[0] + acc[1]).to(tl.float32))
