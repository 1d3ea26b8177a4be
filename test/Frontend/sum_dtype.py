# RUN: tilec %s -k s8 -s "*i8, *i8" --emit=tile | FileCheck %s
# RUN: not tilec %s -k xdt -s "*i32" --emit=tile 2>&1 | FileCheck %s --check-prefix=XOR
#
# tl.sum with an explicit `dtype` sums in that type (Triton's _pick_sum_dtype
# returns it as is): int8 stays int8; without it int8 sums in int32.
# tl.xor_sum takes no dtype.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @s8
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<i8>>
# CHECK: tile.reduce(%[[X]]) {axis = 0 : i32} : (tensor<32xi8>) -> i8
# CHECK: %[[W:.*]] = arith.extsi %[[X]] : tensor<32xi8> to tensor<32xi32>
# CHECK: tile.reduce(%[[W]]) {axis = 0 : i32} : (tensor<32xi32>) -> i32
@triton.jit
def s8(X, Y):
    x = tl.load(X + tl.arange(0, 32))
    a = tl.sum(x, 0, dtype=tl.int8)
    b = tl.sum(x, 0)
    tl.store(Y, a + b.to(tl.int8))


# XOR: error: 'tl.xor_sum' got an unexpected keyword argument 'dtype'
@triton.jit
def xdt(X):
    x = tl.load(X + tl.arange(0, 32))
    tl.store(X, tl.xor_sum(x, 0, dtype=tl.int32))
