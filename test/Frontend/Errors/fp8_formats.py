# RUN: tilec %s -k k -s "*fp16" --split-input-file --verify-diagnostics
# The fp8 formats tilec has are fp8e4nv and fp8e5. Triton 3.6 also has
# fp8e4b15 on NVIDIA (converted in software), which tilec does not yet; the
# AMD formats Triton refuses on NVIDIA targets too.

import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X)
    # expected-error @+1 {{'tl.float8e4b15' is not supported by tilec yet (Triton 3.6 converts it in software on sm_80 and sm_90); use tl.float8e4nv or tl.float8e5}}
    y = x.to(tl.float8e4b15)


# -----
import triton
import triton.language as tl


@triton.jit
def k(X):
    x = tl.load(X)
    # expected-error @+1 {{'tl.float8e5b16' is an AMD format, not supported on NVIDIA targets (as in Triton 3.6)}}
    y = x.to(tl.float8e5b16)
