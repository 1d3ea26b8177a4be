# RUN: tilec %s -k mm -s "*i32, i32, i32, 32" --emit=tile-raw | FileCheck %s
#
# Python's min() and max(): on runtime scalars they are tl.minimum /
# tl.maximum; on constexprs they fold (with any number of arguments, mixing
# ints and floats), so they can compute shapes.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @mm(
# CHECK-SAME: %[[P:[^:]*]]: !tile.ptr<i32>, %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32)
# CHECK: %[[LO:.*]] = arith.minsi %[[A]], %[[B]] : i32
# CHECK: %[[HI:.*]] = arith.maxsi %[[A]], %[[B]] : i32
# max(N, 64) = 64 as a shape.
# CHECK: tile.make_range 0 to 64 : tensor<64xi32>
# CHECK: %[[PL:.*]] = tile.addptr %[[P]], %[[LO]]
# CHECK: tile.store %[[PL]], %[[HI]]
# min(N, 16) = 16 and max(N, 16, 8) = 32 fold to constants.
# CHECK: %[[C16:.*]] = arith.constant 16 : i32
# CHECK: tile.addptr %[[P]], %[[C16]]
# CHECK: %[[C32:.*]] = arith.constant 32 : i32
# CHECK: tile.store %{{.*}}, %[[C32]]
# min(2.5, N) = 2.5
# CHECK: arith.constant 2.500000e+00 : f32
# CHECK-NOT: arith.minsi
# CHECK-NOT: arith.maxsi
@triton.jit
def mm(x_ptr, a, b, N: tl.constexpr):
    lo = min(a, b)
    hi = max(a, b)
    c = min(N, 16)
    d = max(N, 16, 8)
    e = min(2.5, N)
    offs = tl.arange(0, max(N, 64))
    tl.store(x_ptr + lo, hi)
    tl.store(x_ptr + c, d)
    tl.store(x_ptr + offs, offs * e)
