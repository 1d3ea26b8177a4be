# RUN: tilec %s -k rif -s "*fp32, i32, 64" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k cif -s "*fp32, True, 64" --emit=tile | FileCheck %s --check-prefix=CTRUE
# RUN: tilec %s -k cif -s "*fp32, 0, 64" --emit=tile | FileCheck %s --check-prefix=CFALSE
# RUN: tilec %s -k ifexp -s "*fp32, i32, 1, 64" --emit=tile-raw | FileCheck %s --check-prefix=IFEXP
# RUN: tilec %s -k elif_chain -s "*i32, i32" --emit=tile-raw | FileCheck %s --check-prefix=ELIF
#
# `if` statements: a runtime condition gives an scf.if whose results are the
# variables the branches reassign (a constant reassigned on one path only is
# materialized in the other); a constexpr condition is folded, leaving only
# the taken branch; `a if c else b` expressions; elif chains nest.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @rif(
# CHECK-SAME: %{{[^:]*}}: !tile.ptr<f32>, %[[N:[^:]*]]: i32)
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[C:.*]] = arith.cmpi sgt, %[[N]]
# CHECK: %[[IF:.*]]:2 = scf.if %[[C]] -> (tensor<64xf32>, f32) {
# CHECK: %[[T:.*]] = arith.mulf %[[X]]
# CHECK: %[[THREE:.*]] = arith.constant 3.000000e+00 : f32
# CHECK: scf.yield %[[T]], %[[THREE]] : tensor<64xf32>, f32
# CHECK: } else {
# CHECK: %[[E:.*]] = arith.addf %[[X]]
# CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
# CHECK: scf.yield %[[E]], %[[ONE]] : tensor<64xf32>, f32
# CHECK: }
# A one-armed if that reassigns w still gets an else yielding the old value.
# CHECK: %[[C2:.*]] = arith.cmpi sgt, %[[N]]
# CHECK: %[[W:.*]] = scf.if %[[C2]] -> (i32) {
# CHECK: arith.constant 7 : i32
# CHECK: } else {
# CHECK: arith.constant 5 : i32
# CHECK: }
# CHECK: tile.splat %[[IF]]#1 : f32 -> tensor<64xf32>
# CHECK: arith.addf %[[IF]]#0
# CHECK: arith.sitofp %[[W]] : i32 to f32
@triton.jit
def rif(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = x
    z = 1.0
    if n > 0:
        y = x * 2.0
        z = 3.0
    else:
        y = x + 1.0
    w = 5
    if n > 10:
        w = 7
    tl.store(x_ptr + offs, y + z + w)


# CTRUE-LABEL: func.func @cif
# CTRUE-NOT: scf.if
# CTRUE: arith.mulf
# CTRUE-NOT: arith.addf
# CTRUE-NOT: math.exp
# CTRUE-NOT: scf.if
# CFALSE-LABEL: func.func @cif
# CFALSE-NOT: scf.if
# CFALSE-NOT: arith.mulf
# CFALSE: %[[A:.*]] = arith.addf
# CFALSE: math.exp %[[A]]
# CFALSE-NOT: scf.if
@triton.jit
def cif(x_ptr, FLAG: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if FLAG:
        x = x * 2.0
    else:
        x = x + 1.0
    if not FLAG:
        x = tl.exp(x)
    tl.store(x_ptr + offs, x)


# A constexpr conditional expression picks one side; a runtime one is an
# scf.if with a result.
# IFEXP-LABEL: func.func @ifexp(
# IFEXP-SAME: %{{[^:]*}}: !tile.ptr<f32>, %[[N:[^:]*]]: i32)
# IFEXP: %[[X:.*]] = tile.load
# IFEXP-NOT: arith.addf %[[X]]
# IFEXP: %[[A:.*]] = arith.mulf %[[X]]
# IFEXP: %[[C:.*]] = arith.cmpi sgt, %[[N]]
# IFEXP: %[[B:.*]] = scf.if %[[C]] -> (f32) {
# IFEXP: arith.constant 3.000000e+00 : f32
# IFEXP: } else {
# IFEXP: arith.constant 4.000000e+00 : f32
# IFEXP: %[[BS:.*]] = tile.splat %[[B]]
# IFEXP: arith.addf %[[A]], %[[BS]]
@triton.jit
def ifexp(x_ptr, n, FLAG: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    a = x * 2.0 if FLAG else x + 1.0
    b = 3.0 if n > 0 else 4.0
    tl.store(x_ptr + offs, a + b)


# ELIF-LABEL: func.func @elif_chain
# ELIF: %[[OUT:.*]] = scf.if %{{.*}} -> (i32) {
# ELIF: arith.constant 10 : i32
# ELIF: } else {
# ELIF: %[[IN:.*]] = scf.if %{{.*}} -> (i32) {
# ELIF: arith.constant 20 : i32
# ELIF: } else {
# ELIF: arith.constant 30 : i32
# ELIF: scf.yield %[[IN]] : i32
# ELIF: tile.store %{{.*}}, %[[OUT]] : !tile.ptr<i32>
@triton.jit
def elif_chain(x_ptr, n):
    if n == 0:
        v = 10
    elif n == 1:
        v = 20
    else:
        v = 30
    tl.store(x_ptr, v)
