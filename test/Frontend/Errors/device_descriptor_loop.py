# RUN: tilec %s -k k -s "*fp32, i32, i32" --split-input-file --verify-diagnostics
# A descriptor made in the kernel is carried through loops and branches as
# its fields; its block (and padding) cannot change on the way.

import triton
import triton.language as tl


@triton.jit
def k(a_ptr, M, N):
    d = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1],
                                  block_shape=[8, 32])
    # expected-error @+1 {{loop-carried variable 'd' enters the loop as}}
    for i in range(4):
        d = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1],
                                      block_shape=[16, 32])


# -----
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, M, N):
    d = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1],
                                  block_shape=[8, 32])
    if M > 4:
        d = tl.make_tensor_descriptor(a_ptr, shape=[M, N], strides=[N, 1],
                                      block_shape=[8, 32],
                                      padding_option="nan")
    # expected-error @-4 {{the block and padding must agree}}
    tl.store(a_ptr, M)
