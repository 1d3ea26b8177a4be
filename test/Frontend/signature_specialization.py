# RUN: tilec %s -k kern -s "*i32:16, i32:16, i32:1, 64" --emit=tile-raw | FileCheck %s --check-prefix=RAW
# RUN: tilec %s -k kern -s "*i32:16, i32:16, i32:1, 64" --emit=tile | FileCheck %s
# RUN: tilec %s -k kern -s "*i32, i32, i32, 64" --emit=tile | FileCheck %s --check-prefix=PLAIN
#
# `:16` marks a pointer or integer divisible by 16 (tile.divisibility); `:1`
# specializes an integer to 1 (tile.equal_to_1), so `offs * stride` folds to
# `offs` in the cleaned-up IR.

import triton
import triton.language as tl


# RAW-LABEL: func.func @kern(
# RAW-SAME: %{{.*}}: !tile.ptr<i32> {tile.divisibility = 16 : i32}
# RAW-SAME: %{{.*}}: i32 {tile.divisibility = 16 : i32}
# RAW-SAME: %{{.*}}: i32 {tile.equal_to_1}
# RAW: %[[R:.*]] = tile.make_range 0 to 64
# RAW: %[[ONE:.*]] = arith.constant 1 : i32
# RAW: %[[S:.*]] = tile.splat %[[ONE]] : i32 -> tensor<64xi32>
# RAW: arith.muli %[[R]], %[[S]] : tensor<64xi32>

# CHECK-LABEL: func.func @kern(
# CHECK-SAME: %[[P:[^:]*]]: !tile.ptr<i32> {tile.divisibility = 16 : i32}
# CHECK-SAME: %[[N:[^:]*]]: i32 {tile.divisibility = 16 : i32}
# CHECK-SAME: %{{[^:]*}}: i32 {tile.equal_to_1}
# CHECK-NOT: arith.muli
# CHECK: %[[R:.*]] = tile.make_range 0 to 64
# CHECK: %[[PS:.*]] = tile.splat %[[P]]
# CHECK: %[[PTRS:.*]] = tile.addptr %[[PS]], %[[R]]
# CHECK: %[[NS:.*]] = tile.splat %[[N]] : i32 -> tensor<64xi32>
# CHECK: %[[M:.*]] = arith.cmpi slt, %[[R]], %[[NS]]
# CHECK: tile.store %[[PTRS]], %[[R]], %[[M]]
# CHECK-NOT: arith.muli

# PLAIN-LABEL: func.func @kern(
# PLAIN-SAME: %{{[^:]*}}: !tile.ptr<i32>, %{{[^:]*}}: i32, %[[STRIDE:[^:]*]]: i32) attributes
# PLAIN-NOT: tile.divisibility
# PLAIN-NOT: tile.equal_to_1
# PLAIN: %[[SS:.*]] = tile.splat %[[STRIDE]]
# PLAIN: arith.muli %{{.*}}, %[[SS]]
@triton.jit
def kern(x_ptr, n, stride, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs * stride, offs, mask=offs < n)
