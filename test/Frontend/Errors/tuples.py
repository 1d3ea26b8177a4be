# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Tuple refusals, as in Triton 3.6: a 'for' loop iterates over range,
# tl.range or tl.static_range only (Triton's "Only `range` and
# `static_range` iterators are currently supported"), indices are
# constexprs in range, and unpacking needs the right number of names.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    t = (1, 2, 3)
    # expected-error @+1 {{'for' loops must iterate over range(), tl.range() or tl.static_range()}}
    for x in t:
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    t = (1, 2, 3)
    # expected-error @+1 {{tuple index 3 out of range for a tuple of 3 elements}}
    y = t[3]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    t = (1, 2, 3)
    # expected-error @+1 {{a tuple index must be a constexpr integer, got scalar int32}}
    y = t[N]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{cannot unpack a tuple of 3 elements into 2 names}}
    a, b = (1, 2, 3)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{comparing tuples with runtime elements is not supported; compare the elements}}
    b = (N, 1) == (N, 1)
