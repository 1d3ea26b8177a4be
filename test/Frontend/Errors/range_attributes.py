# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# tl.range and tl.static_range take Triton's parameters and no others.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{unexpected keyword argument 'unroll' of 'tl.range'}}
    for i in tl.range(N, unroll=2):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{unexpected keyword argument 'num_stages' of 'tl.static_range'}}
    for i in tl.static_range(4, num_stages=2):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'flatten' must be a constexpr, got scalar int32}}
    for i in tl.range(4, flatten=N):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'loop_unroll_factor' must be a constexpr integer}}
    for i in tl.range(4, loop_unroll_factor=N):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.range' got multiple values for argument 'arg2'}}
    for i in tl.range(0, 4, arg2=8):
        pass


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.static_range' takes at most 3 arguments, got 4}}
    for i in tl.static_range(0, 4, 1, 2):
        pass
