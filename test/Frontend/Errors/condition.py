# RUN: tilec %s -k k -s "*i32, i32" --split-input-file --verify-diagnostics
# tl.condition is valid only as the test of a while loop, and its
# disable_licm must be a constexpr.

import triton
import triton.language as tl


@triton.jit
def k(X, n):
    # expected-error @+1 {{'tl.condition' can only be the test of a 'while' loop}}
    if tl.condition(n > 0):
        tl.store(X, n)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, n):
    i = 0
    # expected-error @+1 {{'tl.condition' can only be the test of a 'while' loop}}
    while tl.condition(i < n) and i < 4:
        i += 1


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, n):
    i = 0
    # expected-error @+1 {{'tl.condition' disable_licm must be a constexpr, got}}
    while tl.condition(i < n, disable_licm=n > 2):
        i += 1
