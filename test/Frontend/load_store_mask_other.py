# RUN: tilec %s -k masked -s "*fp16, *fp16, i32, 64" --emit=tile | FileCheck %s --check-prefix=MASK
# RUN: tilec %s -k modifiers -s "*fp32, *fp32, 64" --emit=tile | FileCheck %s --check-prefix=MOD
# RUN: tilec %s -k scalar -s "*i32, *i32, i32" --emit=tile | FileCheck %s --check-prefix=SCALAR
# RUN: tilec %s -k other_int -s "*fp32, i32, 64" --emit=tile | FileCheck %s --check-prefix=OTHER
# RUN: tilec %s -k implicit -s "*fp32, *fp16, i32, 64" --emit=tile | FileCheck %s --check-prefix=IMPL
# RUN: tilec %s -k mask2d -s "*fp32, i32, i32, 16, 32" --emit=tile | FileCheck %s --check-prefix=M2D
#
# tl.load / tl.store: mask and other (keyword and positional), cache and
# eviction modifiers, volatile, scalar pointers, `other` converted to the
# pointee type, stored values converted to the pointee type, broadcast masks.

import triton
import triton.language as tl


# MASK-LABEL: func.func @masked
# MASK-DAG: %[[NEG:.*]] = arith.constant dense<-1.000000e+00> : tensor<64xf16>
# MASK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf16>
# MASK: %[[M:.*]] = arith.cmpi slt
# MASK: %[[X:.*]] = tile.load %{{.*}}, %[[M]], %[[ZERO]] : tensor<64x!tile.ptr<f16>>
# MASK: %[[YP:.*]] = tile.addptr
# MASK: %[[Y:.*]] = tile.load %[[YP]], %[[M]], %[[NEG]] : tensor<64x!tile.ptr<f16>>
# MASK: %[[S:.*]] = arith.addf %[[X]], %[[Y]]
# MASK: tile.store %[[YP]], %[[S]], %[[M]] : tensor<64x!tile.ptr<f16>>
@triton.jit
def masked(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.load(y_ptr + offs, m, -1.0)
    tl.store(y_ptr + offs, x + y, mask=m)


# MOD-LABEL: func.func @modifiers
# MOD: tile.load %{{.*}} cache = cg : tensor<64x!tile.ptr<f32>>
# MOD: tile.load %{{.*}} evict = evict_last : tensor<64x!tile.ptr<f32>>
# MOD: tile.load %{{.*}} cache = cv volatile : tensor<64x!tile.ptr<f32>>
# MOD: tile.store %{{.*}}, %{{.*}} evict = evict_first : tensor<64x!tile.ptr<f32>>
# MOD: tile.store %{{.*}}, %{{.*}} cache = cs : tensor<64x!tile.ptr<f32>>
@triton.jit
def modifiers(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = tl.load(x_ptr + offs, cache_modifier=".cg")
    c = tl.load(x_ptr + offs, eviction_policy="evict_last")
    b = tl.load(x_ptr + offs, cache_modifier=".cv", volatile=True)
    tl.store(y_ptr + offs, a + b + c, eviction_policy="evict_first")
    tl.store(y_ptr + offs, a, cache_modifier=".cs")


# Scalar loads and stores, masked by an i1 scalar.
# SCALAR-LABEL: func.func @scalar(
# SCALAR-SAME: %[[X:[^:]*]]: !tile.ptr<i32>, %[[Y:[^:]*]]: !tile.ptr<i32>, %[[I:[^:]*]]: i32)
# SCALAR-DAG: %[[C5:.*]] = arith.constant 5 : i32
# SCALAR: %[[P:.*]] = tile.addptr %[[X]], %[[I]] : !tile.ptr<i32>, i32
# SCALAR: %[[V:.*]] = tile.load %[[P]] : !tile.ptr<i32>
# SCALAR: %[[V2:.*]] = arith.muli %[[V]]
# SCALAR: tile.store %[[Y]], %[[V2]] : !tile.ptr<i32>
# SCALAR: %[[C:.*]] = arith.cmpi sgt, %[[I]]
# SCALAR: %[[W:.*]] = tile.load %[[X]], %[[C]], %[[C5]] : !tile.ptr<i32>
# SCALAR: tile.store %{{.*}}, %[[W]], %{{.*}} : !tile.ptr<i32>
@triton.jit
def scalar(x_ptr, y_ptr, i):
    v = tl.load(x_ptr + i)
    tl.store(y_ptr, v * 2)
    w = tl.load(x_ptr, mask=i > 0, other=5)
    tl.store(y_ptr + 1, w, mask=i > 1)


# An int `other` for a float pointer becomes 0.0.
# OTHER-LABEL: func.func @other_int
# OTHER: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
# OTHER: tile.load %{{.*}}, %{{.*}}, %[[Z]] : tensor<64x!tile.ptr<f32>>
@triton.jit
def other_int(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.store(x_ptr + offs, x)


# Storing f32 through an f16 pointer narrows the value.
# IMPL-LABEL: func.func @implicit(
# IMPL-SAME: %{{[^:]*}}: !tile.ptr<f32>, %[[H:[^:]*]]: !tile.ptr<f16>
# IMPL: %[[ONE:.*]] = arith.constant 1.000000e+00 : f16
# IMPL: %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# IMPL: %[[T:.*]] = arith.truncf %[[X]] : tensor<64xf32> to tensor<64xf16>
# IMPL: tile.store %{{.*}}, %[[T]], %{{.*}} : tensor<64x!tile.ptr<f16>>
# IMPL: tile.store %[[H]], %[[ONE]] : !tile.ptr<f16>
@triton.jit
def implicit(x_ptr, h_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(h_ptr + offs, x, mask=offs < n)
    tl.store(h_ptr, 1.0)


# A 1xN mask is broadcast to the MxN pointer tile.
# M2D-LABEL: func.func @mask2d
# M2D: %[[MB:.*]] = tile.broadcast %{{.*}} : tensor<1x32xi1> -> tensor<16x32xi1>
# M2D: %[[M:.*]] = arith.andi %{{.*}}, %[[MB]] : tensor<16x32xi1>
# M2D: tile.load %{{.*}}, %[[M]], %{{.*}} : tensor<16x32x!tile.ptr<f32>>
# M2D: tile.store %{{.*}}, %{{.*}}, %[[MB]] : tensor<16x32x!tile.ptr<f32>>
@triton.jit
def mask2d(x_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    p = x_ptr + rm[:, None] * N + rn[None, :]
    m = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(p, mask=m, other=0.0)
    tl.store(p, x + 1, mask=rn[None, :] < N)
