# RUN: tilec %s -k k -s "tensordesc<fp16[64, 64]>, i32" --emit=tile --split-input-file --verify-diagnostics
# Tensor descriptor misuse is refused at its line: Triton's descriptor
# methods tilec does not lower (by name), reductions on element types the
# TMA does not reduce with that operation, offsets that are not one integer
# scalar per dimension, and stores whose tile does not have the block's
# shape (its dtype is converted, as
# Triton does). Signature errors are in tensor_descriptor_sig.py.

import triton
import triton.language as tl


@triton.jit
def k(d, n):
    # expected-error @+1 {{tensor descriptor method 'gather' is not supported by tilec (load, store and the atomics are)}}
    x = d.gather(n, 0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(d, n):
    # expected-error @+1 {{'desc.atomic_and' does not support fp16 elements}}
    d.atomic_and([0, 0], d.load([0, 0]))


# -----
import triton
import triton.language as tl


@triton.jit
def k(d, n):
    # expected-error @+1 {{tensor descriptor of fp16[64, 64] blocks has no method 'prefetch'}}
    d.prefetch([0, 0])


# -----
import triton
import triton.language as tl


@triton.jit
def k(d, n):
    # expected-error @+1 {{a tensor descriptor of rank 2 takes a list of 2 offsets, got a tuple of 1 elements}}
    x = d.load([n])


# -----
import triton
import triton.language as tl


@triton.jit
def k(d, n):
    # expected-error @+1 {{a tensor descriptor offset must be an integer scalar, got tensor int32[64]}}
    x = d.load([tl.arange(0, 64), 0])


# -----
import triton
import triton.language as tl


@triton.jit
def k(d, n):
    # expected-error @+1 {{a tensor descriptor offset must be an integer scalar, got constexpr float 1.5}}
    x = d.load([1.5, 0])


# -----
import triton
import triton.language as tl


@triton.jit
def k(d, n):
    x = tl.zeros((64, 32), dtype=tl.float16)
    # expected-error @+1 {{a tensor descriptor of fp16[64, 64] blocks stores a tensor of that shape, got tensor fp16[64, 32]}}
    d.store([0, 0], x)


# -----
import triton
import triton.language as tl


@triton.jit
def k(d, n):
    # expected-error @+1 {{unsupported operand types for '+': tensor descriptor of fp16[64, 64] blocks and constexpr int 1}}
    e = d + 1
