# RUN: tilec %s -k copy_scaled -s "tensordesc<bf16[64, 32]>, tensordesc<fp32[64, 32]>, i32" --emit=tile | FileCheck %s
#
# A `tensordesc<DTYPE[D0, D1]>` parameter is Triton's host-side
# TensorDescriptor: a !tile.tensordesc argument whose block type comes from
# the signature. `desc.load([i, j])` and `desc.store([i, j], x)` take one
# integer per dimension (constexpr or runtime, made i32); `desc.dtype` and
# `desc.block_shape` are constexprs of the block; a descriptor passes into
# @jit helpers like any value.

import triton
import triton.language as tl


@triton.jit
def load_block(desc, row):
    return desc.load([row, 32])


# CHECK-LABEL: func.func @copy_scaled(
# CHECK-SAME: %[[SRC:[a-z0-9]+]]: !tile.tensordesc<tensor<64x32xbf16>>
# CHECK-SAME: %[[DST:[a-z0-9]+]]: !tile.tensordesc<tensor<64x32xf32>>
# CHECK-SAME: %[[ROW:[a-z0-9]+]]: i32
# CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i32
# CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
# CHECK: %[[X:.*]] = tile.descriptor_load %[[SRC]][%[[ROW]], %[[C32]]] : !tile.tensordesc<tensor<64x32xbf16>> -> tensor<64x32xbf16>
# CHECK: %[[Y:.*]] = arith.extf %[[X]] : tensor<64x32xbf16> to tensor<64x32xf32>
# CHECK: %[[Z:.*]] = arith.addf %[[Y]], %{{.*}} : tensor<64x32xf32>
# CHECK: tile.descriptor_store %[[DST]][%[[C0]], %[[ROW]]], %[[Z]] : !tile.tensordesc<tensor<64x32xf32>>, tensor<64x32xf32>
@triton.jit
def copy_scaled(src, dst, row):
    x = load_block(src, row)
    bias = tl.full(dst.block_shape, 1.0, dtype=tl.float32)
    dst.store([0, row], x.to(dst.dtype) + bias)
