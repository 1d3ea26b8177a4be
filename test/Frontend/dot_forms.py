# RUN: tilec %s -k batched -s "*fp16, *fp16, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=B3
# RUN: tilec %s -k rank4 -s "*bf16, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=B4
# RUN: tilec %s -k bf16x3 -s "*fp32, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=X3
# RUN: tilec %s -k bf16x6 -s "*fp32, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=X6
# RUN: tilec %s -k fp64 -s "*fp64, *fp64" --emit=tile-raw | FileCheck %s --check-prefix=F64
# RUN: tilec %s -k i8_out_i8 -s "*i8, *i32" --emit=tile-raw | FileCheck %s --check-prefix=I8
# tl.dot forms Triton 3.6 accepts beyond 2-D dots of one precision
# (lib/Frontend/EmitDot.cpp): batched operands become one 2-D dot per batch
# (rank 4 folded into one batch first, as Triton folds it); "bf16x3" and
# "bf16x6" split fp32 operands into bf16 parts as Triton's F32DotTC pass
# does; fp64 dots give fp64; int8 dots give int32 whatever out_dtype says.

import triton
import triton.language as tl


# Batch b of [2, 16, 16]: the batch dimension moved last, split in two
# (even and odd batches), one 16 x 16 dot each, joined back in order.
# B3-LABEL: func.func @batched
# B3: tile.trans {{.*}} {order = array<i32: 1, 2, 0>} : tensor<2x16x16xf16> -> tensor<16x16x2xf16>
# B3: tile.split {{.*}} : tensor<16x16x1x2xf16> -> tensor<16x16x1xf16>
# B3: tile.dot {{.*}} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
# B3: tile.dot {{.*}} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
# B3-NOT: tile.dot
# B3: tile.join {{.*}} : tensor<16x16x1xf32> -> tensor<16x16x1x2xf32>
# B3: tile.trans {{.*}} {order = array<i32: 2, 0, 1>} : tensor<16x16x2xf32> -> tensor<2x16x16xf32>
@triton.jit
def batched(X, Y, O):
    b = tl.arange(0, 2)[:, None, None]
    r = tl.arange(0, 16)
    x = tl.load(X + b * 256 + r[None, :, None] * 16 + r[None, None, :])
    y = tl.load(Y + b * 256 + r[None, :, None] * 16 + r[None, None, :])
    z = tl.dot(x, y)
    tl.store(O + b * 256 + r[None, :, None] * 16 + r[None, None, :], z)


# tl.trans without dims swaps the last two dimensions; [2, 2, 16, 16]
# folds to 4 batches.
# B4-LABEL: func.func @rank4
# B4: tile.trans {{.*}} {order = array<i32: 0, 1, 3, 2>} : tensor<2x2x16x16xbf16> -> tensor<2x2x16x16xbf16>
# B4: tile.reshape {{.*}} : tensor<2x2x16x16xbf16> -> tensor<4x16x16xbf16>
# B4-COUNT-4: tile.dot {{.*}} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
# B4-NOT: tile.dot
# B4: tile.reshape {{.*}} : tensor<4x16x16xf32> -> tensor<2x2x16x16xf32>
@triton.jit
def rank4(X, O):
    x = tl.load(X + tl.arange(0, 1024)).reshape([2, 2, 16, 16])
    z = tl.dot(tl.trans(x), x)
    tl.store(O + tl.arange(0, 1024), z.reshape([1024]))


# hi = bf16(x), mid = bf16(x - hi); mid*hi and hi*mid from zero, NaN -> 0,
# then hi*hi, then the accumulator.
# X3-LABEL: func.func @bf16x3
# X3: %[[AHI:.*]] = arith.truncf %[[A:[0-9]+]] : tensor<16x16xf32> to tensor<16x16xbf16>
# X3: %[[AHIF:.*]] = arith.extf %[[AHI]]
# X3: %[[AREST:.*]] = arith.subf %[[A]], %[[AHIF]]
# X3: %[[AMID:.*]] = arith.truncf %[[AREST]]
# X3: %[[BHI:.*]] = arith.truncf
# X3: %[[BMID:.*]] = arith.truncf
# X3: %[[D1:.*]] = tile.dot %[[AMID]], %[[BHI]], %[[ZERO:.*]] :
# X3: %[[D2:.*]] = tile.dot %[[AHI]], %[[BMID]], %[[D1]] :
# X3: %[[NAN:.*]] = arith.cmpf une, %[[D2]], %[[D2]]
# X3: %[[M:.*]] = arith.select %[[NAN]], %[[ZERO]], %[[D2]]
# X3: %[[D3:.*]] = tile.dot %[[AHI]], %[[BHI]], %[[M]] :
# X3: arith.addf %[[D3]], %[[ACC:[0-9]+]] : tensor<16x16xf32>
# X3-NOT: tile.dot
@triton.jit
def bf16x3(X, O):
    r = tl.arange(0, 16)
    x = tl.load(X + r[:, None] * 16 + r[None, :])
    acc = tl.load(O + r[:, None] * 16 + r[None, :])
    tl.store(O + r[:, None] * 16 + r[None, :], tl.dot(x, x, acc, input_precision="bf16x3"))


# Three parts, six dots: mid*mid, lo*hi, hi*lo, mid*hi, hi*mid, hi*hi
# ("BF16X6": Triton lower-cases the name).
# X6-LABEL: func.func @bf16x6
# X6-COUNT-6: arith.truncf {{.*}} : tensor<16x16xf32> to tensor<16x16xbf16>
# X6-COUNT-5: tile.dot {{.*}} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
# X6: arith.cmpf une
# X6: arith.select
# X6: tile.dot {{.*}} : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
# X6-NOT: tile.dot
@triton.jit
def bf16x6(X, O):
    r = tl.arange(0, 16)
    x = tl.load(X + r[:, None] * 16 + r[None, :])
    tl.store(O + r[:, None] * 16 + r[None, :], tl.dot(x, x, input_precision="BF16X6"))


# out_dtype is not read for fp64 operands: an fp64 result.
# F64-LABEL: func.func @fp64
# F64: tile.dot {{.*}} : tensor<16x16xf64> * tensor<16x16xf64> -> tensor<16x16xf64>
@triton.jit
def fp64(X, O):
    r = tl.arange(0, 16)
    x = tl.load(X + r[:, None] * 16 + r[None, :])
    tl.store(O + r[:, None] * 16 + r[None, :], tl.dot(x, x, out_dtype=tl.float16))


# out_dtype=tl.int8 is not read for int8 operands: int32 (test_dot3d).
# I8-LABEL: func.func @i8_out_i8
# I8: tile.dot {{.*}} : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
@triton.jit
def i8_out_i8(X, O):
    r = tl.arange(0, 32)
    x = tl.load(X + r[:, None] * 32 + r[None, :])
    tl.store(O + r[:, None] * 32 + r[None, :], tl.dot(x, x, out_dtype=tl.int8))
