# RUN: tilec %s -k helpers -s "*fp32, i32, 64" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k const_helper -s "*fp32" --emit=tile | FileCheck %s --check-prefix=CONST
#
# @jit helpers are inlined (no func.call, one func.func): positional and
# keyword arguments, defaults, constexpr parameters, tuple returns unpacked
# by the caller, nested helpers, helpers returning nothing.

import triton
import triton.language as tl


@triton.jit
def scale(x, factor=2.0, bias=0.0):
    return x * factor + bias


@triton.jit
def load_block(ptr, start, BLOCK: tl.constexpr):
    offs = start + tl.arange(0, BLOCK)
    return tl.load(ptr + offs), offs


@triton.jit
def inner(x):
    return x + 1.0


@triton.jit
def outer_h(x):
    return inner(x) * inner(x + 2.0)


@triton.jit
def no_ret(ptr, v):
    tl.store(ptr, v)


# CHECK-LABEL: func.func @helpers(
# CHECK-SAME: %[[P:[^:]*]]: !tile.ptr<f32>, %[[N:[^:]*]]: i32)
# CHECK-NOT: func.call
# load_block(x_ptr, n, BLOCK) returns (x, offs).
# CHECK: tile.make_range 0 to 64
# CHECK: %[[OFFS:.*]] = arith.addi
# CHECK: %[[X:.*]] = tile.load
# scale(x): the defaults 2.0 and 0.0.
# CHECK: arith.constant 2.000000e+00 : f32
# CHECK: arith.mulf %[[X]]
# CHECK: arith.constant 0.000000e+00 : f32
# CHECK: %[[A:.*]] = arith.addf
# scale(x, 3.0)
# CHECK: arith.constant 3.000000e+00 : f32
# CHECK: arith.mulf %[[X]]
# CHECK: arith.constant 0.000000e+00 : f32
# CHECK: %[[B:.*]] = arith.addf
# scale(x, bias=1.0, factor=4.0)
# CHECK: arith.constant 4.000000e+00 : f32
# CHECK: arith.mulf %[[X]]
# CHECK: arith.constant 1.000000e+00 : f32
# CHECK: %[[C:.*]] = arith.addf
# outer_h(x) = inner(x) * inner(x + 2.0)
# CHECK: %[[I1:.*]] = arith.addf %[[X]]
# CHECK: %[[X2:.*]] = arith.addf %[[X]]
# CHECK: %[[I2:.*]] = arith.addf %[[X2]]
# CHECK: %[[D:.*]] = arith.mulf %[[I1]], %[[I2]]
# CHECK: tile.addptr %{{.*}}, %[[OFFS]]
# CHECK: %[[AB:.*]] = arith.addf %[[A]], %[[B]]
# CHECK: %[[ABC:.*]] = arith.addf %[[AB]], %[[C]]
# CHECK: arith.addf %[[ABC]], %[[D]]
# no_ret(x_ptr, 0.0)
# CHECK: tile.store %[[P]], %{{.*}} : !tile.ptr<f32>
# CHECK-NOT: func.func
@triton.jit
def helpers(x_ptr, n, BLOCK: tl.constexpr):
    x, offs = load_block(x_ptr, n, BLOCK)
    a = scale(x)
    b = scale(x, 3.0)
    c = scale(x, bias=1.0, factor=4.0)
    d = outer_h(x)
    tl.store(x_ptr + offs, a + b + c + d)
    no_ret(x_ptr, 0.0)


@triton.jit
def fill(ptr, N: tl.constexpr, NEG: tl.constexpr = False):
    offs = tl.arange(0, N)
    if NEG:
        tl.store(ptr + offs, tl.full([N], -1.0, tl.float32))
    else:
        tl.store(ptr + offs, tl.full([N], 1.0, tl.float32))
    return N * 2


# Constexpr helper parameters shape tiles and fold branches; a helper's
# constexpr return value stays constexpr in the caller.
# CONST-LABEL: func.func @const_helper
# CONST-DAG: arith.constant dense<-1.000000e+00> : tensor<32xf32>
# CONST-DAG: arith.constant dense<1.000000e+00> : tensor<16xf32>
# fill returns 2*N: 32 + 64 + 32 = 128 (stored as f32).
# CONST-DAG: arith.constant dense<1.280000e+02> : tensor<128xf32>
# CONST-NOT: scf.if
# CONST: tile.store %{{.*}} : tensor<16x!tile.ptr<f32>>
# CONST: tile.store %{{.*}} : tensor<32x!tile.ptr<f32>>
# CONST: tile.make_range 0 to 128
# CONST: tile.store %{{.*}} : tensor<128x!tile.ptr<f32>>
@triton.jit
def const_helper(x_ptr):
    a = fill(x_ptr, 16)
    b = fill(x_ptr, N=32, NEG=True)
    r = tl.arange(0, a + b + 32)
    tl.store(x_ptr + r, tl.full([a + b + 32], a + b + 32, tl.int32))
