# RUN: tilec %s -k wloop -s "*fp32, i32" --emit=tile | FileCheck %s
# RUN: tilec %s -k collatz -s "*i32, i32" --emit=tile | FileCheck %s --check-prefix=NESTED
#
# `while` loops -> scf.while: the variables the body assigns are carried,
# the condition is evaluated in the before region, and an `if` inside the
# body yields the merged value.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @wloop(
# CHECK-SAME: %[[X:[^:]*]]: !tile.ptr<f32>, %[[N:[^:]*]]: i32)
# CHECK: %[[R:.*]]:2 = scf.while (%[[ACC:.*]] = %{{.*}}, %[[I:.*]] = %{{.*}}) : (f32, i32) -> (f32, i32) {
# CHECK: %[[C:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
# CHECK: scf.condition(%[[C]]) %[[ACC]], %[[I]] : f32, i32
# CHECK: } do {
# CHECK: ^bb0(%[[ACC2:.*]]: f32, %[[I2:.*]]: i32):
# CHECK: %[[P:.*]] = tile.addptr %[[X]], %[[I2]]
# CHECK: %[[V:.*]] = tile.load %[[P]] : !tile.ptr<f32>
# CHECK: %[[NA:.*]] = arith.addf %[[ACC2]], %[[V]] : f32
# CHECK: %[[NI:.*]] = arith.addi %[[I2]], %{{.*}} : i32
# CHECK: scf.yield %[[NA]], %[[NI]] : f32, i32
# CHECK: tile.store %[[X]], %[[R]]#0 : !tile.ptr<f32>
@triton.jit
def wloop(x_ptr, n):
    i = 0
    acc = 0.0
    while i < n:
        acc += tl.load(x_ptr + i)
        i += 1
    tl.store(x_ptr, acc)


# NESTED-LABEL: func.func @collatz(
# NESTED-SAME: %{{[^:]*}}: !tile.ptr<i32>, %[[N:[^:]*]]: i32)
# NESTED: %[[R:.*]] = scf.while (%[[I:.*]] = %[[N]]) : (i32) -> i32 {
# NESTED: arith.cmpi sgt, %[[I]]
# NESTED: scf.condition
# NESTED: } do {
# NESTED: %[[IF:.*]] = scf.if %{{.*}} -> (i32) {
# NESTED: arith.divsi
# NESTED: } else {
# NESTED: arith.muli
# NESTED: scf.yield %[[IF]] : i32
# NESTED: tile.store %{{.*}}, %[[R]] : !tile.ptr<i32>
@triton.jit
def collatz(x_ptr, n):
    i = n
    while i > 1:
        if i % 2 == 0:
            i = i // 2
        else:
            i = 3 * i + 1
    tl.store(x_ptr, i)
