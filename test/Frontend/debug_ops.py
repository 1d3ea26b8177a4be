# RUN: tilec %s -k dbg -s "*i32, i32, 64" --emit=tile | FileCheck %s
# RUN: env TRITON_DEBUG=1 tilec %s -k dbg -s "*i32, i32, 64" --emit=tile | FileCheck %s --check-prefix=DEBUG
# RUN: tilec %s -k dbg_jit -s "*i32, i32" --emit=tile | FileCheck %s --check-prefix=JIT
# RUN: tilec %s -k prints -s "*fp32, i32, 64" --emit=tile | FileCheck %s --check-prefix=PRINT
#
# tl.debug_barrier, tl.assume, tl.device_assert and Python's `assert` (only
# in Triton's debug mode: TRITON_DEBUG=1 or @triton.jit(debug=True)),
# tl.device_print and Python's print with Triton's prefix rules.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @dbg(
# CHECK: tile.debug_barrier
# CHECK: %[[C:.*]] = arith.cmpi sgt
# CHECK: tile.assume %[[C]] : i1
# CHECK-NOT: tile.assert
# CHECK: return

# DEBUG-LABEL: func.func @dbg(
# DEBUG: tile.assert %{{.*}}, "n must be positive" : i1
# DEBUG: %[[M:.*]] = arith.cmpi slt, %{{.*}} : tensor<64xi32>
# DEBUG: %[[NOTM:.*]] = arith.xori %[[M]]
# DEBUG: %[[OR:.*]] = arith.ori %{{.*}}, %[[NOTM]]
# DEBUG: tile.assert %[[OR]], "" : tensor<64xi1>
# DEBUG: tile.assert %{{.*}}, "x is small" : tensor<64xi1>
@triton.jit
def dbg(X, n, BLOCK: tl.constexpr):
    tl.debug_barrier()
    tl.assume(n > 0)
    assert n > 0, "n must be positive"
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    tl.device_assert(x >= 0, mask=offs < n)
    tl.device_assert(x < 100, "x is small")


# JIT-LABEL: func.func @dbg_jit(
# JIT: tile.assert %{{.*}}, "" : i1
@triton.jit(debug=True)
def dbg_jit(X, n):
    assert n != 3


# PRINT-LABEL: func.func @prints(
# PRINT: tile.print " pid" {hex = false, is_signed = array<i32>}
# PRINT: tile.print " x: "(%{{.*}} : tensor<64xf32>) {hex = false, is_signed = array<i32: 0>}
# PRINT: tile.print " offs: "(%{{.*}}, %{{.*}} : tensor<64xi32>, i32) {hex = true, is_signed = array<i32: 1, 0>}
# PRINT: tile.print " n: "(%{{.*}} : i32) {hex = false, is_signed = array<i32: 1>}
@triton.jit
def prints(X, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    tl.device_print("pid")
    tl.device_print("x", x)
    tl.device_print("offs:", offs, n.to(tl.uint32), hex=True)
    print("n", n)
