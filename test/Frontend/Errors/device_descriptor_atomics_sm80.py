# RUN: tilec %s -k k -s "*fp16, *bf16, i32" --arch=sm_80 --emit=tile --split-input-file --verify-diagnostics
# fp16 and bf16 min and max through a descriptor are sm_90's TMA reductions
# in Triton 3.6; its element-wise fallback for older targets refuses them,
# and so does tilec.

import triton
import triton.language as tl


@triton.jit
def k(H, B, N):
    d = tl.make_tensor_descriptor(H, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{'desc.atomic_max' on fp16 elements needs compute capability 9.0 or newer (a TMA reduction); the target has 8.0}}
    d.atomic_max([0, 0], tl.zeros([16, 16], tl.float16))


# -----
import triton
import triton.language as tl


@triton.jit
def k(H, B, N):
    d = tl.make_tensor_descriptor(B, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{'desc.atomic_min' on bf16 elements needs compute capability 9.0 or newer (a TMA reduction); the target has 8.0}}
    d.atomic_min([0, 0], tl.zeros([16, 16], tl.bfloat16))
