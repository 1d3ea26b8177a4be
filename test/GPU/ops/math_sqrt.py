# tl.sqrt and tl.rsqrt (libdevice) on fp32 and fp64, tl.sqrt_rn (sqrt.rn.f32) on fp32.
#
# Kernels for the GPU differential harness (bench/opsuite/README.md): each
# runs unchanged under Triton 3.6, and SPECS says how the harness runs it.
# test/Target/math_sqrt.py compiles every one of them for sm_80 and sm_90a, checks
# the key instructions of the PTX and assembles it with ptxas.

import triton
import triton.language as tl


@triton.jit
def k_sqrt_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.sqrt(x), mask=mask)


@triton.jit
def k_sqrt_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.sqrt(x), mask=mask)


@triton.jit
def k_rsqrt_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.rsqrt(x), mask=mask)


@triton.jit
def k_rsqrt_fp64(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.rsqrt(x), mask=mask)


@triton.jit
def k_sqrt_rn_fp32(X, Y, N, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    x = tl.load(X + offs, mask=mask)
    tl.store(Y + offs, tl.sqrt_rn(x), mask=mask)


SPECS = {
    "k_sqrt_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_sqrt_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_rsqrt_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_rsqrt_fp64": dict(
        args=dict(
            X=dict(dtype="fp64", shape=1000),
            Y=dict(dtype="fp64", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
    "k_sqrt_rn_fp32": dict(
        args=dict(
            X=dict(dtype="fp32", shape=1000),
            Y=dict(dtype="fp32", shape=1000, role="out", compare="exact"),
            N=1000,
            BLOCK=1024,
        ),
    ),
}
