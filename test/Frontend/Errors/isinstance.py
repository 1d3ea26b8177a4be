# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# isinstance refusals: a class tilec does not know, a tuple against tuple
# classes (tilec keeps one kind of tuple, so it cannot tell a Python tuple
# from a tl.tuple), and the wrong number of arguments.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{isinstance() arg 2 must be a type or a tuple of types, got constexpr int 3}}
    b = isinstance(N, 3)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    t = (N, N)
    # expected-error @+1 {{isinstance of a tuple of 2 elements against tuple, list or tl.tuple is not supported: tilec does not distinguish Python tuples and lists from tl.tuple}}
    b = isinstance(t, tuple)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{isinstance expected 2 arguments, got 1}}
    b = isinstance(N)
