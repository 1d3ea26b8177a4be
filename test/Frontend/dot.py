# RUN: tilec %s -k dots -s "*fp16, *fp16, *fp32, 32, 64, 16" --emit=tile-raw | FileCheck %s
# RUN: tilec %s -k dotf32 -s "*fp32, *fp32, *fp32, 32, 64, 16" --emit=tile-raw | FileCheck %s --check-prefix=F32
# RUN: tilec %s -k dots -s "*i8, *i8, *i32, 32, 64, 16" --emit=tile-raw | FileCheck %s --check-prefix=I8
#
# tl.dot: with an accumulator (positional and acc=), out_dtype, and the
# fp32 input precision (tf32 by default, input_precision=, allow_tf32=False).

import triton
import triton.language as tl


# CHECK-LABEL: func.func @dots
# CHECK: %[[A:.*]] = tile.load %{{.*}} : tensor<32x16x!tile.ptr<f16>>
# CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x64x!tile.ptr<f16>>
# CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
# CHECK: %[[D1:.*]] = tile.dot %[[A]], %[[B]], %[[Z]] : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
# Without an accumulator, a zero f32 one.
# CHECK: %[[Z2:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
# CHECK: %[[D2:.*]] = tile.dot %[[A]], %[[B]], %[[Z2]] : {{.*}} -> tensor<32x64xf32>
# CHECK: %[[ACC:.*]] = arith.addf %[[D1]], %[[D2]]
# out_dtype=tl.float16 accumulates in f16.
# CHECK: %[[ZH:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf16>
# CHECK: %[[DH:.*]] = tile.dot %[[A]], %[[B]], %[[ZH]] : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf16>
# CHECK: %[[D3:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]] : {{.*}} -> tensor<32x64xf32>
# CHECK: %[[DHE:.*]] = arith.extf %[[DH]] : tensor<32x64xf16> to tensor<32x64xf32>
# CHECK: arith.addf %[[D3]], %[[DHE]]
# CHECK-NOT: inputPrecision

# 8-bit integer operands accumulate in i32.
# I8-LABEL: func.func @dots
# I8: %[[Z:.*]] = arith.constant dense<0> : tensor<32x64xi32>
# I8: tile.dot %{{.*}}, %{{.*}}, %[[Z]] : tensor<32x16xi8> * tensor<16x64xi8> -> tensor<32x64xi32>
@triton.jit
def dots(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    acc = tl.zeros((M, N), dtype=tl.float32 if a.dtype.is_floating() else tl.int32)
    acc = tl.dot(a, b, acc)
    acc += tl.dot(a, b)
    if a.dtype.is_floating():
        d = tl.dot(a, b, out_dtype=tl.float16)
    else:
        d = tl.dot(a, b)
    acc = tl.dot(a, b, acc=acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc + d)


# The ieee default of the op is not printed.
# F32-LABEL: func.func @dotf32
# F32: tile.dot %{{.*}} inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
# F32-NEXT: arith.constant
# F32-NEXT: tile.dot %{{.*}}, %{{.*}}, %{{[^ ]*}} : tensor<32x16xf32> * tensor<16x64xf32>
# F32-NEXT: arith.constant
# F32-NEXT: tile.dot %{{.*}} inputPrecision = tf32x3 :
# F32-NEXT: arith.constant
# F32-NEXT: tile.dot %{{.*}}, %{{.*}}, %{{[^ ]*}} : tensor<32x16xf32> * tensor<16x64xf32>
@triton.jit
def dotf32(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    x = tl.dot(a, b)
    y = tl.dot(a, b, input_precision="ieee")
    z = tl.dot(a, b, input_precision="tf32x3")
    w = tl.dot(a, b, allow_tf32=False)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], x + y + z + w)
