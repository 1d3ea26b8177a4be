# RUN: tilec %s -k k -s "*fp32" --split-input-file --verify-diagnostics
# tl.squeeze needs a dimension of size 1 (tilec's prelude reports it at the
# call).

import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X + tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :])
    # expected-error @+1 {{squeeze: the dimension must have size 1}}
    y = tl.squeeze(x, 1)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X + tl.arange(0, 8))
    # expected-error @+1 {{only minor dimension is currently supported}}
    y = tl.bitonic_merge(x[:, None] + tl.zeros((8, 2), tl.float32), dim=0)
