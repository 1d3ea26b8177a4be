# RUN: tilec %s -k k -s "*fp8e4nv, *fp8e5, *fp32" --arch=sm_80 --emit=tilegpu --verify-diagnostics
# fp8e4nv dot operands below sm_89: Triton 3.6 converts fp8 operands to fp16
# for mma.sync there and cannot convert fp8e4nv, so it cannot compile the
# dot; tilec refuses it at the call, naming the target.

import triton
import triton.language as tl


@triton.jit
def k(A, B, C):
    r = tl.arange(0, 32)
    a = tl.load(A + r[:, None] * 32 + r[None, :])
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    # expected-error @+1 {{'tl.dot' with fp8e4nv operands needs compute capability 8.9 or higher: below it, Triton 3.6 converts fp8 operands to fp16 for mma.sync, and fp8e4nv converts only from sm_89 on; the target is sm_80}}
    c = tl.dot(a, b)
    tl.store(C + r[:, None] * 32 + r[None, :], c)
