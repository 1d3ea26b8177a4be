# RUN: tilec %s -k rounding -s "*fp32, *i32, 'rtz', 64" --emit=tile | FileCheck %s --check-prefix=RTZ
# RUN: tilec %s -k rounding -s "*fp32, *i32, 'rtne', 64" --emit=tile | FileCheck %s --check-prefix=RTNE
# RUN: tilec %s -k helper_raise -s "*fp32, 2, 64" --emit=tile | FileCheck %s --check-prefix=HELP
#
# A `raise` in a branch that a constexpr condition removes generates no
# code, so the kernel compiles, as in Triton (which only rejects what it
# generates code for). A reached raise is an error: Errors/raise.py.

import triton
import triton.language as tl


# RTZ-LABEL: func.func @rounding
# RTZ: arith.fptosi
# RTZ-NOT: arith.addf
# RTNE-LABEL: func.func @rounding
# RTNE: arith.addf
# RTNE: arith.fptosi
@triton.jit
def rounding(x_ptr, out_ptr, MODE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    if MODE == 'rtne':
        x += 0.5
        y = x.to(tl.int32)
    elif MODE == 'rtz':
        y = x.to(tl.int32)
    else:
        raise ValueError('unrecognized rounding mode')
    tl.store(out_ptr + offs, y)


@triton.jit
def scale(N: tl.constexpr):
    if N == 2:
        return 2.0
    raise NotImplementedError(N)


# HELP-LABEL: func.func @helper_raise
# HELP: arith.mulf
@triton.jit
def helper_raise(x_ptr, N: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) * scale(N))
