# RUN: tilec %s -k red -s "*fp32, *fp32, 16, 32" --emit=tile | FileCheck %s
# RUN: tilec %s -k argr -s "*fp32, *i32, 32" --emit=tile | FileCheck %s --check-prefix=ARG
# RUN: tilec %s -k small_int_sum -s "*i8, *i32, 32" --emit=tile | FileCheck %s --check-prefix=I8
# RUN: tilec %s -k small_int_sum -s "*u8, *i32, 32" --emit=tile | FileCheck %s --check-prefix=U8
# RUN: tilec %s -k half_sum -s "*fp16, *fp32, 32" --emit=tile | FileCheck %s --check-prefix=HALF
#
# Built-in reductions: tl.sum/max/min with an axis, keep_dims, axis=None
# (the whole tile), the method spelling, argmax/argmin and
# return_indices=True (a two-operand tile.reduce with the indices), small
# integers summed in 32 bits, and the dtype= argument.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @red
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<16x32x!tile.ptr<f32>>
# CHECK: %[[S1:.*]] = tile.reduce(%[[X]]) {axis = 1 : i32} : (tensor<16x32xf32>) -> tensor<16xf32> {
# CHECK: arith.addf
# CHECK: %[[M0:.*]] = tile.reduce(%[[X]]) {axis = 0 : i32} : (tensor<16x32xf32>) -> tensor<32xf32> {
# CHECK: arith.maxnumf
# CHECK: %[[MN:.*]] = tile.reduce(%[[X]]) {axis = 1 : i32} : (tensor<16x32xf32>) -> tensor<16xf32> {
# CHECK: arith.minnumf
# keep_dims=True puts the reduced axis back.
# CHECK: %[[MNK:.*]] = tile.expand_dims %[[MN]] {axis = 1 : i32} : tensor<16xf32> -> tensor<16x1xf32>
# axis=None flattens first and gives a scalar.
# CHECK: %[[FLAT:.*]] = tile.reshape %[[X]] allow_reorder : tensor<16x32xf32> -> tensor<512xf32>
# CHECK: %[[TOT:.*]] = tile.reduce(%[[FLAT]]) {axis = 0 : i32} : (tensor<512xf32>) -> f32 {
# CHECK: tile.reduce(%[[MNK]]) {axis = 1 : i32} : (tensor<16x1xf32>) -> tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[M0]] : tensor<32x!tile.ptr<f32>>
# x.sum() and tl.sum(x, axis=None) are the same reduction (CSE'd).
# CHECK: arith.addf %[[TOT]], %[[TOT]] : f32
@triton.jit
def red(x_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    s1 = tl.sum(x, axis=1)
    m0 = tl.max(x, axis=0)
    mn = tl.min(x, 1, keep_dims=True)
    tot = tl.sum(x)
    tl.store(o_ptr + rm, s1 + tl.sum(mn, axis=1) + tot)
    tl.store(o_ptr + rn, m0)
    tl.store(o_ptr, x.sum() + tl.sum(x, axis=None))


# The index operand is the tl.arange along the axis; ties pick the lower index.
# ARG-LABEL: func.func @argr(
# ARG-SAME: %{{[^:]*}}: !tile.ptr<f32>, %[[O:[^:]*]]: !tile.ptr<i32>)
# ARG: %[[R:.*]] = tile.make_range 0 to 32 : tensor<32xi32>
# ARG: %[[X:.*]] = tile.load
# ARG: %[[AMAX:.*]]:2 = tile.reduce(%[[X]], %[[R]]) {axis = 0 : i32} : (tensor<32xf32>, tensor<32xi32>) -> (f32, i32) {
# ARG: ^bb0(%[[V1:.*]]: f32, %[[I1:.*]]: i32, %[[V2:.*]]: f32, %[[I2:.*]]: i32):
# ARG: %[[GT:.*]] = arith.cmpf ogt, %[[V1]], %[[V2]] : f32
# ARG: %[[EQ:.*]] = arith.cmpf oeq, %[[V1]], %[[V2]] : f32
# ARG: %[[LT:.*]] = arith.cmpi slt, %[[I1]], %[[I2]] : i32
# ARG: tile.reduce.return %{{.*}}, %{{.*}} : f32, i32
# ARG: tile.store %[[O]], %[[AMAX]]#1 : !tile.ptr<i32>
# ARG: %[[AMIN:.*]]:2 = tile.reduce(%[[X]], %[[R]]) {axis = 0 : i32}
# ARG: arith.cmpf olt
# ARG: tile.store %{{.*}}, %[[AMIN]]#1 : !tile.ptr<i32>
# tl.max(..., return_indices=True) is the same reduction as tl.argmax (CSE'd).
# ARG-NOT: tile.reduce
# ARG: tile.store %{{.*}}, %[[AMAX]]#1 : !tile.ptr<i32>
@triton.jit
def argr(x_ptr, o_ptr, N: tl.constexpr):
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rn)
    tl.store(o_ptr, tl.argmax(x, axis=0))
    tl.store(o_ptr + 1, tl.argmin(x, 0))
    v, i = tl.max(x, axis=0, return_indices=True)
    tl.store(o_ptr + 2, i)


# Sums of 8-bit integers accumulate in 32 bits (sign- or zero-extended);
# max widens them too, to int32 (Triton 3.6's standard.max: every type
# narrower than 32 bits, unsigned ones included).
# I8-LABEL: func.func @small_int_sum
# I8: %[[X:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<i8>>
# I8: %[[W:.*]] = arith.extsi %[[X]] : tensor<32xi8> to tensor<32xi32>
# I8: tile.reduce(%[[W]]) {axis = 0 : i32} : (tensor<32xi32>) -> i32 {
# I8: arith.addi %{{.*}}, %{{.*}} : i32
# I8: tile.reduce(%[[W]]) {axis = 0 : i32} : (tensor<32xi32>) -> i32 {
# I8: arith.maxsi %{{.*}}, %{{.*}} : i32
# U8-LABEL: func.func @small_int_sum
# U8: %[[X:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<i8>>
# U8: %[[W:.*]] = arith.extui %[[X]] : tensor<32xi8> to tensor<32xi32>
# U8: tile.reduce(%[[W]]) {axis = 0 : i32} : (tensor<32xi32>) -> i32 {
# U8: tile.reduce(%[[W]]) {axis = 0 : i32} : (tensor<32xi32>) -> i32 {
# U8: arith.maxsi %{{.*}}, %{{.*}} : i32
@triton.jit
def small_int_sum(x_ptr, o_ptr, N: tl.constexpr):
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rn)
    tl.store(o_ptr, tl.sum(x, axis=0) + tl.max(x, axis=0))


# HALF-LABEL: func.func @half_sum
# HALF: %[[X:.*]] = tile.load %{{.*}} : tensor<32x!tile.ptr<f16>>
# HALF: %[[W:.*]] = arith.extf %[[X]] : tensor<32xf16> to tensor<32xf32>
# HALF: tile.reduce(%[[W]]) {axis = 0 : i32} : (tensor<32xf32>) -> f32 {
@triton.jit
def half_sum(x_ptr, o_ptr, N: tl.constexpr):
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rn)
    tl.store(o_ptr, tl.sum(x, axis=0, dtype=tl.float32))
