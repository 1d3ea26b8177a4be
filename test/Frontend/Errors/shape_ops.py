# RUN: tilec %s -k k -s "*i32" --split-input-file --verify-diagnostics
# Errors of tl.cat, tl.join, tl.split, tl.flip, tl.cumprod and scans.

import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 16)
    # expected-error @+1 {{'tl.cat' supports only can_reorder=True (the current implementation of cat always may reorder elements)}}
    c = tl.cat(tl.load(X + r), tl.load(X + r))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    r = tl.arange(0, 16)
    x = tl.load(X + r[:, None] + r[None, :])
    # expected-error @+1 {{'tl.cat' expects 1-D tensors, got tensor int32[16, 16]}}
    c = tl.cat(x, x, can_reorder=True)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    a = tl.load(X + tl.arange(0, 16))
    b = tl.load(X + tl.arange(0, 32))
    # expected-error @+1 {{'tl.cat' operands must have one type, got int32[16] and int32[32]}}
    c = tl.cat(a, b, can_reorder=True)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    a = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.join' operands must have one dtype, got int32 and fp32}}
    c = tl.join(a, a.to(tl.float32))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    a = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.split' expects a tensor whose last dimension is 2, got tensor int32[16]}}
    p, q = tl.split(a)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    a = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{axis 1 is out of range for a tensor of rank 1}}
    b = tl.flip(a, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    a = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.cumprod' got an unexpected keyword argument 'dtype'}}
    b = tl.cumprod(a, 0, dtype=tl.int64)


# -----
import triton
import triton.language as tl


@triton.jit
def add3(a, b, c):
    return a + b + c


@triton.jit
def k(X):
    a = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{combine_fn 'add3' must take 2 arguments, it takes 3}}
    b = tl.associative_scan(a, 0, add3)
