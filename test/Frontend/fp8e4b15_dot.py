# RUN: tilec %s -k k -s "*u8, *fp32" --split-input-file --emit=tile-raw | FileCheck %s
#
# tl.dot with fp8e4b15 operands: Triton converts both fp8 operands to fp16
# first (there is no fp8e4b15 MMA), then it is an fp16 dot into fp32.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: arith.bitcast %{{.*}} : tensor<16x16xi16> to tensor<16x16xf16>
# CHECK: arith.bitcast %{{.*}} : tensor<16x16xi16> to tensor<16x16xf16>
# CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
@triton.jit
def k(B, C):
    i = tl.arange(0, 16)
    offs = i[:, None] * 16 + i[None, :]
    a = tl.load(B + offs).to(tl.float8e4b15, bitcast=True)
    tl.store(C + offs, tl.dot(a, a))


# -----
import triton
import triton.language as tl


# With an fp8e5 operand, that one converts to fp16 too.
# CHECK-LABEL: func.func @k
# CHECK: tile.fp_to_fp %{{.*}} : tensor<16x16xf8E5M2> -> tensor<16x16xf16>
# CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
@triton.jit
def k(B, C):
    i = tl.arange(0, 16)
    offs = i[:, None] * 16 + i[None, :]
    a = tl.load(B + offs).to(tl.float8e4b15, bitcast=True)
    b = tl.load(B + offs).to(tl.float8e5, bitcast=True)
    tl.store(C + offs, tl.dot(a, b))
