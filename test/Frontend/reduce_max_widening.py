# RUN: tilec %s -k red -s "*fp16, *i8, *u8, *fp32, *i32" --emit=tile | FileCheck %s
# RUN: tilec %s -k red_idx -s "*fp16, *bf16, *fp32" --emit=tile | FileCheck %s --check-prefix=IDX
# RUN: tilec %s -k elementwise -s "*bf16, *fp32" --emit=tile | FileCheck %s --check-prefix=ELT
#
# tl.max / tl.min as Triton 3.6's standard.py has them: bf16 reduces in
# fp32, and without indices every type narrower than 32 bits widens first
# (floats to fp32, integers to int32), so the result has the wide type.
# tl.maximum / tl.minimum / tl.clamp widen bf16 operands to fp32 (core.py).

import triton
import triton.language as tl


# CHECK-LABEL: func.func @red(
# CHECK: %[[H:.*]] = tile.load {{.*}} : tensor<16x!tile.ptr<f16>>
# CHECK: %[[HW:.*]] = arith.extf %[[H]] : tensor<16xf16> to tensor<16xf32>
# CHECK: tile.reduce(%[[HW]]) {axis = 0 : i32} : (tensor<16xf32>) -> f32
# CHECK: arith.maxnumf
# CHECK: %[[S:.*]] = tile.load {{.*}} : tensor<16x!tile.ptr<i8>>
# CHECK: %[[SW:.*]] = arith.extsi %[[S]] : tensor<16xi8> to tensor<16xi32>
# CHECK: tile.reduce(%[[SW]]) {axis = 0 : i32} : (tensor<16xi32>) -> i32
# CHECK: arith.minsi
# CHECK: %[[U:.*]] = tile.load {{.*}} : tensor<16x!tile.ptr<i8>>
# CHECK: %[[UW:.*]] = arith.extui %[[U]] : tensor<16xi8> to tensor<16xi32>
# CHECK: tile.reduce(%[[UW]]) {axis = 0 : i32} : (tensor<16xi32>) -> i32
# CHECK: arith.maxsi
@triton.jit
def red(h_ptr, s_ptr, u_ptr, o_ptr, i_ptr):
    offs = tl.arange(0, 16)
    tl.store(o_ptr, tl.max(tl.load(h_ptr + offs), 0))
    tl.store(i_ptr, tl.min(tl.load(s_ptr + offs), 0))
    tl.store(i_ptr + 1, tl.max(tl.load(u_ptr + offs), 0))


# With indices, fp16 keeps its type; bf16 still reduces in fp32.
# IDX-LABEL: func.func @red_idx(
# IDX: tile.reduce({{.*}}) {axis = 0 : i32} : (tensor<16xf16>, tensor<16xi32>) -> (f16, i32)
# IDX: arith.extf {{.*}} : tensor<16xbf16> to tensor<16xf32>
# IDX: tile.reduce({{.*}}) {axis = 0 : i32} : (tensor<16xf32>, tensor<16xi32>) -> (f32, i32)
@triton.jit
def red_idx(h_ptr, b_ptr, o_ptr):
    offs = tl.arange(0, 16)
    v, i = tl.max(tl.load(h_ptr + offs), 0, return_indices=True)
    tl.store(o_ptr, v.to(tl.float32) + i)
    w, j = tl.min(tl.load(b_ptr + offs), 0, return_indices=True)
    tl.store(o_ptr + 1, w + j)


# ELT-LABEL: func.func @elementwise(
# ELT: %[[X:.*]] = arith.extf {{.*}} : tensor<16xbf16> to tensor<16xf32>
# ELT: arith.maxnumf %[[X]], {{.*}} : tensor<16xf32>
# ELT: arith.minnumf {{.*}} : tensor<16xf32>
# ELT: arith.maxnumf {{.*}} : tensor<16xf32>
# ELT: arith.minnumf {{.*}} : tensor<16xf32>
# ELT-NOT: arith.truncf
@triton.jit
def elementwise(x_ptr, o_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    a = tl.maximum(x, x * 2)
    b = tl.minimum(x, x * 3)
    c = tl.clamp(x, x - 1, x + 1)
    tl.store(o_ptr + offs, a + b + c)
