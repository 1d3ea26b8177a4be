# RUN: tilec %s -k k -s "*i32, i32" --split-input-file --verify-diagnostics
# Slicing a tuple takes constexpr bounds and a nonzero step, as Python does.

import triton
import triton.language as tl


@triton.jit
def k(X, n):
    t: tl.constexpr = (2, 4, 8)
    # expected-error @+1 {{ValueError: slice step cannot be zero}}
    u = t[::0]


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, n):
    t: tl.constexpr = (2, 4, 8)
    # expected-error @+1 {{a tuple slice bound must be}}
    u = t[:n]
