# RUN: tilec %s -k mathf -s "*fp32, *fp32, *fp32, 64" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k mathi -s "*i32, i32, 64" --emit=tile-raw | FileCheck %s --check-prefix=INT
# RUN: tilec %s -k cdiv_const -s "*i32" --emit=tile-raw | FileCheck %s --check-prefix=CDIV
#
# Elementwise math: tl.exp/exp2/log/log2/sqrt/rsqrt/abs/sigmoid/fma/sin/cos/
# floor/ceil/erf, the tensor-method and tl.math spellings, integer abs, and
# tl.cdiv on runtime values and on constexprs.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @mathf
# CHECK: %[[X:.*]] = tile.load
# CHECK: %[[Y:.*]] = tile.load
# CHECK: %[[Z:.*]] = tile.load
# CHECK: math.exp %[[X]] : tensor<64xf32>
# CHECK: math.exp2 %[[X]] : tensor<64xf32>
# CHECK: math.log %[[X]] : tensor<64xf32>
# CHECK: math.log2 %[[X]] : tensor<64xf32>
# CHECK: math.sqrt %[[X]] : tensor<64xf32>
# CHECK: math.rsqrt %[[X]] : tensor<64xf32>
# CHECK: math.absf %[[X]] : tensor<64xf32>
# sigmoid(x) = 1 / (1 + exp(-x))
# CHECK: %[[N:.*]] = arith.negf %[[X]]
# CHECK: %[[E:.*]] = math.exp %[[N]]
# CHECK: %[[ONE:.*]] = arith.constant dense<1.000000e+00>
# CHECK: %[[D:.*]] = arith.addf %[[ONE]], %[[E]]
# CHECK: arith.divf %[[ONE]], %[[D]]
# CHECK: math.fma %[[X]], %[[Y]], %[[Z]] : tensor<64xf32>
# CHECK: math.sin %[[X]]
# CHECK: math.cos %[[X]]
# CHECK: math.floor %[[X]]
# CHECK: math.ceil %[[X]]
# CHECK: math.erf %[[X]]
# CHECK: math.exp %[[X]]
# CHECK: math.exp %[[X]]
@triton.jit
def mathf(x_ptr, y_ptr, z_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = tl.load(z_ptr + offs)
    a = tl.exp(x) + tl.exp2(x) + tl.log(x) + tl.log2(x)
    b = tl.sqrt(x) + tl.rsqrt(x) + tl.abs(x) + tl.sigmoid(x)
    c = tl.fma(x, y, z)
    d = tl.sin(x) + tl.cos(x) + tl.floor(x) + tl.ceil(x) + tl.erf(x)
    e = x.exp() + tl.math.exp(x)
    tl.store(z_ptr + offs, a + b + c + d + e)


# cdiv(n, 64) = (n + 64 - 1) / 64 on a runtime n.
# INT-LABEL: func.func @mathi(
# INT-SAME: %{{[^:]*}}: !tile.ptr<i32>, %[[N:[^:]*]]: i32)
# INT: %[[X:.*]] = tile.load
# INT: math.absi %[[X]] : tensor<64xi32>
# INT: %[[C64:.*]] = arith.constant 64 : i32
# INT: %[[A:.*]] = arith.addi %[[N]], %[[C64]] : i32
# INT: %[[S:.*]] = arith.subi %[[A]], %{{.*}} : i32
# INT: arith.divsi %[[S]], %{{.*}} : i32
@triton.jit
def mathi(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, tl.abs(x) + tl.cdiv(n, BLOCK))


# On constexprs cdiv folds: cdiv(1000, 64) = 16.
# CDIV-LABEL: func.func @cdiv_const
# CDIV-NOT: arith.divsi
# CDIV: %[[C:.*]] = arith.constant 16 : i32
# CDIV-NEXT: tile.store %{{.*}}, %[[C]]
@triton.jit
def cdiv_const(x_ptr):
    tl.store(x_ptr, tl.cdiv(1000, 64))
