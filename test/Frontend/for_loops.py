# RUN: tilec %s -k loops -s "*fp32, i32, 64" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k pipelined -s "*fp32, i32, 64" --emit=tile-raw | FileCheck %s --check-prefix=STAGES
# RUN: tilec %s -k negstep -s "*i32, i32, -2" --emit=tile-raw | FileCheck %s --check-prefix=NEG
# RUN: tilec %s -k unrolled -s "*fp32, 64" --emit=tile | FileCheck %s --check-prefix=STATIC
#
# `for` loops: range with 1, 2 and 3 arguments, loop-carried values as
# scf.for iter_args and results, tl.range(num_stages=) as tile.num_stages,
# a negative constexpr step (normalized to a counting-up loop), and
# tl.static_range unrolled by the frontend.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @loops(
# CHECK-SAME: %[[X:[^:]*]]: !tile.ptr<f32>, %[[N:[^:]*]]: i32)
# CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
# CHECK: %[[C0:.*]] = arith.constant 0 : i32
# CHECK: %[[C1:.*]] = arith.constant 1 : i32
# CHECK: %[[ACC:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[A:.*]] = %[[ZERO]]) -> (tensor<64xf32>)  : i32 {
# CHECK: arith.muli %[[I]]
# CHECK: %[[V:.*]] = tile.load
# CHECK: %[[NA:.*]] = arith.addf %[[A]], %[[V]] : tensor<64xf32>
# CHECK: scf.yield %[[NA]] : tensor<64xf32>
# CHECK: %[[C2:.*]] = arith.constant 2 : i32
# CHECK: %[[S:.*]] = scf.for %[[J:.*]] = %[[C2]] to %[[N]] step %{{.*}} iter_args(%[[SA:.*]] = %{{.*}}) -> (i32)  : i32 {
# CHECK: %[[NS:.*]] = arith.addi %[[SA]], %[[J]] : i32
# CHECK: scf.yield %[[NS]] : i32
# CHECK: %[[C4:.*]] = arith.constant 4 : i32
# CHECK: %[[T:.*]] = scf.for %[[K:.*]] = %{{.*}} to %[[N]] step %[[C4]] iter_args(%{{.*}} = %{{.*}}) -> (f32)  : i32 {
# CHECK: arith.sitofp %[[K]] : i32 to f32
# CHECK: scf.yield %{{.*}} : f32
# The loop results are used after the loops.
# CHECK: arith.sitofp %[[S]] : i32 to f32
# CHECK: arith.addf %[[ACC]], %{{.*}} : tensor<64xf32>
# CHECK: tile.splat %[[T]] : f32 -> tensor<64xf32>
@triton.jit
def loops(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in range(n):
        acc += tl.load(x_ptr + i * BLOCK + offs)
    s = 0
    for j in range(2, n):
        s += j
    t = 0.0
    for k in range(0, n, 4):
        t = t + k
    tl.store(x_ptr + offs, acc + s + t)


# STAGES-LABEL: func.func @pipelined
# STAGES: scf.for
# STAGES: tile.load
# STAGES: scf.yield
# STAGES-NEXT: } {tile.num_stages = 3 : i32}
@triton.jit
def pipelined(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in tl.range(0, n, num_stages=3):
        acc += tl.load(x_ptr + i * BLOCK + offs)
    tl.store(x_ptr + offs, acc)


# range(n, 0, -2): trip count max(ceil((n - 0) / 2), 0), i = n - k * 2.
# NEG-LABEL: func.func @negstep(
# NEG-SAME: %{{[^:]*}}: !tile.ptr<i32>, %[[N:[^:]*]]: i32)
# NEG: %[[D:.*]] = arith.subi %[[N]], %{{.*}} : i32
# NEG: %[[Q:.*]] = arith.divsi
# NEG: %[[TRIP:.*]] = arith.maxsi %[[Q]]
# NEG: scf.for %[[K:.*]] = %{{.*}} to %[[TRIP]] step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (i32)  : i32 {
# NEG: %[[KS:.*]] = arith.muli %[[K]], %{{.*}} : i32
# NEG: %[[I:.*]] = arith.subi %[[N]], %[[KS]] : i32
# NEG: arith.addi %[[A]], %[[I]] : i32
@triton.jit
def negstep(x_ptr, n, STEP: tl.constexpr):
    acc = 0
    for i in range(n, 0, STEP):
        acc += i
    tl.store(x_ptr, acc)


# Four loads at offsets 0, 64, 128, 192 and no loop.
# STATIC-LABEL: func.func @unrolled
# STATIC-DAG: %[[C192:.*]] = arith.constant 192 : i32
# STATIC-DAG: %[[C128:.*]] = arith.constant 128 : i32
# STATIC-DAG: %[[C64:.*]] = arith.constant 64 : i32
# STATIC-NOT: scf.for
# STATIC: tile.load
# STATIC: tile.addptr %{{.*}}, %[[C64]]
# STATIC: tile.load
# STATIC: tile.addptr %{{.*}}, %[[C128]]
# STATIC: tile.load
# STATIC: tile.addptr %{{.*}}, %[[C192]]
# STATIC: tile.load
# STATIC-NOT: tile.load
# STATIC-NOT: scf.for
@triton.jit
def unrolled(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in tl.static_range(4):
        acc += tl.load(x_ptr + i * BLOCK + offs)
    for j in tl.static_range(0, 8, 4):
        acc += j
    tl.store(x_ptr + offs, acc)
