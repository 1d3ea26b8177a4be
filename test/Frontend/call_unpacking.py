# RUN: tilec %s -k k -s "*fp32, (i32, i32)" --split-input-file --emit=tile-raw | FileCheck %s
#
# `f(*t)` in a kernel, as Triton 3.6's code generator has it: each starred
# argument is a tuple (a literal, a tuple parameter, a helper's returned
# tuple, an attribute such as `x.shape`) spread in place among the other
# positional arguments, for @jit helpers, tl functions and tensor methods.

import triton
import triton.language as tl


@triton.jit
def add3(a, b, c):
    return a + b + c


@triton.jit
def pair(x):
    return x, x * 2.0


# A constexpr tuple spread after a tensor, and a tuple parameter before one.
# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[X:[^:]*]]: !tile.ptr<f32>, %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32
# CHECK: %[[V:.*]] = tile.load
# CHECK: arith.addi %[[A]], %[[B]] : i32
@triton.jit
def k(X, t):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    c = (1.0, 2.0)
    y = add3(x, *c)
    z = add3(*t, y)
    tl.store(X + offs, z)

# -----
import triton
import triton.language as tl


@triton.jit
def pair(x):
    return x, x * 2.0


# A helper's returned tuple spread into a tl function, and `x.shape` into
# tl.zeros (with a keyword after it).
# CHECK-LABEL: func.func @k(
# CHECK: %[[V:.*]] = tile.load
# CHECK: %[[D:.*]] = arith.mulf %[[V]]
# CHECK: arith.maxnumf %[[V]], %[[D]]
# CHECK: arith.constant dense<0.000000e+00> : tensor<16xf16>
@triton.jit
def k(X, t):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    m = tl.maximum(*pair(x))
    zero = tl.zeros(*(x.shape,), dtype=tl.float16)
    tl.store(X + offs, m + zero)

# -----
import triton
import triton.language as tl


# Empty and one-element tuples, and two spreads in one call (a tensor
# method's arguments after its receiver).
# CHECK-LABEL: func.func @k(
# CHECK: tile.reduce
# CHECK: arith.addi %{{.*}}, %{{.*}} : i32
@triton.jit
def k(X, t):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs, *())
    s = x.sum(*(0,), *(False,))
    u = tl.maximum(*t[:1], *t[1:]) + t[0]
    tl.store(X, s + u)
