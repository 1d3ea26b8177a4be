# RUN: tilec %s -k k -s "*fp32, i32" --split-input-file --verify-diagnostics
# x.cast checks its arguments as tl.cast does.

import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{invalid rounding mode 'rz'; supported rounding modes are 'rtne' and 'rtz'}}
    y = x.cast(tl.float16, fp_downcast_rounding="rz")


# -----
import triton
import triton.language as tl


@triton.jit
def k(X, N):
    x = tl.load(X + tl.arange(0, 16))
    # expected-error @+1 {{'tl.cast' dtype must be a dtype such as tl.float32, got constexpr int 3}}
    y = x.cast(3)
