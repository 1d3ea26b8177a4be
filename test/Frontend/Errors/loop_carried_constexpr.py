# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# A constexpr that a loop cannot carry (None, a string) must keep its value
# through the body: the body may not make it another value, in a `for` or a
# `while` loop.

import triton
import triton.language as tl


@triton.jit
def k(X, n):
    Y = None
    # expected-error @+1 {{variable 'Y' is reassigned in the loop but holds None, which cannot change at run time}}
    for i in range(0, n):
        Y = X + i


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, n):
    mode = "a"
    i = 0
    # expected-error @+1 {{variable 'mode' is reassigned in the loop but holds string 'a', which cannot change at run time}}
    while i < n:
        mode = "b"
        i += 1
