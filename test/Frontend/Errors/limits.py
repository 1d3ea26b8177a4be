# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# The limits of include/tilec/Limits.h that a kernel's text can reach: the
# rank and the number of elements of every tile, however it is made, the
# pipelining depth of tl.range, and the nesting of inlined helpers. Each is a
# located error in the frontend, before any pass could fail on it (a rank-9
# tile used to crash the back end; the layouts name 32 dimensions). The generated cases (deep chains of
# helpers, huge literals) are in limits_generated.py.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{tile of shape [2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] has rank 33; tilec supports tiles of rank at most 32}}
    x = tl.arange(0, 2)[:, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None]
    tl.store(X + x, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # A rank of 32 is fine.
    x = tl.arange(0, 2)[:, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None]
    tl.store(X + x, 1.0)
    y = tl.arange(0, 2)[:, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None]
    # expected-error @+1 {{tile of shape [1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1] has rank 33; tilec supports tiles of rank at most 32}}
    z = tl.expand_dims(y, 0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    a = tl.arange(0, 2048)
    b = tl.arange(0, 1024)
    # Broadcasting makes 2^21 elements, past Triton's 2^20.
    # expected-error @+1 {{tile of shape [2048, 1024] has more than 1048576 elements}}
    c = a[:, None] + b[None, :]
    tl.store(X + c, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.zeros' shape [1024, 1024, 4] has more than 1048576 elements}}
    x = tl.zeros((1024, 1024, 4), tl.float32)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'num_stages' must be from 0 to 16, got 17}}
    for i in tl.range(0, N, num_stages=17):
        tl.store(X + i, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'num_stages' must be from 0 to 16, got -1}}
    for i in tl.range(0, N, num_stages=-1):
        tl.store(X + i, 1.0)


# -----
import triton
import triton.language as tl


@triton.jit
def a(x):
    # expected-error @+1 {{recursive call to 'b' is not supported: helpers are inlined}}
    return b(x)


@triton.jit
def b(x):
    return a(x)


@triton.jit
def k(X, N):
    # Mutual recursion is refused at the call that closes the cycle.
    tl.store(X, b(N))
