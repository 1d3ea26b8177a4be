# RUN: tilec %s -k k -s "*fp32, i32" --emit=tile --split-input-file --verify-diagnostics
# tl.multiple_of / max_contiguous / max_constancy are refused where Triton
# 3.6 refuses them, at the call: one constexpr value per dimension (a scalar
# takes one for multiple_of only), positive values.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    offs = tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :]
    # expected-error @+1 {{'tl.max_constancy' needs one value per dimension (2), got 1}}
    offs = tl.max_constancy(offs, 16)
    tl.store(X + offs, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.max_constancy' needs one value per dimension (0), got 1}}
    n = tl.max_constancy(N, 4)
    tl.store(X + n, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    offs = tl.arange(0, 16)
    # expected-error @+1 {{'tl.max_constancy' values must be a constexpr integer, got scalar int32}}
    offs = tl.max_constancy(offs, [N])
    tl.store(X + offs, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    offs = tl.arange(0, 16)
    # expected-error @+1 {{'tl.max_constancy' values must be positive, got 0}}
    offs = tl.max_constancy(offs, [0])
    tl.store(X + offs, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.max_contiguous' needs one value per dimension (0), got 1}}
    n = tl.max_contiguous(N, 4)
    tl.store(X + n, 1.0)
