# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# RUN: env TRITON_DEBUG=1 tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# Misuse of tl.device_print, tl.device_assert, `assert` and tl.assume.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.device_print' prefix must be a string, got scalar int32}}
    tl.device_print(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.device_print' got an unexpected keyword argument 'sep'}}
    tl.device_print("n", N, sep=",")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.device_assert' message must be a string, got scalar int32}}
    tl.device_assert(N > 0, N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.device_assert' message must be a string, got constexpr int 3}}
    assert N > 0, 3


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.assume' condition must be a boolean (int1), got scalar int32}}
    tl.assume(N)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'tl.assume' condition must be a scalar, got tensor int1[16]}}
    tl.assume(tl.arange(0, 16) < N)
