# RUN: tilec %s -k dtypes -s "*i32, 64" --emit=tile | FileCheck %s --check-prefix=DT
# RUN: tilec %s -k promotion -s "*i8, *fp16, 64" --emit=tile | FileCheck %s --check-prefix=PROMO
# RUN: tilec %s -k still_folds -s "*i8, 64" --emit=tile | FileCheck %s --check-prefix=FOLD
#
# A Python number bound by a plain assignment (`value = 1`, `x += 1`) is a
# scalar tensor in Triton: int32 (uint32, int64, uint64 when it needs
# them), fp32 (fp64 outside fp32's range), int1. Its `.dtype` and methods
# are the tensor's, and it takes part in promotion with a tensor as one.
# tilec still folds it where a constexpr is needed (tl.arange's bounds);
# `x: tl.constexpr = 1` stays a constexpr.

import triton
import triton.language as tl


# DT-LABEL: func.func @dtypes
# DT: %[[ONE:.*]] = arith.constant dense<1> : tensor<64xi32>
# DT: tile.store {{.*}}, %[[ONE]]
@triton.jit
def dtypes(out_ptr, BLOCK: tl.constexpr):
    value = 1
    output = tl.full([BLOCK], value=value, dtype=value.dtype)
    tl.static_assert(value.dtype == tl.int32)
    big = 2 ** 40
    tl.static_assert(big.dtype == tl.int64)
    half = 2 ** 31
    tl.static_assert(half.dtype == tl.uint32)
    huge = 2 ** 63
    tl.static_assert(huge.dtype == tl.uint64)
    f = 1.5
    tl.static_assert(f.dtype == tl.float32)
    tiny = 1e-300
    tl.static_assert(tiny.dtype == tl.float64)
    flag = True
    tl.static_assert(flag.dtype == tl.int1)
    a, b = 2, 0.5
    tl.static_assert(a.dtype == tl.int32)
    tl.static_assert(b.dtype == tl.float32)
    n = BLOCK
    tl.static_assert(n.dtype == tl.int32)
    n += 1
    tl.static_assert(n.dtype == tl.int32)
    m = -value
    tl.static_assert(m.dtype == tl.int32)
    tl.static_assert(value.to(tl.float16).dtype == tl.float16)
    tl.store(out_ptr + tl.arange(0, BLOCK), output)


# An assigned number widens a narrower tensor, as Triton's scalar tensor
# does; a literal or a constexpr does not.
# PROMO-LABEL: func.func @promotion
# PROMO: %[[X:.*]] = tile.load
# PROMO: %[[H:.*]] = tile.load
# PROMO: arith.extsi %[[X]] : tensor<64xi8> to tensor<64xi32>
# PROMO: arith.extf %[[H]] : tensor<64xf16> to tensor<64xf32>
@triton.jit
def promotion(x_ptr, h_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    c = 1
    tl.static_assert((x + c).dtype == tl.int32)
    tl.static_assert((x + 1).dtype == tl.int8)
    k: tl.constexpr = 1
    tl.static_assert((x + k).dtype == tl.int8)
    tl.static_assert((x < c).dtype == tl.int1)
    h = tl.load(h_ptr + offs)
    s = 2.0
    tl.static_assert((h * s).dtype == tl.float32)
    tl.static_assert((h * 2.0).dtype == tl.float16)
    tl.store(x_ptr + offs, x + c)
    tl.store(h_ptr + offs, h * s)


# Where a constexpr is needed, an assigned number still folds.
# FOLD-LABEL: func.func @still_folds
# FOLD: tile.make_range 0 to 32 : tensor<32xi32>
@triton.jit
def still_folds(x_ptr, BLOCK: tl.constexpr):
    n = BLOCK // 2
    n = n // 1
    offs = tl.arange(0, n)
    tl.store(x_ptr + offs, tl.zeros([n], dtype=tl.int8))
