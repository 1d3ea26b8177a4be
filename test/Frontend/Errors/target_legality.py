# RUN: tilec %s -k k -s "*fp8e5, *i8, *fp16" --emit=tile --split-input-file --verify-diagnostics
# Kernels the frontend accepts but tilec's back end has no lowering for are
# refused at the op's line, by name, by tile-check-target-legality before
# any pass runs (not in the tilegpu pipeline or the conversion to LLVM).

import triton
import triton.language as tl


@triton.jit
def k(A, B, C):
    a = tl.zeros((32, 16), tl.int8)
    b = tl.zeros((16, 32), tl.int8)
    # expected-error @+1 {{'tl.dot' of int8 operands into int32 needs M a multiple of 16, N of 8 and K of 32, got M=32 N=32 K=16}}
    d = tl.dot(a, b)
    offs = tl.arange(0, 32)
    tl.store(C + offs[:, None] * 32 + offs[None, :], d.to(tl.float16))

