# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# tl.add / tl.sub / tl.mul: sanitize_overflow must be a constexpr, and the
# operators' own checks apply.

import triton
import triton.language as tl


@triton.jit
def k(X, n):
    x = tl.load(X)
    # expected-error @+1 {{'tl.add' sanitize_overflow must be a constexpr, got}}
    tl.store(X, tl.add(x, x, sanitize_overflow=n > 0))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, n):
    # expected-error @+1 {{operator '*' is not supported between two pointers}}
    p = tl.mul(X, X)
