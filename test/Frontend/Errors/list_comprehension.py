# RUN: tilec %s -k k -s "*fp32, i32" --emit=tile --split-input-file --verify-diagnostics
# List comprehensions in kernels are Triton 3.6's: one `for` over a tuple.
# Triton ignores `if` clauses; tilec refuses them.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{only tuple comprehensions are supported, got}}
    x = [i for i in N]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{nested comprehensions are not supported}}
    x = [i + j for i in (1, 2) for j in (3, 4)]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{'if' in a comprehension is not supported in kernels}}
    x = [i for i in (1, 2) if i > 1]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    # expected-error @+1 {{a comprehension in a kernel binds one name}}
    x = [a for a, b in ((1, 2), (3, 4))]
