# RUN: tilec %s -k copy -s "*fp32, *fp32, i32, i32, i64" --emit=tile | FileCheck %s
# RUN: tilec %s -k functional -s "*fp16, *fp32, i32, i32" --emit=tile | FileCheck %s --check-prefix=FUNC
# RUN: tilec %s -k host -s "tensordesc<fp16[64, 64]>" --emit=tile | FileCheck %s --check-prefix=HOST
# RUN: tilec %s -k copy -s "*fp32:16, *fp32:16, i32:16, i32:16, i64:16" --arch=sm_90a --emit=ptx --no-cache -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
#
# tl.make_tensor_descriptor in a kernel: desc.load / desc.store (and
# tl.load_tensor_descriptor / tl.store_tensor_descriptor) move the block at
# the given offsets as the TMA does: elements outside [0, shape) on any
# dimension read as zero (or NaN with padding_option="nan") and are not
# written. tilec lowers them as block-pointer accesses checked on every
# dimension (masked loads and stores), shapes as i32 and strides as i64;
# desc.shape, desc.strides, desc.block_shape and desc.dtype read back.

import triton
import triton.language as tl


# CHECK-LABEL: func.func @copy(
# CHECK-SAME: %[[X:[^:]*]]: !tile.ptr<f32>, %[[O:[^:]*]]: !tile.ptr<f32>, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[S:[^:]*]]: i64)
# The mask checks 0 <= index < shape on both dimensions; zero padding.
# CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<32x64xf32>
# CHECK-DAG: %[[MW:.*]] = arith.extsi %[[M]] : i32 to i64
# CHECK: arith.cmpi sge
# CHECK: arith.cmpi slt
# CHECK: arith.cmpi sge
# CHECK: arith.cmpi slt
# CHECK: %[[MASK:.*]] = arith.andi %{{.*}} : tensor<32x64xi1>
# CHECK: %[[V:.*]] = tile.load %{{.*}}, %[[MASK]], %[[ZERO]] : tensor<32x64x!tile.ptr<f32>>
# CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x64x!tile.ptr<f32>>
@triton.jit
def copy(X, O, M, N, S):
    d = tl.make_tensor_descriptor(X, [M, N], [S, 1], [32, 64])
    e = tl.make_tensor_descriptor(O, shape=[M, N], strides=[S, 1],
                                  block_shape=[32, 64])
    pm = tl.program_id(0) * 32
    pn = tl.program_id(1) * 64
    x = d.load([pm - 8, pn])
    tl.static_assert(d.block_shape[0] == 32 and d.block_shape[1] == 64)
    tl.static_assert(d.dtype == tl.float32)
    e.store([pm, pn], x * 2)


# FUNC-LABEL: func.func @functional(
# FUNC: %[[NAN:.*]] = arith.constant dense<0x7E00> : tensor<64x64xf16>
# FUNC: %[[V:.*]] = tile.load %{{.*}}, %{{.*}}, %[[NAN]]
# The store converts the value to the descriptor's dtype, as Triton does.
# FUNC: %[[W:.*]] = arith.extf %[[V]] : tensor<64x64xf16> to tensor<64x64xf32>
# FUNC: tile.store %{{.*}}, %[[W]], %{{.*}}
@triton.jit
def functional(X, O, M, N):
    d = tl.make_tensor_descriptor(X, [M, N], [N, 1], [64, 64],
                                  padding_option="nan")
    e = tl.make_tensor_descriptor(O, [d.shape[0], d.shape[1]],
                                  [d.strides[0], 1], [64, 64])
    x = tl.load_tensor_descriptor(d, [0, 0])
    tl.store_tensor_descriptor(e, [0, 0], x)


# PTX-LABEL: .entry copy(
# PTX: ld.global
# PTX: st.global


# A host-side descriptor converts the stored value the same way.
# HOST-LABEL: func.func @host(
# HOST: tile.descriptor_load
# HOST: %[[M:.*]] = arith.mulf %{{.*}} : tensor<64x64xf32>
# HOST: %[[V:.*]] = arith.truncf %[[M]] : tensor<64x64xf32> to tensor<64x64xf16>
# HOST: tile.descriptor_store %{{.*}}[%{{.*}}, %{{.*}}], %[[V]]
@triton.jit
def host(d):
    x = tl.load_tensor_descriptor(d, [0, 0]).to(tl.float32)
    tl.store_tensor_descriptor(d, [0, 64], x * 2)
