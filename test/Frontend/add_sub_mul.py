# RUN: tilec %s -k k -s "*fp32, *i32, i32" --split-input-file --emit=tile-raw | FileCheck %s
#
# tl.add, tl.sub and tl.mul are Triton 3.6's operators as functions: the
# operators' promotion and pointer arithmetic; two Python numbers become an
# int32 tensor first, as Triton's semantic layer makes them.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f32>>
# CHECK: %[[Y:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<i32>>
# CHECK: %[[A:.*]] = arith.addf %[[X]], %{{.*}} : tensor<16xf32>
# CHECK: %[[S:.*]] = arith.subf %[[A]], %[[X]] : tensor<16xf32>
# CHECK: arith.mulf %[[S]], %{{.*}} : tensor<16xf32>
# CHECK: arith.addi %[[Y]], %{{.*}} : tensor<16xi32>
@triton.jit
def k(X, Y, n):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    y = tl.load(Y + offs)
    tl.store(X + offs, tl.mul(tl.sub(tl.add(x, 1.5), x), 2.0))
    tl.store(Y + offs, tl.add(y, n, sanitize_overflow=False))


# -----
import triton
import triton.language as tl


# Pointer arithmetic; tl.mul(2, 3) is a runtime int32, not a constexpr.
# CHECK-LABEL: func.func @k
# CHECK: tile.addptr %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
# CHECK: %[[TWO:.*]] = arith.constant 2 : i32
# CHECK: %[[THREE:.*]] = arith.constant 3 : i32
# CHECK: arith.muli %[[TWO]], %[[THREE]] : i32
@triton.jit
def k(X, Y, n):
    p = tl.add(Y, tl.arange(0, 16))
    tl.store(p, tl.mul(2, 3) + tl.zeros((16,), tl.int32))
