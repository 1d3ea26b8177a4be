# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# `f(*t)` spreads a tuple, and only in call arguments: what else is starred
# is refused by name.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    offs = tl.arange(0, 16)
    x = tl.load(X + offs)
    # expected-error @+1 {{argument unpacking with '*' needs a tuple, got}}
    tl.store(X + offs, tl.maximum(*x))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{argument unpacking with '*' needs a tuple, got}}
    tl.store(X, tl.abs(*N))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    t = (X, tl.int32)
    # isinstance reads its class operand unevaluated.
    # expected-error @+1 {{argument unpacking with '*' is not supported in isinstance()}}
    tl.static_assert(isinstance(*t))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    t = (tl.float16,)
    # A dtype's methods read their arguments one by one.
    # expected-error @+1 {{argument unpacking with '*' is not supported in this call}}
    d = tl.float32.with_element_ty(*t)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{keyword argument unpacking with '**' is not supported in tilec kernels}}
    x = tl.zeros(**{"shape": (16,)})
