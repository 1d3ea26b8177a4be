# RUN: tilec %s -k dot_scale_kernel -s "*u8, i32, i32, *u8, *bf16, i32, i32, None, *bf16, 64, 64, 64, 'e2m1', 'bf16'" --emit=tile-raw | FileCheck %s --check-prefix=FP4
# RUN: tilec %s -k dot_scale_kernel -s "*fp16, i32, i32, None, *u8, i32, i32, *u8, *fp16, 64, 64, 64, 'fp16', 'e5m2'" --emit=tile-raw | FileCheck %s --check-prefix=FP16
# RUN: tilec %s -k fast -s "*u8, *u8, *u8, *u8, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=FAST
# RUN: tilec %s -k mpack -s "*u8, *u8, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=MPACK
# tl.dot_scaled, decomposed as Triton 3.6 decomposes it without block-scaled
# MMA (lib/Frontend/Prelude/dot_scaled.py): upcast, scale, NaN mask, dot.
# dot_scale_kernel is test_scaled_dot's kernel (Triton's test_core.py).

import triton
import triton.language as tl


@triton.jit
def dot_scale_kernel(a_base, stride_a0, stride_a1, a_scale, b_base, stride_b0, stride_b1, b_scale, out,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, type_a: tl.constexpr,
                     type_b: tl.constexpr):
    DIV_FACTOR_A: tl.constexpr = 2 if type_a == "e2m1" else 1
    DIV_FACTOR_B: tl.constexpr = 2 if type_b == "e2m1" else 1
    PACKED_BLOCK_K_A: tl.constexpr = BLOCK_K // DIV_FACTOR_A
    PACKED_BLOCK_K_B: tl.constexpr = BLOCK_K // DIV_FACTOR_B
    a_ptr = a_base + tl.arange(0, BLOCK_M)[:, None] * stride_a0 + tl.arange(0, PACKED_BLOCK_K_A)[None, :] * stride_a1
    b_ptr = b_base + tl.arange(0, PACKED_BLOCK_K_B)[:, None] * stride_b0 + tl.arange(0, BLOCK_N)[None, :] * stride_b1
    a = tl.load(a_ptr)
    b = tl.load(b_ptr)
    SCALE_BLOCK_K: tl.constexpr = BLOCK_K // 32
    if a_scale is not None:
        scale_a_ptr = a_scale + tl.arange(0, BLOCK_M)[:, None] * SCALE_BLOCK_K + tl.arange(0, SCALE_BLOCK_K)[None, :]
        a_scale = tl.load(scale_a_ptr)
    if b_scale is not None:
        scale_b_ptr = b_scale + tl.arange(0, BLOCK_N)[:, None] * SCALE_BLOCK_K + tl.arange(0, SCALE_BLOCK_K)[None, :]
        b_scale = tl.load(scale_b_ptr)
    c = tl.dot_scaled(a, a_scale, type_a, b, b_scale, type_b)
    out_ptr = out + tl.arange(0, BLOCK_M)[:, None] * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
    tl.store(out_ptr, c.to(tl.bfloat16))


# e2m1 lhs [64, 32] uint8: nibbles widened to bf16 bit patterns, the low
# nibble first (interleave along K); the e8m0 scale [64, 2] becomes a bf16
# (byte << 7), repeated 32 times along K; the product is NaN where the scale
# byte is 0xFF; the unscaled bf16 rhs goes straight into a bf16 dot.
# FP4-LABEL: func.func @dot_scale_kernel
# FP4: tile.load {{.*}} : tensor<64x32x!tile.ptr<i8>>
# FP4: arith.shrui {{.*}} : tensor<64x32xi8>
# FP4: tile.join {{.*}} -> tensor<64x32x2xi16>
# FP4: tile.reshape {{.*}} -> tensor<64x64xi16>
# FP4: arith.bitcast {{.*}} to tensor<64x64xbf16>
# FP4: arith.shli {{.*}} : tensor<64x2xi16>
# FP4: arith.bitcast {{.*}} to tensor<64x2xbf16>
# FP4: tile.broadcast {{.*}} -> tensor<64x2x32xbf16>
# FP4: arith.mulf {{.*}} : tensor<64x64xbf16>
# FP4: arith.cmpi eq, {{.*}} : tensor<64x2xi8>
# FP4: arith.select {{.*}} : tensor<64x64xi1>, tensor<64x64xbf16>
# FP4: tile.dot {{.*}} : tensor<64x64xbf16> * tensor<64x64xbf16> -> tensor<64x64xf32>
# FP4-NOT: tile.dot

# An fp16 side makes fp16 the compute type: e5m2 converts to fp16, the
# scale goes through fp32 (byte << 23) rounded to fp16, and the rhs scale
# [N, K/32] is transposed to [K/32, N] before it is repeated along K.
# FP16-LABEL: func.func @dot_scale_kernel
# FP16: tile.fp_to_fp {{.*}} -> tensor<64x64xf16>
# FP16: arith.shli {{.*}} : tensor<64x2xi32>
# FP16: arith.bitcast {{.*}} to tensor<64x2xf32>
# FP16: arith.truncf {{.*}} to tensor<64x2xf16>
# FP16: tile.trans {{.*}} -> tensor<2x64xf16>
# FP16: tile.broadcast {{.*}} -> tensor<2x32x64xf16>
# FP16: arith.mulf {{.*}} : tensor<64x64xf16>
# FP16: arith.select
# FP16: tile.dot {{.*}} : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
@triton.jit
def fast(A, AS, B, BS, C):
    r = tl.arange(0, 32)
    g = tl.arange(0, 1)
    a = tl.load(A + r[:, None] * 32 + r[None, :]).to(tl.float8e5, bitcast=True)
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    sa = tl.load(AS + r[:, None] + g[None, :])
    sb = tl.load(BS + r[:, None] + g[None, :])
    acc = tl.load(C + r[:, None] * 32 + r[None, :])
    c = tl.dot_scaled(a, sa, "e5m2", b, sb, "e4m3", acc, fast_math=True)
    tl.store(C + r[:, None] * 32 + r[None, :], c)


# fast_math: no NaN mask; fp8 tensors are taken as they are, uint8 ones
# bitcast; the accumulator is the dot's.
# FAST-LABEL: func.func @fast
# FAST-NOT: arith.select
# FAST: tile.dot %{{.*}}, %{{.*}}, %[[ACC:[0-9]+]] : tensor<32x32xbf16> * tensor<32x32xbf16> -> tensor<32x32xf32>
@triton.jit
def mpack(A, B, C):
    # lhs e2m1 packed along M (lhs_k_pack=False): [16, 32] bytes are
    # [32, 32] numbers.
    m = tl.arange(0, 16)
    r = tl.arange(0, 32)
    a = tl.load(A + m[:, None] * 32 + r[None, :])
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    c = tl.dot_scaled(a, None, "e2m1", b, None, "e4m3", lhs_k_pack=False)
    tl.store(C + r[:, None] * 32 + r[None, :], c)


# MPACK-LABEL: func.func @mpack
# MPACK: tile.trans {{.*}} -> tensor<32x16xi16>
# MPACK: tile.reshape {{.*}} -> tensor<32x32xi16>
# MPACK: tile.trans {{.*}} -> tensor<32x32xi16>
# MPACK: tile.dot {{.*}} : tensor<32x32xbf16> * tensor<32x32xbf16> -> tensor<32x32xf32>
