# RUN: tilec %s -k k -s "*u8, *u8" --arch=sm_80 --verify-diagnostics
# tl.dot_scaled upcasts e4m3 with cvt .e4m3x2 (sm_89 on), as Triton 3.6
# does; below, the call is refused by name.

import triton
import triton.language as tl


@triton.jit
def k(A, B):
    r = tl.arange(0, 32)
    a = tl.load(A + r[:, None] * 32 + r[None, :])
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    # expected-error @+1 {{'tl.dot_scaled' with an e4m3 operand needs compute capability 8.9 or higher (its upcast converts e4m3 with cvt .e4m3x2, as in Triton 3.6); the target is sm_80}}
    c = tl.dot_scaled(a, None, "e5m2", b, None, rhs_format="e4m3")
