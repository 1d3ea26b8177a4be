# tl.erf on fp32 and fp64: libdevice (__nv_erff, __nv_erf).
#
# Kernels for the GPU differential harness (bench/opsuite/README.md): each
# runs unchanged under Triton 3.6, and SPECS says how the harness runs it.
# test/Target/math_erf.py compiles every one of them for sm_80 and sm_90a, checks
# the key instructions of the PTX and assembles it with ptxas.

import triton
import triton.language as tl


@triton.jit
def k_erf_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.erf(x), mask=mask)


@triton.jit
def k_erf_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.erf(x), mask=mask)


SPECS = {
    "k_erf_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_erf_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
}
