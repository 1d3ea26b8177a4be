# RUN: tilec %s -k k -s "*fp32:16, (i32,i32,fp32)" --emit=tile-raw | FileCheck %s
#
# A list comprehension over a tuple is a tuple (Triton 3.6's visit_ListComp),
# here over a tuple argument; the comprehension's name does not leak.

import triton
import triton.language as tl


@triton.jit
def _inc(values):
    return tl.tuple([v + 1 for v in values])


# CHECK-LABEL: func.func @k(
# CHECK-SAME: %[[X:[^:]*]]: !tile.ptr<f32> {tile.divisibility = 16 : i32},
# CHECK-SAME: %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32, %[[C:[^:]*]]: f32)
# CHECK: %[[A1:.*]] = arith.addi %[[A]], %{{.*}} : i32
# CHECK: %[[B1:.*]] = arith.addi %[[B]], %{{.*}} : i32
# CHECK: %[[C1:.*]] = arith.addf %[[C]], %{{.*}} : f32
# CHECK: %[[AB:.*]] = arith.addi %[[A1]], %[[B1]] : i32
# CHECK: %[[F:.*]] = arith.sitofp %[[AB]]
# CHECK: %[[R:.*]] = arith.addf %[[F]], %[[C1]]
# CHECK: tile.store %[[X]], %[[R]]
@triton.jit
def k(X, values):
    v = 7
    out = _inc(values)
    doubled = [v * 2 for v in (1, 2, 3)]
    tl.static_assert(len(doubled) == 3 and doubled[2] == 6)
    tl.static_assert(v == 7)
    tl.store(X, out[0] + out[1] + out[2])
