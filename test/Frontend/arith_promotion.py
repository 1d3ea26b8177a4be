# RUN: tilec %s -k int_times_float -s "*fp32, 64" --emit=tile | FileCheck %s --check-prefix=INTF
# RUN: tilec %s -k half_plus_one -s "*fp16, 64" --emit=tile | FileCheck %s --check-prefix=HALF
# RUN: tilec %s -k half_div -s "*fp16, *fp16, *fp32, 64" --emit=tile | FileCheck %s --check-prefix=HDIV
# RUN: tilec %s -k int_div -s "*fp32, i32, 64" --emit=tile | FileCheck %s --check-prefix=IDIV
# RUN: tilec %s -k int_floordiv_mod -s "*i32, i32, 64" --emit=tile | FileCheck %s --check-prefix=IFDIV
# RUN: tilec %s -k unsigned_ops -s "*u32, *u32, u32, i32, 64" --emit=tile | FileCheck %s --check-prefix=UNS
# RUN: tilec %s -k widen_i64 -s "*i64, i64, 64" --emit=tile | FileCheck %s --check-prefix=WIDE
# RUN: tilec %s -k mixed_float -s "*fp16, *fp32, *fp32, 64" --emit=tile | FileCheck %s --check-prefix=MIX
# RUN: tilec %s -k scalar_promote -s "*fp32, i32" --emit=tile | FileCheck %s --check-prefix=SCAL
#
# Triton's type promotion for binary operators.

import triton
import triton.language as tl


# i32 tensor * Python float -> f32.
# INTF-LABEL: func.func @int_times_float
# INTF: %[[R:.*]] = tile.make_range 0 to 64 : tensor<64xi32>
# INTF: %[[F:.*]] = arith.sitofp %[[R]] : tensor<64xi32> to tensor<64xf32>
# INTF: arith.mulf %[[F]], %{{.*}} : tensor<64xf32>
@triton.jit
def int_times_float(out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs * 2.0)


# fp16 tensor + Python float stays f16: the literal does not widen it.
# HALF-LABEL: func.func @half_plus_one
# HALF-NOT: arith.extf
# HALF: %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f16>>
# HALF: arith.addf %[[X]], %{{.*}} : tensor<64xf16>
# HALF-NOT: arith.extf
@triton.jit
def half_plus_one(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(x_ptr + offs, x + 1.0)


# fp16 / fp16 divides in f32 (PTX has no fp16 division).
# HDIV-LABEL: func.func @half_div
# HDIV: %[[X:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f16>>
# HDIV: %[[Y:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f16>>
# HDIV: %[[XE:.*]] = arith.extf %[[X]] : tensor<64xf16> to tensor<64xf32>
# HDIV: %[[YE:.*]] = arith.extf %[[Y]] : tensor<64xf16> to tensor<64xf32>
# HDIV: %[[Q:.*]] = arith.divf %[[XE]], %[[YE]] : tensor<64xf32>
# HDIV: tile.store %{{.*}}, %[[Q]] : tensor<64x!tile.ptr<f32>>
@triton.jit
def half_div(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(out_ptr + offs, x / y)


# int / int is a true division in f32.
# IDIV-LABEL: func.func @int_div(
# IDIV-SAME: %{{[^:]*}}: !tile.ptr<f32>, %[[N:[^:]*]]: i32)
# IDIV: %[[R:.*]] = tile.make_range
# IDIV: %[[RF:.*]] = arith.sitofp %[[R]] : tensor<64xi32> to tensor<64xf32>
# IDIV: %[[NF:.*]] = arith.sitofp %[[N]] : i32 to f32
# IDIV: %[[NS:.*]] = tile.splat %[[NF]] : f32 -> tensor<64xf32>
# IDIV: arith.divf %[[RF]], %[[NS]] : tensor<64xf32>
@triton.jit
def int_div(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs / n)


# // and % on signed ints are divsi/remsi.
# IFDIV-LABEL: func.func @int_floordiv_mod
# IFDIV: arith.divsi %{{.*}} : tensor<64xi32>
# IFDIV: arith.remsi %{{.*}} : tensor<64xi32>
@triton.jit
def int_floordiv_mod(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, offs // n + offs % n)


# u32 with u32 or i32 computes unsigned: divui, remui, cmpi ult, shrui.
# UNS-LABEL: func.func @unsigned_ops
# UNS: %[[X:.*]] = tile.load
# UNS: arith.divui %[[X]], %{{.*}} : tensor<64xi32>
# UNS: arith.remui %[[X]], %{{.*}} : tensor<64xi32>
# UNS: arith.cmpi ult, %[[X]], %{{.*}} : tensor<64xi32>
# UNS: arith.shrui %[[X]], %{{.*}} : tensor<64xi32>
# UNS-NOT: arith.divsi
# UNS-NOT: arith.remsi
# UNS-NOT: arith.cmpi slt
# UNS-NOT: arith.shrsi
@triton.jit
def unsigned_ops(x_ptr, out_ptr, n, m, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    q = x // n
    r = x % n
    lt = x < m
    s = x >> 1
    tl.store(out_ptr + offs, tl.where(lt, q, r + s))


# An i64 scalar parameter widens an i32 tensor.
# WIDE-LABEL: func.func @widen_i64(
# WIDE-SAME: %[[N:[^:]*]]: i64)
# WIDE: %[[R:.*]] = tile.make_range 0 to 64 : tensor<64xi32>
# WIDE: %[[RE:.*]] = arith.extsi %[[R]] : tensor<64xi32> to tensor<64xi64>
# WIDE: %[[NS:.*]] = tile.splat %[[N]] : i64 -> tensor<64xi64>
# WIDE: arith.addi %[[RE]], %[[NS]] : tensor<64xi64>
@triton.jit
def widen_i64(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs + n)


# f16 * f32 -> f32.
# MIX-LABEL: func.func @mixed_float
# MIX: %[[H:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f16>>
# MIX: %[[F:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
# MIX: %[[HE:.*]] = arith.extf %[[H]] : tensor<64xf16> to tensor<64xf32>
# MIX: arith.mulf %[[HE]], %[[F]] : tensor<64xf32>
@triton.jit
def mixed_float(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) * tl.load(y_ptr + offs))


# Scalars follow the same rules: i32 scalar * Python float -> f32.
# SCAL-LABEL: func.func @scalar_promote(
# SCAL-SAME: %[[X:[^:]*]]: i32)
# SCAL: %[[XF:.*]] = arith.sitofp %[[X]] : i32 to f32
# SCAL: arith.mulf %[[XF]], %{{.*}} : f32
@triton.jit
def scalar_promote(out_ptr, x):
    tl.store(out_ptr, x * 1.5)
