# RUN: tilec %s -k tile_u8 -s "*i8, *u8, *i8, 64" --emit=tile-raw | FileCheck %s --check-prefix=U8
# RUN: tilec %s -k tile_u8 -s "*i8, *u8, *i8, 64" --no-cache --emit=ptx | FileCheck %s --check-prefix=PTX
# RUN: tilec %s -k tile_u16 -s "*fp32, *u16, *fp32, 64" --emit=tile-raw | FileCheck %s --check-prefix=U16
# RUN: tilec %s -k tile_u32 -s "*fp32, *u32, *fp32, 64" --emit=tile-raw | FileCheck %s --check-prefix=U32
# RUN: tilec %s -k tile_u64 -s "*fp32, *u64, *fp32, 64" --emit=tile-raw | FileCheck %s --check-prefix=U64
# RUN: tilec %s -k scalar_u32 -s "*fp32, u32, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=SCALAR
# RUN: tilec %s -k sub_u32 -s "*fp32, u32, *fp32" --emit=tile-raw | FileCheck %s --check-prefix=SUB
# RUN: tilec %s -k signed_i8 -s "*fp32, *i8, *fp32, 64" --emit=tile-raw | FileCheck %s --check-prefix=I8
#
# Pointer plus an unsigned offset narrower than 64 bits: the offset is
# zero-extended to int64 before tile.addptr (Triton's semantic.add does the
# same), so a uint8 index of 200 reaches P[200], not P[-56]. Signed offsets
# stay as they are; the GEP sign-extends them.

import triton
import triton.language as tl


# U8-LABEL: func.func @tile_u8
# U8: %[[IDX:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<i8>>
# U8: %[[W:.*]] = arith.extui %[[IDX]] : tensor<64xi8> to tensor<64xi64>
# U8: tile.addptr %{{.*}}, %[[W]] : tensor<64x!tile.ptr<i8>>, tensor<64xi64>
# The loaded index is zero-extended into a 64-bit register (a plain b8 or
# u8 load, not ld.global.s8) and added to the pointer as is, never through
# a sign-extending mul.wide.s32.
# PTX-LABEL: .entry tile_u8
# PTX-NOT: ld.global.s8
# PTX-NOT: mul.wide.s32
# PTX: ld.global.{{[bu]}}8 %rd[[IDX:[0-9]+]], [
# PTX-NOT: ld.global.s8
# PTX: add.s64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, %rd[[IDX]];
# PTX-NOT: ld.global.s8
@triton.jit
def tile_u8(P, I, O, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    idx = tl.load(I + offs)
    tl.store(O + offs, tl.load(P + idx))


# U16-LABEL: func.func @tile_u16
# U16: %[[IDX:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<i16>>
# U16: %[[W:.*]] = arith.extui %[[IDX]] : tensor<64xi16> to tensor<64xi64>
# U16: tile.addptr %{{.*}}, %[[W]] : tensor<64x!tile.ptr<f32>>, tensor<64xi64>
@triton.jit
def tile_u16(P, I, O, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    idx = tl.load(I + offs)
    tl.store(O + offs, tl.load(P + idx))


# U32-LABEL: func.func @tile_u32
# U32: %[[IDX:.*]] = tile.load %{{.*}} : tensor<64x!tile.ptr<i32>>
# U32: %[[W:.*]] = arith.extui %[[IDX]] : tensor<64xi32> to tensor<64xi64>
# U32: tile.addptr %{{.*}}, %[[W]] : tensor<64x!tile.ptr<f32>>, tensor<64xi64>
@triton.jit
def tile_u32(P, I, O, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    idx = tl.load(I + offs)
    tl.store(O + offs, tl.load(P + idx))


# A uint64 offset is already 64 bits wide: nothing to extend.
# U64-LABEL: func.func @tile_u64
# U64-NOT: arith.extui
# U64: tile.addptr %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>>, tensor<64xi64>
@triton.jit
def tile_u64(P, I, O, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    idx = tl.load(I + offs)
    tl.store(O + offs, tl.load(P + idx))


# SCALAR-LABEL: func.func @scalar_u32
# SCALAR: %[[W:.*]] = arith.extui %{{.*}} : i32 to i64
# SCALAR: tile.addptr %{{.*}}, %[[W]] : !tile.ptr<f32>, i64
@triton.jit
def scalar_u32(P, n, O):
    tl.store(O, tl.load(P + n))


# `P - n` adds the unsigned negation (0 - n in uint32), zero-extended, as
# Triton does.
# SUB-LABEL: func.func @sub_u32
# SUB: %[[NEG:.*]] = arith.subi %{{.*}}, %{{.*}} : i32
# SUB: %[[W:.*]] = arith.extui %[[NEG]] : i32 to i64
# SUB: tile.addptr %{{.*}}, %[[W]] : !tile.ptr<f32>, i64
@triton.jit
def sub_u32(P, n, O):
    tl.store(O, tl.load(P - n))


# I8-LABEL: func.func @signed_i8
# I8-NOT: arith.extui
# I8: tile.addptr %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>>, tensor<64xi8>
@triton.jit
def signed_i8(P, I, O, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    idx = tl.load(I + offs)
    tl.store(O + offs, tl.load(P + idx))
