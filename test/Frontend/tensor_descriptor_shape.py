# RUN: tilec %s -k shape_strides -s "tensordesc<fp16[64, 32]>, tensordesc<fp32[64, 32]>, i32" --emit=tile --split-input-file | FileCheck %s
#
# `desc.shape` and `desc.strides` of a tensor descriptor parameter read the
# hidden parameters that follow its map: its tensor's shape (one i32 per
# dimension) then its strides (one i64 per dimension, in elements), each
# marked with its dimension (`tile.desc_shape`, `tile.desc_stride`) and named
# after the descriptor, which the launcher fills from the tensor it encodes
# the map from. A descriptor whose shape and strides the kernel never reads
# (`dst` here) has no hidden parameters: its ABI is the map alone.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @shape_strides(
# CHECK-SAME: %[[SRC:[a-z0-9]+]]: !tile.tensordesc<tensor<64x32xf16>>
# CHECK-SAME: %[[M:[a-z0-9]+]]: i32 {tile.desc_shape = 0 : i32}
# CHECK-SAME: %[[N:[a-z0-9]+]]: i32 {tile.desc_shape = 1 : i32}
# CHECK-SAME: %[[S0:[a-z0-9]+]]: i64 {tile.desc_stride = 0 : i32}
# CHECK-SAME: %[[S1:[a-z0-9]+]]: i64 {tile.desc_stride = 1 : i32}
# CHECK-SAME: %[[DST:[a-z0-9]+]]: !tile.tensordesc<tensor<64x32xf32>>
# CHECK-SAME: %[[ROWS:[a-z0-9]+]]: i32)
# CHECK: arith.cmpi eq, %[[M]], %[[ROWS]] : i32
# CHECK: %[[EXT:.*]] = arith.extsi %[[N]] : i32 to i64
# CHECK: arith.muli %[[EXT]], %[[S1]] : i64
# CHECK: tile.descriptor_load %[[SRC]]
# CHECK: tile.descriptor_store %[[DST]]
@triton.jit
def shape_strides(src, dst, rows):
    if src.shape[0] == rows:
        last = src.shape[1] * src.strides[1]
        x = src.load([0, 0])
        dst.store([0, 0], x.to(tl.float32) + last)

# -----
# A descriptor passed into a helper keeps its shape and strides.

import triton
import triton.language as tl


@triton.jit
def row_stride(desc):
    return desc.strides[0]


# CHECK-LABEL: func.func @shape_strides(
# CHECK-SAME: !tile.tensordesc<tensor<64x32xf16>>
# CHECK-SAME: i32 {tile.desc_shape = 0 : i32}
# CHECK-SAME: i32 {tile.desc_shape = 1 : i32}
# CHECK-SAME: %[[S0:[a-z0-9]+]]: i64 {tile.desc_stride = 0 : i32}
# CHECK-SAME: i64 {tile.desc_stride = 1 : i32}
# CHECK-SAME: %{{[a-z0-9]+}}: !tile.tensordesc<tensor<64x32xf32>>, %{{[a-z0-9]+}}: i32)
# CHECK: arith.sitofp %[[S0]] : i64 to f32
@triton.jit
def shape_strides(src, dst, rows):
    s = row_stride(src)
    t = dst.shape
    x = src.load([0, 0])
    dst.store([0, 0], x.to(tl.float32) * s)
