# RUN: tilec %s -k k -s "*fp8e5, *u8, *fp8e5, *u8" --verify-diagnostics
# tl.dot_scaled: no block-scaled MMA instruction before sm_100; Triton 3.6
# emulates it on sm_80 and sm_90, tilec does not yet and says so at the call.

import triton
import triton.language as tl


@triton.jit
def k(A, AS, B, BS):
    r = tl.arange(0, 32)
    a = tl.load(A + r[:, None] * 32 + r[None, :])
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    sa = tl.load(AS + r)
    sb = tl.load(BS + r)
    # expected-error @+1 {{'tl.dot_scaled' is not supported by tilec: sm_80 and sm_90 have no block-scaled MMA instruction, and Triton 3.6 emulates it there (operands converted to bf16 or fp16 and scaled, then a plain dot), which tilec does not do yet}}
    c = tl.dot_scaled(a, sa[:, None], "e5m2", b, sb[None, :], "e5m2")
