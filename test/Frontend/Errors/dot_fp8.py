# RUN: tilec %s -k k -s "*fp8e5, *fp8e4nv, *fp32" --split-input-file --verify-diagnostics
# fp8 dots: max_num_imprecise_acc may not exceed K (Triton's ValueError).

import triton
import triton.language as tl


@triton.jit
def k(A, B, C):
    r = tl.arange(0, 32)
    a = tl.load(A + r[:, None] * 32 + r[None, :])
    b = tl.load(B + r[:, None] * 32 + r[None, :])
    # expected-error @+1 {{'tl.dot' max_num_imprecise_acc (64) must be <= K (32)}}
    c = tl.dot(a, b, max_num_imprecise_acc=64)
    tl.store(C + r[:, None] * 32 + r[None, :], c)
