# RUN: tilec %s -k k -s "*i32, i32" --split-input-file --emit=tile-raw | FileCheck %s
#
# `while tl.condition(c, disable_licm):` is the loop `while c:`; a true
# disable_licm is recorded on the scf.while as tl.range records it.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: scf.while (%[[I:.*]] = %{{.*}}) : (i32) -> i32 {
# CHECK: %[[C:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : i32
# CHECK: scf.condition(%[[C]]) %[[I]] : i32
# CHECK: } do {
# CHECK-NOT: tile.disable_licm
# CHECK: return
@triton.jit
def k(X, n):
    i = 0
    while tl.condition(i < n):
        tl.store(X + i, i)
        i += 1


# -----
import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: scf.while
# CHECK: scf.condition
# CHECK: } attributes {tile.disable_licm}
@triton.jit
def k(X, n):
    i = 0
    while tl.condition(i < n, disable_licm=True):
        tl.store(X + i, i)
        i += 1
