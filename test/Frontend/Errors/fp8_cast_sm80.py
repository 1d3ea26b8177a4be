# RUN: tilec %s -k k -s "*fp8e4nv, *fp32, *fp16, *fp16" --arch=sm_80 --emit=llvm --split-input-file --verify-diagnostics
# fp8e4nv converts only from sm_89 on: Triton 3.6 aborts below, tilec refuses
# at the conversion, naming the target.

import triton
import triton.language as tl


@triton.jit
def k(B, F, X, Y):
    offs = tl.arange(0, 128)
    b = tl.load(B + offs)
    # expected-error @+1 {{fp8 conversion from fp8e4nv (tl.float8e4nv) needs compute capability 8.9 or higher (cvt with .e4m3x2), as in Triton 3.6; the target is sm_80}}
    tl.store(F + offs, b.to(tl.float32))


# -----
import triton
import triton.language as tl


@triton.jit
def k(B, F, X, Y):
    offs = tl.arange(0, 128)
    f = tl.load(F + offs)
    # expected-error @+1 {{fp8 conversion to fp8e4nv (tl.float8e4nv) needs compute capability 8.9 or higher (cvt with .e4m3x2), as in Triton 3.6; the target is sm_80}}
    tl.store(B + offs, f.to(tl.float8e4nv))
