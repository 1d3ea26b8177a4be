# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Control flow that tilec cannot lower: early returns from loops, values
# returned from a kernel, and helpers whose paths return different things.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    for i in range(N):
        # expected-error @+1 {{'return' inside a loop is not supported}}
        return


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    while N > 0:
        # expected-error @+1 {{'return' inside a loop is not supported}}
        return


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    for i in tl.static_range(4):
        # expected-error @+1 {{'return' inside a loop is not supported}}
        return


# -----
import triton
import triton.language as tl


@triton.jit
def h(a):
    for i in range(a):
        # expected-error @+1 {{'return' inside a loop is not supported}}
        return i
    return 0


@triton.jit
def k(X, N):
    x = h(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{a kernel cannot return a value}}
    return N


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{a kernel cannot return a value}}
    return 1


# -----
import triton
import triton.language as tl


@triton.jit
def h(a):
    if a > 0:
        # expected-error @+1 {{the returned value is a tuple of 2 elements on one path and scalar int32 on the other}}
        return a, a
    return a


@triton.jit
def k(X, N):
    x = h(N)


# -----
import triton
import triton.language as tl


@triton.jit
def h(a):
    if a > 0:
        # expected-error @+1 {{the returned value is constexpr float 1.5 on one path and scalar int32 on the other; the types must agree}}
        return a
    else:
        return 1.5


@triton.jit
def k(X, N):
    x = h(N)


# -----
import triton
import triton.language as tl


@triton.jit
def h(a):
    if a > 0:
        # expected-error @+1 {{'h' returns a value on one path and None on another}}
        return a


@triton.jit
def k(X, N):
    x = h(N)
