# RUN: tilec %s -k k -s "*fp32, i32, i32" --split-input-file --emit=tile-raw | FileCheck %s
#
# A descriptor made in the kernel (tl.make_tensor_descriptor) and made again
# inside a loop or a branch is carried as its fields (base, shapes, strides),
# as a block pointer is; Triton's test_tensor_descriptor does this
# (kernel_make_tensor_descriptor_loop_carried, batched_gemm_2d_tma_kernel).

import triton
import triton.language as tl


# Reassigned under a runtime condition in a loop: the loop carries the base
# pointer, 2 shapes and 2 strides, and the `if` yields them.
# CHECK-LABEL: func.func @k(
# CHECK: scf.for {{.*}} iter_args({{.*}}) -> (!tile.ptr<f32>, i32, i32, i64, i64)
# CHECK: scf.if {{.*}} -> (!tile.ptr<f32>, i32, i32, i64, i64)
# CHECK: scf.yield %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !tile.ptr<f32>, i32, i32, i64, i64
@triton.jit
def k(a_ptr, M, N):
    d = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1],
                                  block_shape=[8, 32])
    for i in range(0, N, 32):
        if i % 96 == 0:
            d = tl.make_tensor_descriptor(a_ptr + i, shape=[M, N],
                                          strides=[N, 1], block_shape=[8, 32])
        a = d.load([0, i])
        d.store([0, i], a + 1.0)

# -----
import triton
import triton.language as tl


# Made again on every iteration from loop-carried offsets.
# CHECK-LABEL: func.func @k(
# CHECK: scf.for {{.*}} -> (i32, !tile.ptr<f32>, i32, i32, i64, i64)
@triton.jit
def k(a_ptr, M, N):
    off = 0
    d = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1],
                                  block_shape=[8, 32])
    for i in range(4):
        off += M * N
        d = tl.make_tensor_descriptor(a_ptr + off, shape=[M, N],
                                      strides=[N, 1], block_shape=[8, 32])
    tl.store(a_ptr, tl.sum(tl.sum(d.load([0, 0]), 0), 0))
