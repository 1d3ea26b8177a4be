# RUN: tilec %s -k k -s "*fp32, *i64, *fp16, *i8, i32, tensordesc<i32[16, 16]>" --emit=tile --split-input-file --verify-diagnostics
# The descriptor reductions take the element types Triton 3.6 takes on sm_90,
# a value of the descriptor's type and block shape (fp16 and bf16 min and
# max before sm_90: device_descriptor_atomics_sm80.py).

import triton
import triton.language as tl


@triton.jit
def k(F, L, H, B, N, D):
    d = tl.make_tensor_descriptor(F, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{'desc.atomic_min' does not support fp32 elements}}
    d.atomic_min([0, 0], tl.zeros([16, 16], tl.float32))


# -----
import triton
import triton.language as tl


@triton.jit
def k(F, L, H, B, N, D):
    d = tl.make_tensor_descriptor(L, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{'desc.atomic_add' does not support int64 elements}}
    d.atomic_add([0, 0], tl.zeros([16, 16], tl.int64))


# -----
import triton
import triton.language as tl


@triton.jit
def k(F, L, H, B, N, D):
    d = tl.make_tensor_descriptor(B, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{'desc.atomic_or' does not support int8 elements}}
    d.atomic_or([0, 0], tl.zeros([16, 16], tl.int8))


# -----
import triton
import triton.language as tl


@triton.jit
def k(F, L, H, B, N, D):
    d = tl.make_tensor_descriptor(F, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{'desc.atomic_add' takes a tensor of the descriptor's fp32 elements, got tensor fp16[16, 16]}}
    d.atomic_add([0, 0], tl.zeros([16, 16], tl.float16))


# -----
import triton
import triton.language as tl


@triton.jit
def k(F, L, H, B, N, D):
    d = tl.make_tensor_descriptor(F, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{a tensor descriptor of fp32[16, 16] blocks reduces a tensor of that shape, got tensor fp32[16, 32]}}
    d.atomic_add([0, 0], tl.zeros([16, 32], tl.float32))


# -----
import triton
import triton.language as tl


@triton.jit
def k(F, L, H, B, N, D):
    d = tl.make_tensor_descriptor(F, [N, N], [N, 1], [16, 16])
    # expected-error @+1 {{tensor descriptor method 'gather' is not supported by tilec (load, store and the atomics are)}}
    d.gather(tl.arange(0, 16), 0)
