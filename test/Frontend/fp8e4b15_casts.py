# RUN: tilec %s -k k -s "*fp16, *fp32, *u8" --split-input-file --emit=tile-raw | FileCheck %s
#
# tl.float8e4b15: bytes (i8), converted to and from fp16 and fp32 by
# Triton's bit manipulation (EmitFp8e4b15.cpp): up, the magnitude lands in
# fp16's bits 13..7; down, fp32 narrows toward zero to fp16, the magnitude
# is clamped to 1.75 (0x3F00) and rounded half up to 7 bits.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: %[[B:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<i8>>
# CHECK: %[[SIGN:.*]] = arith.constant dense<128> : tensor<16xi16>
# CHECK: %[[MAG:.*]] = arith.constant dense<127> : tensor<16xi16>
# CHECK: %[[W:.*]] = arith.extui %[[B]] : tensor<16xi8> to tensor<16xi16>
# CHECK: %[[S:.*]] = arith.andi %[[W]], %[[SIGN]]
# CHECK: %[[S8:.*]] = arith.shli %[[S]]
# CHECK: %[[M:.*]] = arith.andi %[[W]], %[[MAG]]
# CHECK: %[[M7:.*]] = arith.shli %[[M]]
# CHECK: %[[BITS:.*]] = arith.ori %[[S8]], %[[M7]] : tensor<16xi16>
# CHECK: %[[H:.*]] = arith.bitcast %[[BITS]] : tensor<16xi16> to tensor<16xf16>
# CHECK: tile.store %{{.*}}, %[[H]] : tensor<16x!tile.ptr<f16>>
# CHECK: %[[H2:.*]] = arith.bitcast %{{.*}} : tensor<16xi16> to tensor<16xf16>
# CHECK: %[[F:.*]] = arith.extf %[[H2]] : tensor<16xf16> to tensor<16xf32>
# CHECK: tile.store %{{.*}}, %[[F]] : tensor<16x!tile.ptr<f32>>
@triton.jit
def k(H, F, B):
    offs = tl.arange(0, 16)
    b = tl.load(B + offs).to(tl.float8e4b15, bitcast=True)
    tl.store(H + offs, b.to(tl.float16))
    tl.store(F + offs, b.to(tl.float32))


# -----
import triton
import triton.language as tl


# CHECK-LABEL: func.func @k
# CHECK: %[[X:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f16>>
# CHECK: %[[ABS:.*]] = arith.constant dense<32767> : tensor<16xi16>
# CHECK: %[[CLAMP:.*]] = arith.constant dense<16128> : tensor<16xi16>
# CHECK: %[[HALF:.*]] = arith.constant dense<64> : tensor<16xi16>
# CHECK: %[[BITS:.*]] = arith.bitcast %[[X]] : tensor<16xf16> to tensor<16xi16>
# CHECK: %[[MAG:.*]] = arith.andi %[[BITS]], %[[ABS]]
# CHECK: %[[MIN:.*]] = arith.minui %[[MAG]], %[[CLAMP]] : tensor<16xi16>
# CHECK: %[[R:.*]] = arith.addi %[[MIN]], %[[HALF]] : tensor<16xi16>
# CHECK: arith.shrui %[[R]]
# CHECK: %[[BYTE:.*]] = arith.trunci %{{.*}} : tensor<16xi16> to tensor<16xi8>
# fp32 narrows to fp16 toward zero first.
# CHECK: %[[Y:.*]] = tile.load %{{.*}} : tensor<16x!tile.ptr<f32>>
# CHECK: tile.fp_to_fp %[[Y]] rounding = rtz : tensor<16xf32> -> tensor<16xf16>
# CHECK: arith.minui
# CHECK: tile.store %{{.*}}, %[[BYTE]] : tensor<16x!tile.ptr<i8>>
@triton.jit
def k(H, F, B):
    offs = tl.arange(0, 16)
    h = tl.load(H + offs).to(tl.float8e4b15)
    f = tl.load(F + offs).to(tl.float8e4b15)
    tl.store(B + offs, h.to(tl.uint8, bitcast=True))
    tl.store(B + offs, f.to(tl.uint8, bitcast=True))


# -----
import triton
import triton.language as tl


# Constants are encoded at compile time: 1.0 is 0x78, 3.0 clamps to 1.75
# (0x7E); stores through an fp8e4b15 pointer move bytes.
# CHECK-LABEL: func.func @k
# CHECK: arith.constant dense<120> : tensor<16xi8>
# CHECK: arith.constant dense<-2> : tensor<16xi8>
# CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<i8>>
@triton.jit
def k(H, F, B):
    p = B.to(tl.pointer_type(tl.float8e4b15))
    offs = tl.arange(0, 16)
    tl.store(p + offs, tl.full((16,), 1.0, tl.float8e4b15))
    tl.store(p + offs, tl.full((16,), -3.0, tl.float8e4b15))
    x = tl.load(p + offs, mask=offs < 8, other=0.5)
    tl.store(H + offs, x.to(tl.float16))
