# RUN: tilec %s -k outer -s "*fp32, *fp32, *fp32, 16, 32" --emit=tile | FileCheck %s --check-prefix=OUTER
# RUN: tilec %s -k rank_align -s "*fp32, *fp32, 16, 32" --emit=tile | FileCheck %s --check-prefix=ALIGN
# RUN: tilec %s -k scalar_bcast -s "*fp32, fp32, 64" --emit=tile | FileCheck %s --check-prefix=SCALAR
#
# `None` subscripts insert dimensions; binary operators broadcast with numpy
# rules (ranks aligned on the right); scalars are splat.

import triton
import triton.language as tl


# OUTER-LABEL: func.func @outer
# OUTER: %[[X:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f32>>
# OUTER: %[[Y:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<f32>>
# OUTER: %[[XE:.*]] = tile.expand_dims %[[X]] {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
# OUTER: %[[YE:.*]] = tile.expand_dims %[[Y]] {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
# OUTER: %[[XB:.*]] = tile.broadcast %[[XE]] : tensor<16x1xf32> -> tensor<16x32xf32>
# OUTER: %[[YB:.*]] = tile.broadcast %[[YE]] : tensor<1x32xf32> -> tensor<16x32xf32>
# OUTER: %[[Z:.*]] = arith.addf %[[XB]], %[[YB]] : tensor<16x32xf32>
# OUTER: tile.broadcast %{{.*}} : tensor<16x1x!tile.ptr<f32>> -> tensor<16x32x!tile.ptr<f32>>
# OUTER: tile.store %{{.*}}, %[[Z]] : tensor<16x32x!tile.ptr<f32>>
@triton.jit
def outer(x_ptr, y_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm)
    y = tl.load(y_ptr + rn)
    z = x[:, None] + y[None, :]
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], z)


# A 1-D operand against a 2-D one gets a leading dimension.
# ALIGN-LABEL: func.func @rank_align
# ALIGN: %[[X:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f32>>
# ALIGN: %[[B:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<f32>>
# ALIGN: %[[BE:.*]] = tile.expand_dims %[[B]] {axis = 0 : i32} : tensor<32xf32> -> tensor<1x32xf32>
# ALIGN: %[[BB:.*]] = tile.broadcast %[[BE]] : tensor<1x32xf32> -> tensor<16x32xf32>
# ALIGN: arith.mulf %[[X]], %[[BB]] : tensor<16x32xf32>
@triton.jit
def rank_align(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + offs)
    b = tl.load(x_ptr + rn)
    tl.store(out_ptr + offs, x * b + 1.0)


# SCALAR-LABEL: func.func @scalar_bcast(
# SCALAR-SAME: %{{[^:]*}}: !tile.ptr<f32>, %[[S:[^:]*]]: f32)
# SCALAR: %[[X:.*]] = tile.load
# SCALAR: %[[SS:.*]] = tile.splat %[[S]] : f32 -> tensor<64xf32>
# SCALAR: arith.mulf %[[X]], %[[SS]] : tensor<64xf32>
@triton.jit
def scalar_bcast(x_ptr, s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * s)
