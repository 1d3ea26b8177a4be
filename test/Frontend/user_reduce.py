# RUN: tilec %s -k ured -s "*fp32, *fp32, 32" --emit=tile | FileCheck %s
# RUN: tilec %s -k ured_keep -s "*fp32, *fp32, 16, 32" --emit=tile | FileCheck %s --check-prefix=KEEP
#
# tl.reduce and tl.associative_scan with a @jit combine_fn: the combiner is
# inlined into the region; tuples of tiles give multi-operand reductions.

import triton
import triton.language as tl


@triton.jit
def combine_add(a, b):
    return a + b


@triton.jit
def combine_argmax(v1, i1, v2, i2):
    gt = v1 > v2
    return tl.where(gt, v1, v2), tl.where(gt, i1, i2)


# CHECK-LABEL: func.func @ured
# CHECK: %[[R:.*]] = tile.make_range 0 to 32
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[S:.*]] = tile.reduce(%[[X]]) {axis = 0 : i32} : (tensor<32xf32>) -> f32 {
# CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
# CHECK-NEXT: %[[AB:.*]] = arith.addf %[[A]], %[[B]] : f32
# CHECK-NEXT: tile.reduce.return %[[AB]] : f32
# CHECK: %[[AM:.*]]:2 = tile.reduce(%[[X]], %[[R]]) {axis = 0 : i32} : (tensor<32xf32>, tensor<32xi32>) -> (f32, i32) {
# CHECK-NEXT: ^bb0(%[[V1:.*]]: f32, %[[I1:.*]]: i32, %[[V2:.*]]: f32, %[[I2:.*]]: i32):
# CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[V1]], %[[V2]] : f32
# CHECK-NEXT: %[[V:.*]] = arith.select %[[GT]], %[[V1]], %[[V2]] : f32
# CHECK-NEXT: %[[I:.*]] = arith.select %[[GT]], %[[I1]], %[[I2]] : i32
# CHECK-NEXT: tile.reduce.return %[[V]], %[[I]] : f32, i32
# CHECK: %[[SC:.*]] = tile.scan(%[[X]]) {axis = 0 : i32, reverse = false} : (tensor<32xf32>) -> tensor<32xf32> {
# CHECK: arith.addf
# CHECK: %[[SR:.*]] = tile.scan(%[[X]]) {axis = 0 : i32, reverse = true}
# CHECK: arith.addf %[[SC]], %[[SR]]
# CHECK: tile.splat %[[S]]
# CHECK: tile.splat %[[AM]]#0
# CHECK: arith.sitofp %[[AM]]#1 : i32 to f32
@triton.jit
def ured(x_ptr, o_ptr, N: tl.constexpr):
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rn)
    s = tl.reduce(x, 0, combine_add)
    v, i = tl.reduce((x, rn), axis=0, combine_fn=combine_argmax)
    sc = tl.associative_scan(x, 0, combine_add)
    sr = tl.associative_scan(x, axis=0, combine_fn=combine_add, reverse=True)
    tl.store(o_ptr + rn, sc + sr + s + v + i)


# KEEP-LABEL: func.func @ured_keep
# KEEP: %[[X:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f32>>
# KEEP: %[[S:.*]] = tile.reduce(%[[X]]) {axis = 1 : i32} : (tensor<16x32xf32>) -> tensor<16xf32> {
# KEEP: %[[K:.*]] = tile.expand_dims %[[S]] {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
# KEEP: %[[B:.*]] = tile.broadcast %[[K]] : tensor<16x1xf32> -> tensor<16x32xf32>
# KEEP: arith.addf %[[X]], %[[B]]
@triton.jit
def ured_keep(x_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    s = tl.reduce(x, 1, combine_add, keep_dims=True)
    tl.store(o_ptr + rm[:, None] * N + rn[None, :], x + s)
