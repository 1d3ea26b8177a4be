# RUN: tilec %s -k k -s "*fp32" --split-input-file --verify-diagnostics
# tl.reduce_or takes integers only, and its axis.

import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.reduce_or' needs integers, got fp32}}
    tl.store(X, tl.reduce_or(x, 0))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X + tl.arange(0, 16)).to(tl.int32)
    # expected-error @+1 {{missing}}
    tl.store(X, tl.reduce_or(x).to(tl.float32))
