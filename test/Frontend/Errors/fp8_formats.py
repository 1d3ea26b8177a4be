# RUN: tilec %s -k k -s "*fp16" --split-input-file --verify-diagnostics
# The fp8 formats tilec has are fp8e4nv, fp8e5 and fp8e4b15; the AMD formats
# Triton refuses on NVIDIA targets too.

import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X)
    # expected-error @+1 {{'tl.float8e4b8' is an AMD format, not supported on NVIDIA targets (as in Triton 3.6)}}
    y = x.to(tl.float8e4b8)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X)
    # expected-error @+1 {{'tl.float8e5b16' is an AMD format, not supported on NVIDIA targets (as in Triton 3.6)}}
    y = x.to(tl.float8e5b16)
