# RUN: tilec %s -k skipped -s "*fp32, None, i32, i32, False" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k skipped -s "*fp32, *fp32, i32, i32, True" --emit=tile-raw | FileCheck %s --check-prefix=TAKEN
# RUN: tilec %s -k same_value -s "*fp32, i32" --emit=tile-raw | FileCheck %s --check-prefix=SAME
#
# A name that holds a constexpr a loop cannot carry (None here) may be
# assigned in the loop body when the assignment does not run: under an
# `if CONSTEXPR:` that is false, as in mamba's and flash-attention's layer
# norm backward kernels (`if RECOMPUTE_OUTPUT: Y += stride`), or to the same
# value. Triton carries only the names an iteration changes; the name keeps
# its value and is no iter_arg of the loop.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @skipped(
# The loop carries X only.
# CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!tile.ptr<f32>)
# CHECK: tile.store
# CHECK-NOT: tile.store
# CHECK: scf.yield %{{.*}} : !tile.ptr<f32>
# With a pointer for Y the branch is taken and Y is carried too.
# TAKEN-LABEL: func.func @skipped(
# TAKEN: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (!tile.ptr<f32>, !tile.ptr<f32>)
# TAKEN: tile.store
# TAKEN: tile.store
# TAKEN: scf.yield %{{.*}}, %{{.*}} : !tile.ptr<f32>, !tile.ptr<f32>
@triton.jit
def skipped(X, Y, stride, n, HAS_Y: tl.constexpr):
    for i in range(0, n):
        tl.store(X + tl.arange(0, 16), 1.0)
        if HAS_Y:
            tl.store(Y + tl.arange(0, 16), 2.0)
        X += stride
        if HAS_Y:
            Y += stride


# SAME-LABEL: func.func @same_value(
# SAME: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!tile.ptr<f32>)
# SAME: scf.yield %{{.*}} : !tile.ptr<f32>
@triton.jit
def same_value(X, n):
    mode = None
    for i in range(0, n):
        tl.store(X + tl.arange(0, 16), 1.0)
        X += 16
        mode = None
