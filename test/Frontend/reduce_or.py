# RUN: tilec %s -k k -s "*i32, *u8" --split-input-file --emit=tile-raw | FileCheck %s
#
# tl.reduce_or (Triton's standard.py: tl.reduce with `|`): integers only,
# no widening of narrow types, keep_dims, and the tensor method.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<8x16x!tile.ptr<i32>>
# CHECK: tile.reduce(%[[X]]) {axis = 1 : i32} : (tensor<8x16xi32>) -> tensor<8xi32> {
# CHECK: arith.ori %{{.*}}, %{{.*}} : i32
# CHECK: %[[K:.*]] = tile.reduce(%[[X]]) {axis = 1 : i32}
# CHECK: tile.expand_dims %[[K]] {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
@triton.jit
def k(X, Y):
    r = tl.arange(0, 8)
    c = tl.arange(0, 16)
    x = tl.load(X + r[:, None] * 16 + c[None, :])
    tl.store(X + r, tl.reduce_or(x, axis=1))
    tl.store(X + r[:, None], tl.reduce_or(x, 1, keep_dims=True))


# -----
import triton
import triton.language as tl


# uint8 stays 8 bits (no widening, unlike tl.sum).
# CHECK-LABEL: func.func @k
# CHECK: %[[Y:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<i8>>
# CHECK: tile.reduce(%[[Y]]) {axis = 0 : i32} : (tensor<16xi8>) -> i8 {
# CHECK: arith.ori %{{.*}}, %{{.*}} : i8
@triton.jit
def k(X, Y):
    y = tl.load(Y + tl.arange(0, 16))
    tl.store(Y, y.reduce_or(0))
