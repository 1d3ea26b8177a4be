# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# getattr() in a kernel: the name must be a constexpr str, and the attribute
# one that `object.name` reaches.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{getattr(): attribute name must be a constexpr str, got}}
    f = getattr(tl, N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.frobnicate' is not defined in triton.language}}
    f = getattr(tl, "frobnicate")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{getattr() of the tensor method 'sum' is not supported; call it as x.sum(...)}}
    s = getattr(x, "sum")(0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{getattr expected 2 or 3 arguments, got 1}}
    f = getattr(tl)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{has no attribute 'nope'}}
    f = getattr(x, "nope")
