# RUN: tilec %s -k shr_i8_u8 -s "*i8, *u8, *u8, 64" --emit=tile | FileCheck %s --check-prefix=I8U8
# RUN: tilec %s -k shr_i8_u16 -s "*i8, *u16, *u16, 64" --emit=tile | FileCheck %s --check-prefix=I8U16
# RUN: tilec %s -k shr_u8_i8 -s "*u8, *i8, *u8, 64" --emit=tile | FileCheck %s --check-prefix=U8I8
# RUN: tilec %s -k shr_u8_i16 -s "*u8, *i16, *i16, 64" --emit=tile | FileCheck %s --check-prefix=U8I16
# RUN: tilec %s -k shr_i32_u64 -s "*i32, *u64, *u64, 64" --emit=tile | FileCheck %s --check-prefix=I32U64
# RUN: tilec %s -k shr_number_lhs -s "*u8, *i8, *u8, *i8, 64" --emit=tile | FileCheck %s --check-prefix=NUM
# RUN: tilec %s -k shl_i8_u8 -s "*i8, *u8, *u8, 64" --emit=tile | FileCheck %s --check-prefix=SHL
#
# `>>` with mixed signedness, as Triton does it: both operands are promoted
# (same width signed with unsigned gives unsigned), the result has the
# promoted dtype, and the shift is arithmetic when the tensor operand's own
# dtype is signed (the left operand, or the right one when the left is a
# Python number), logical otherwise.

import triton
import triton.language as tl


# int8 >> uint8: computes in uint8, shifts arithmetically.
# I8U8-LABEL: func.func @shr_i8_u8
# I8U8: %[[X:.*]] = tile.load
# I8U8: %[[Y:.*]] = tile.load
# I8U8: arith.shrsi %[[X]], %[[Y]] : tensor<64xi8>
# I8U8-NOT: arith.shrui
@triton.jit
def shr_i8_u8(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = x >> y
    tl.static_assert(z.dtype == tl.uint8)
    tl.store(out_ptr + offs, z)


# int8 >> uint16: x sign-extends to uint16, the shift stays arithmetic.
# I8U16-LABEL: func.func @shr_i8_u16
# I8U16: %[[X:.*]] = tile.load
# I8U16: %[[Y:.*]] = tile.load
# I8U16: %[[XW:.*]] = arith.extsi %[[X]] : tensor<64xi8> to tensor<64xi16>
# I8U16: arith.shrsi %[[XW]], %[[Y]] : tensor<64xi16>
# I8U16-NOT: arith.shrui
@triton.jit
def shr_i8_u16(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = x >> y
    tl.static_assert(z.dtype == tl.uint16)
    tl.store(out_ptr + offs, z)


# uint8 >> int8: computes in uint8, shifts logically.
# U8I8-LABEL: func.func @shr_u8_i8
# U8I8: %[[X:.*]] = tile.load
# U8I8: %[[Y:.*]] = tile.load
# U8I8: arith.shrui %[[X]], %[[Y]] : tensor<64xi8>
# U8I8-NOT: arith.shrsi
@triton.jit
def shr_u8_i8(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = x >> y
    tl.static_assert(z.dtype == tl.uint8)
    tl.store(out_ptr + offs, z)


# uint8 >> int16: computes in int16 but shifts logically (x is unsigned).
# U8I16-LABEL: func.func @shr_u8_i16
# U8I16: %[[X:.*]] = tile.load
# U8I16: %[[Y:.*]] = tile.load
# U8I16: %[[XW:.*]] = arith.extui %[[X]] : tensor<64xi8> to tensor<64xi16>
# U8I16: arith.shrui %[[XW]], %[[Y]] : tensor<64xi16>
# U8I16-NOT: arith.shrsi
@triton.jit
def shr_u8_i16(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = x >> y
    tl.static_assert(z.dtype == tl.int16)
    tl.store(out_ptr + offs, z)


# int32 >> uint64: computes in uint64, shifts arithmetically.
# I32U64-LABEL: func.func @shr_i32_u64
# I32U64: %[[X:.*]] = tile.load
# I32U64: %[[Y:.*]] = tile.load
# I32U64: %[[XW:.*]] = arith.extsi %[[X]] : tensor<64xi32> to tensor<64xi64>
# I32U64: arith.shrsi %[[XW]], %[[Y]] : tensor<64xi64>
# I32U64-NOT: arith.shrui
@triton.jit
def shr_i32_u64(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = x >> y
    tl.static_assert(z.dtype == tl.uint64)
    tl.store(out_ptr + offs, z)


# A Python number on the left: the right operand's dtype decides.
# NUM-LABEL: func.func @shr_number_lhs
# NUM: %[[U:.*]] = tile.load
# NUM: %[[S:.*]] = tile.load
# NUM: arith.shrui %{{.*}}, %[[U]] : tensor<64xi8>
# NUM: arith.shrsi %{{.*}}, %[[S]] : tensor<64xi8>
@triton.jit
def shr_number_lhs(u_ptr, s_ptr, out_u, out_s, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    u = tl.load(u_ptr + offs)
    s = tl.load(s_ptr + offs)
    tl.store(out_u + offs, 100 >> u)
    tl.store(out_s + offs, 100 >> s)


# `<<` has one kind; the result takes the promoted dtype.
# SHL-LABEL: func.func @shl_i8_u8
# SHL: %[[X:.*]] = tile.load
# SHL: %[[Y:.*]] = tile.load
# SHL: arith.shli %[[X]], %[[Y]] : tensor<64xi8>
@triton.jit
def shl_i8_u8(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = x << y
    tl.static_assert(z.dtype == tl.uint8)
    tl.store(out_ptr + offs, z)
