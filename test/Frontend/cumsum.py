# RUN: tilec %s -k cum -s "*fp32, *fp32, 16, 32" --emit=tile | FileCheck %s
# RUN: tilec %s -k cumi -s "*i32, 32" --emit=tile | FileCheck %s --check-prefix=INT
# RUN: tilec %s -k cum8 -s "*i8, *i32, 32" --emit=tile | FileCheck %s --check-prefix=I8
# RUN: tilec %s -k types8 -s "*i8, *i8, 32" --emit=tile | FileCheck %s --check-prefix=TYPES
#
# tl.cumsum / tl.cumprod -> tile.scan with axis and reverse; the method
# spelling; 8-bit integers summed in 32 bits unless `dtype` says otherwise
# (Triton's _pick_sum_dtype); cumprod keeps its input type.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @cum
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f32>>
# CHECK: tile.scan(%[[X]]) {axis = 1 : i32, reverse = false} : (tensor<16x32xf32>) -> tensor<16x32xf32> {
# CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
# CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
# CHECK-NEXT: tile.reduce.return %[[S]] : f32
# CHECK: tile.scan(%[[X]]) {axis = 0 : i32, reverse = true}
# CHECK: arith.addf
# CHECK: tile.scan(%[[X]]) {axis = 1 : i32, reverse = false}
# CHECK: arith.mulf
@triton.jit
def cum(x_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offs = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + offs)
    a = tl.cumsum(x, axis=1)
    b = tl.cumsum(x, 0, reverse=True)
    c = tl.cumprod(x, axis=1)
    tl.store(o_ptr + offs, a + b + c)


# INT-LABEL: func.func @cumi
# INT: %[[X:.*]] = tile.load
# INT: %[[C:.*]] = tile.scan(%[[X]]) {axis = 0 : i32, reverse = false} : (tensor<32xi32>) -> tensor<32xi32> {
# INT: arith.addi %{{.*}}, %{{.*}} : i32
# INT: tile.store %{{.*}}, %[[C]]
# INT-NOT: tile.scan
# INT: tile.store %{{.*}}, %[[C]]
@triton.jit
def cumi(x_ptr, N: tl.constexpr):
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rn)
    tl.store(x_ptr + rn, tl.cumsum(x, axis=0))
    tl.store(x_ptr + rn, x.cumsum(0))


# I8-LABEL: func.func @cum8
# I8: %[[X:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<i8>>
# I8: %[[W:.*]] = arith.extsi %[[X]] : tensor<32xi8> to tensor<32xi32>
# I8: tile.scan(%[[W]]) {axis = 0 : i32, reverse = false} : (tensor<32xi32>) -> tensor<32xi32>
@triton.jit
def cum8(x_ptr, o_ptr, N: tl.constexpr):
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rn)
    tl.store(o_ptr + rn, tl.cumsum(x, axis=0))


# TYPES-LABEL: func.func @types8
# TYPES: %[[X:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<i8>>
# TYPES: tile.scan(%[[X]]) {axis = 0 : i32, reverse = false} : (tensor<32xi8>) -> tensor<32xi8>
# TYPES: arith.muli %{{.*}}, %{{.*}} : i8
# TYPES: tile.scan(%[[X]]) {axis = 0 : i32, reverse = true} : (tensor<32xi8>) -> tensor<32xi8>
# TYPES: arith.addi %{{.*}}, %{{.*}} : i8
# TYPES: %[[W:.*]] = arith.extsi %[[X]] : tensor<32xi8> to tensor<32xi64>
# TYPES: tile.scan(%[[W]]) {axis = 0 : i32, reverse = false} : (tensor<32xi64>) -> tensor<32xi64>
@triton.jit
def types8(x_ptr, o_ptr, N: tl.constexpr):
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rn)
    p = tl.cumprod(x, 0)
    s = tl.cumsum(x, 0, reverse=True, dtype=tl.int8)
    w = tl.cumsum(x, 0, dtype=tl.int64)
    tl.store(o_ptr + rn, p + s + w.to(tl.int8))
