# RUN: tilec %s -k k -s "*i32" --split-input-file --verify-diagnostics
# Errors of tl.sort and tl.topk (tilec's prelude): reported at the kernel's
# call, with Triton's messages.

import triton
import triton.language as tl


@triton.jit
def k(X):
    offs = tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :]
    x = tl.load(X + offs)
    # expected-error @+1 {{only minor dimension is currently supported}}
    tl.store(X + offs, tl.sort(x, dim=0))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    offs = tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :]
    x = tl.load(X + offs)
    # Triton's sort compares dim with the last index: -1 is refused too.
    # expected-error @+1 {{only minor dimension is currently supported}}
    tl.store(X + offs, tl.sort(x, dim=-1))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X + tl.arange(0, 8))
    # expected-error @+1 {{topk: k must not exceed the size of the dimension}}
    tl.store(X + tl.arange(0, 16), tl.topk(x, 16))


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X + tl.arange(0, 8))
    # expected-error @+1 {{'topk' is missing the argument 'k'}}
    tl.store(X + tl.arange(0, 8), tl.topk(x))
