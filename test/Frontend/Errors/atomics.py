# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Atomics Triton 3.6 refuses: 8- and 16-bit integers, fp16/bf16 other than
# atomic_add, float bitwise atomics, atomic_cas on 8-bit elements, and
# unknown sem and scope names.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    p = X.to(tl.pointer_type(tl.int8))
    # expected-error @+1 {{'tl.atomic_add' does not support int8}}
    tl.atomic_add(p, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    p = X.to(tl.pointer_type(tl.int16))
    # expected-error @+1 {{'tl.atomic_max' does not support int16}}
    tl.atomic_max(p + tl.arange(0, 16), 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    p = X.to(tl.pointer_type(tl.float16))
    # expected-error @+1 {{'tl.atomic_max' does not support fp16}}
    tl.atomic_max(p, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    p = X.to(tl.pointer_type(tl.bfloat16))
    # expected-error @+1 {{'tl.atomic_xchg' does not support bf16}}
    tl.atomic_xchg(p, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.atomic_or' needs integer values, got fp32}}
    tl.atomic_or(X, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    p = X.to(tl.pointer_type(tl.uint8))
    # expected-error @+1 {{'tl.atomic_cas' supports elements of 16, 32 or 64 bits, got uint8}}
    tl.atomic_cas(p, 0, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'sem' must be 'acquire', 'release', 'acq_rel' or 'relaxed', got 'seq_cst'}}
    tl.atomic_add(X, 1.0, sem="seq_cst")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'scope' must be 'gpu', 'cta' or 'sys', got 'device'}}
    tl.atomic_add(X, 1.0, scope="device")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.atomic_add' expects a pointer or a tensor of pointers, got scalar int32}}
    tl.atomic_add(N, 1)
