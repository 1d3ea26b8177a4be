# RUN: tilec %s -k early -s "*fp32, i32, 64" --emit=tile | FileCheck %s
# RUN: tilec %s -k helper_ret -s "*i32, i32" --emit=tile-raw | FileCheck %s --check-prefix=HELPER
# RUN: tilec %s -k early_const -s "*i32, 1" --emit=tile | FileCheck %s --check-prefix=CTRUE
# RUN: tilec %s -k early_const -s "*i32, 0" --emit=tile | FileCheck %s --check-prefix=CFALSE
#
# Returns inside `if`: a guard `if pid >= n: return` puts the rest of the
# kernel in the else branch of an scf.if; a helper returning on both paths
# (or on one path and after the if) gives an scf.if with a result; a return
# under a constexpr condition drops the rest of the kernel.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @early(
# CHECK-SAME: %{{[^:]*}}: !tile.ptr<f32>, %[[N:[^:]*]]: i32)
# CHECK: %[[PID:.*]] = tile.program_id 0
# CHECK: %[[C:.*]] = arith.cmpi sge, %[[PID]], %[[N]] : i32
# CHECK: scf.if %[[C]] {
# CHECK-NEXT: } else {
# CHECK: tile.load
# CHECK: tile.store
# CHECK-NEXT: }
# CHECK-NEXT: return
@triton.jit
def early(x_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid >= n:
        return
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1.0)


@triton.jit
def pick(x, n):
    if n > 0:
        return x * 2
    else:
        return x + 1


@triton.jit
def pick2(x, n):
    if n > 0:
        return x * 2
    return x - 1


# HELPER-LABEL: func.func @helper_ret
# HELPER: %[[V:.*]] = tile.load
# HELPER: %[[P:.*]] = scf.if %{{.*}} -> (i32) {
# HELPER: %[[M:.*]] = arith.muli %[[V]]
# HELPER: scf.yield %[[M]] : i32
# HELPER: } else {
# HELPER: %[[A:.*]] = arith.addi %[[V]]
# HELPER: scf.yield %[[A]] : i32
# HELPER: %[[P2:.*]] = scf.if %{{.*}} -> (i32) {
# HELPER: arith.muli %[[V]]
# HELPER: } else {
# HELPER: %[[S:.*]] = arith.subi %[[V]]
# HELPER: scf.yield %[[S]] : i32
# HELPER: %[[SUM:.*]] = arith.addi %[[P]], %[[P2]] : i32
# HELPER: tile.store %{{.*}}, %[[SUM]]
@triton.jit
def helper_ret(x_ptr, n):
    v = tl.load(x_ptr)
    tl.store(x_ptr, pick(v, n) + pick2(v, n))


# CTRUE-LABEL: func.func @early_const
# CTRUE-NOT: tile.store
# CTRUE: return
# CFALSE-LABEL: func.func @early_const
# CFALSE-NOT: scf.if
# CFALSE: tile.store
@triton.jit
def early_const(x_ptr, FLAG: tl.constexpr):
    if FLAG:
        return
    tl.store(x_ptr, 1)
